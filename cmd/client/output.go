package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/protocol"
)

// printJSON writes v as indented JSON.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// table writes rows aligned in columns; the first row is the header.
func table(w io.Writer, rows [][]string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	return tw.Flush()
}

func timeControlText(t protocol.TimeControl) string {
	return client.TimeControl{
		Main:      time.Duration(t.MainMS) * time.Millisecond,
		Increment: time.Duration(t.IncrementMS) * time.Millisecond,
		ByoYomi:   time.Duration(t.ByoYomiMS) * time.Millisecond,
	}.String()
}

// settingsText is "renju 15x15 10+5 rated", or "freestyle 19x19 none" for
// a casual game.
func settingsText(rule string, size int, t protocol.TimeControl, rated bool) string {
	s := fmt.Sprintf("%s %dx%d %s", rule, size, size, timeControlText(t))
	if rated {
		return s + " rated"
	}
	return s
}

// resultText is "black wins by five", "draw by agreement", "running".
func resultText(r *protocol.Result) string {
	switch {
	case r == nil:
		return "running"
	case r.Reason == "aborted":
		return "aborted"
	case r.Winner == "":
		return "draw " + reasonPhrase(r.Reason)
	}
	return r.Winner + " wins " + reasonPhrase(r.Reason)
}

// reasonPhrase says how a game ended, after "wins" or "draw", in the words
// of the game screen: "by resignation", "on time".
func reasonPhrase(reason string) string {
	switch reason {
	case "resign":
		return "by resignation"
	case "timeout":
		return "on time"
	case "abandon":
		return "by abandonment"
	case "full-board":
		return "on a full board"
	}
	return "by " + reason // five, agreement
}

// count is "1 win", "2 wins", "0 losses".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "s") {
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func playerText(p protocol.Player) string {
	if p.Rating > 0 {
		return fmt.Sprintf("%s (%d)", p.Name, p.Rating)
	}
	return p.Name
}

func dateText(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Local().Format("2006-01-02 15:04")
}
