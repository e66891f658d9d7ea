package server

import (
	"math/rand/v2"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
	"github.com/gomokud/gomoku/protocol"
)

// Bounds of a time control: every part at most a day; a main time of at
// least 10 s and a byo-yomi period of at least 1 s (shorter ones only end
// games on time before a move can cross the network).
const (
	maxClockMS  = int64(24 * time.Hour / time.Millisecond)
	minMainMS   = 10_000
	minPeriodMS = 1_000
)

// settings are validated game settings.
type settings struct {
	rule  engine.Rule
	size  int
	tc    gomoku.TimeControl
	color string // the challenger's: black, white or random
	rated bool
	open  opening.Kind
}

// renjuSize is the only board of renju (RIF rules, article 1).
const renjuSize = 15

// parseSettings validates wire settings (bad_request).
func parseSettings(s protocol.Settings) (settings, error) {
	var out settings
	rule, err := engine.ParseRule(s.Rule)
	if err != nil || rule.String() != s.Rule { // the wire takes the names exactly, not engine's aliases
		return out, errf(protocol.CodeBadRequest, "rule %q: want freestyle, standard, renju or caro", s.Rule)
	}
	size := s.Size
	if size == 0 {
		size = engine.DefaultSize
	}
	if err := engine.CheckSize(size); err != nil {
		return out, errf(protocol.CodeBadRequest, "board size %d: want %d to %d", s.Size, engine.MinSize, engine.MaxSize)
	}
	if rule == engine.Renju && size != renjuSize {
		return out, errf(protocol.CodeBadRequest, "renju is played on 15x15 only, not %dx%d", size, size)
	}
	t := s.Time
	switch {
	case t.MainMS < 0 || t.IncrementMS < 0 || t.ByoYomiMS < 0:
		return out, errf(protocol.CodeBadRequest, "negative time control")
	case t.MainMS > maxClockMS || t.IncrementMS > maxClockMS || t.ByoYomiMS > maxClockMS:
		return out, errf(protocol.CodeBadRequest, "time control longer than a day")
	case t.IncrementMS > 0 && t.ByoYomiMS > 0:
		return out, errf(protocol.CodeBadRequest, "increment and byo-yomi are exclusive")
	case t.MainMS == 0 && t.IncrementMS > 0:
		return out, errf(protocol.CodeBadRequest, "an increment needs main time")
	case t.MainMS > 0 && t.MainMS < minMainMS:
		return out, errf(protocol.CodeBadRequest, "main time under %d s", minMainMS/1000)
	case t.ByoYomiMS > 0 && t.ByoYomiMS < minPeriodMS:
		return out, errf(protocol.CodeBadRequest, "byo-yomi period under %d s", minPeriodMS/1000)
	}
	color := s.Color
	switch color {
	case "":
		color = protocol.ColorRandom
	case protocol.ColorBlack, protocol.ColorWhite, protocol.ColorRandom:
	default:
		return out, errf(protocol.CodeBadRequest, "color %q: want black, white or random", s.Color)
	}
	open, err := parseOpening(s.Opening, rule, size)
	if err != nil {
		return out, err
	}
	return settings{rule: rule, size: size, tc: gomoku.TimeControl{MainMS: t.MainMS, IncrementMS: t.IncrementMS,
		ByoYomiMS: t.ByoYomiMS}, color: color, rated: s.Rated, open: open}, nil
}

// parseOpening validates the opening rule of the settings (bad_request):
// "" is the rule's default, swap2 (Soosõrv-8 for renju); "none" goes with
// every rule.
func parseOpening(name string, rule engine.Rule, size int) (opening.Kind, error) {
	if name == "" {
		if rule == engine.Renju {
			return opening.Soosorv8, nil
		}
		return opening.Swap2, nil
	}
	k, err := opening.ParseKind(name)
	if err != nil || k.String() != name { // the wire takes the names exactly
		return k, errf(protocol.CodeBadRequest, "opening %q: want none, swap2, soosorv-8 or taraguchi-10", name)
	}
	if err := k.Supports(rule, size); err != nil {
		return k, errf(protocol.CodeBadRequest, "opening %s: %v", name, err)
	}
	return k, nil
}

// wire returns the settings for the protocol.
func (s settings) wire() protocol.Settings {
	return protocol.Settings{Rule: s.rule.String(), Size: s.size, Time: wireTC(s.tc), Color: s.color, Rated: s.rated,
		Opening: s.open.String()}
}

func wireTC(tc gomoku.TimeControl) protocol.TimeControl {
	return protocol.TimeControl{MainMS: tc.MainMS, IncrementMS: tc.IncrementMS, ByoYomiMS: tc.ByoYomiMS}
}

// challengerBlack decides the colours: whether the challenger plays black.
func (s settings) challengerBlack() bool {
	switch s.color {
	case protocol.ColorBlack:
		return true
	case protocol.ColorWhite:
		return false
	}
	return rand.IntN(2) == 0
}

// graceFor is how long a disconnected player's opponent waits before it may
// claim the win: scaled to the time control, between 20 s and 3 min (60 s
// without a clock), unless the configuration fixes it.
func (e *env) graceFor(tc gomoku.TimeControl) time.Duration {
	if e.cfg.Grace > 0 {
		return e.cfg.Grace
	}
	if tc.MainMS == 0 && tc.ByoYomiMS == 0 {
		return time.Minute
	}
	g := time.Duration(tc.MainMS/20+10*(tc.IncrementMS+tc.ByoYomiMS)) * time.Millisecond
	return min(max(g, 20*time.Second), 3*time.Minute)
}
