// Package version says which build is running, from the build information
// the Go toolchain embeds: the module version and the VCS revision.
package version

import (
	"runtime/debug"
	"strings"
)

// String is "v1.2.3 (rev 0123456789ab, modified, go1.26.0)", as much of it
// as the build recorded: "(devel)" for a build of a work tree without a
// tag, no revision under "go run" or in tests.
func String() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	return format(info)
}

// format is String's text for info.
func format(info *debug.BuildInfo) string {
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var parts []string
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" {
		parts = append(parts, "rev "+rev[:min(len(rev), 12)])
	}
	if settings["vcs.modified"] == "true" {
		parts = append(parts, "modified")
	}
	if info.GoVersion != "" {
		parts = append(parts, info.GoVersion)
	}
	if len(parts) == 0 {
		return v
	}
	return v + " (" + strings.Join(parts, ", ") + ")"
}
