package version

import (
	"runtime/debug"
	"testing"
)

func TestFormat(t *testing.T) {
	for _, tc := range []struct {
		name string
		info debug.BuildInfo
		want string
	}{
		{"a tagged build", debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.3"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "false"}}},
			"v1.2.3 (rev 0123456789ab, go1.26.0)"},
		{"a modified work tree", debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "true"}}},
			"(devel) (rev abc, modified, go1.26.0)"},
		{"nothing recorded", debug.BuildInfo{}, "(devel)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := format(&tc.info); got != tc.want {
				t.Errorf("format = %q, want %q", got, tc.want)
			}
		})
	}
}
