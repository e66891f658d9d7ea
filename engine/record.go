package engine

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// ErrBadRecord is wrapped by every error about a game record that cannot be
// read or written: bad syntax, a bad field, or moves that are not a legal
// game. An illegal move also wraps the engine's reason (ErrOccupied,
// ErrForbidden, ErrGameOver...).
var ErrBadRecord = errors.New("bad game record")

// Record is a game as stored in a file: who played, under which rules and
// time control, when, how it ended and the moves. Black moves first and the
// sides alternate, so a move's colour is given by its index.
//
// The three formats hold different subsets: the text record holds all of
// it; PSQ holds the size, the moves with their times, the two names and the
// opening; SGF holds everything but the per-move times.
//
// A game played with an opening rule (engine/opening) also keeps it: the
// rule, who opened, the offered fifth moves and every action (see
// record_opening.go for how each format writes them). Black and White are
// the players' colours in the game, after the opening's swaps.
type Record struct {
	Black, White string // player names; may be empty
	Rule         Rule
	Size         int
	TimeControl  string // free text, e.g. "10m+5s"; may be empty
	Date         string // free text, YYYY-MM-DD by convention; may be empty
	Result       RecordResult
	Moves        []RecordMove

	Opening    string   // the opening rule's name ("swap2", "soosorv-8", "taraguchi-10"); "" for none
	Opener     Color    // the colour the first player (who opened) plays after the swaps; Empty if unknown
	Offers     []Point  // the fifth moves offered, in order; the chosen one is Moves[4]
	OpeningLog []string // the opening's actions in engine/opening's text form, oldest first
}

// RecordResult is how a recorded game ended. Winner is Empty for a draw, an
// aborted game, or (with ReasonNone) an unfinished one.
type RecordResult struct {
	Winner Color
	Reason Reason
}

// RecordMove is one move and, if known, the time its player spent on it (0
// means unknown).
type RecordMove struct {
	Point Point
	Time  time.Duration
}

// RecordOf returns the record of g: its rule, size, moves and result. The
// names, time control, date and move times are for the caller to fill in.
func RecordOf(g *Game) *Record {
	r := &Record{Rule: g.Rule(), Size: g.Size()}
	r.Moves = make([]RecordMove, len(g.Moves()))
	for i, m := range g.Moves() {
		r.Moves[i].Point = m.Point
	}
	res := g.Result()
	r.Result = RecordResult{Winner: res.Winner, Reason: res.Reason}
	return r
}

// Points returns the moves' points in order.
func (r *Record) Points() []Point {
	pts := make([]Point, len(r.Moves))
	for i, m := range r.Moves {
		pts[i] = m.Point
	}
	return pts
}

// Game replays the record and returns the game it describes, with the
// recorded result applied. It fails, wrapping ErrBadRecord, if a move is
// illegal or the result does not fit the moves (a five the record does not
// report, a resignation after the game was already won, a draw with a
// winner...).
func (r *Record) Game() (*Game, error) {
	if err := r.checkFields(); err != nil {
		return nil, err
	}
	g, err := Replay(Options{Size: r.Size, Rule: r.Rule}, r.Points())
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadRecord, err)
	}
	got, want := g.Result(), r.Result
	switch want.Reason {
	case ReasonNone:
		if got.Over() {
			return nil, fmt.Errorf("%w: recorded as unfinished, but the moves end by %s", ErrBadRecord, got.Reason)
		}
	case ReasonFive, ReasonFullBoard:
		if got.Reason != want.Reason || got.Winner != want.Winner {
			return nil, fmt.Errorf("%w: recorded result %s, but the moves give %s",
				ErrBadRecord, want, RecordResult{got.Winner, got.Reason})
		}
	default:
		if got.Over() {
			return nil, fmt.Errorf("%w: recorded result %s, but the moves already end by %s", ErrBadRecord, want, got.Reason)
		}
		if (want.Reason == ReasonAgreement || want.Reason == ReasonAborted) && want.Winner != Empty {
			return nil, fmt.Errorf("%w: %s with a winner", ErrBadRecord, want.Reason)
		}
		if err := g.Finish(want.Winner, want.Reason); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrBadRecord, err)
		}
	}
	return g, nil
}

// Validate reports whether the record describes a legal game (see Game).
func (r *Record) Validate() error {
	_, err := r.Game()
	return err
}

// checkFields checks what every format needs of the fields themselves.
func (r *Record) checkFields() error {
	if err := CheckSize(r.Size); err != nil {
		return fmt.Errorf("%w: %w", ErrBadRecord, err)
	}
	if !r.Rule.Valid() {
		return fmt.Errorf("%w: %w: %d", ErrBadRecord, ErrBadRule, r.Rule)
	}
	for _, f := range []struct{ name, v string }{
		{"black", r.Black}, {"white", r.White}, {"time control", r.TimeControl}, {"date", r.Date},
	} {
		if err := checkText(f.v); err != nil {
			return fmt.Errorf("%w: %s: %w", ErrBadRecord, f.name, err)
		}
	}
	for i, m := range r.Moves {
		if m.Time < 0 {
			return fmt.Errorf("%w: move %d: negative time %s", ErrBadRecord, i+1, m.Time)
		}
	}
	return r.checkOpening()
}

// maxTextLen bounds a name, date or time control.
const maxTextLen = 200

// checkText accepts a one-line, printable UTF-8 string without surrounding
// spaces, which every format can carry.
func checkText(s string) error {
	switch {
	case len(s) > maxTextLen:
		return fmt.Errorf("longer than %d bytes", maxTextLen)
	case !utf8.ValidString(s):
		return errors.New("not UTF-8")
	case strings.TrimSpace(s) != s:
		return fmt.Errorf("%q has surrounding spaces", s)
	}
	for _, c := range s {
		if c < 0x20 || c == 0x7f || c == utf8.RuneError || (c >= 0x80 && c < 0xa0) || c == '\u2028' || c == '\u2029' {
			return fmt.Errorf("%q holds a control character", s)
		}
	}
	return nil
}

// String is the text record's form of a result: "black wins by five", "draw
// by agreement", "aborted" or "unfinished".
func (rr RecordResult) String() string {
	switch {
	case rr.Reason == ReasonNone:
		return "unfinished"
	case rr.Reason == ReasonAborted:
		return "aborted"
	case rr.Winner == Empty:
		return "draw by " + rr.Reason.String()
	}
	return rr.Winner.String() + " wins by " + rr.Reason.String()
}

// parseRecordResult reads RecordResult.String.
func parseRecordResult(s string) (RecordResult, error) {
	switch s {
	case "unfinished":
		return RecordResult{}, nil
	case "aborted":
		return RecordResult{Reason: ReasonAborted}, nil
	}
	var rr RecordResult
	rest, ok := strings.CutPrefix(s, "draw by ")
	if !ok {
		who, tail, found := strings.Cut(s, " wins by ")
		if !found || (who != "black" && who != "white") {
			return rr, fmt.Errorf("%w: result %q", ErrBadRecord, s)
		}
		rr.Winner, _ = ParseColor(who)
		rest = tail
	}
	reason, err := ParseReason(rest)
	if err != nil || reason == ReasonNone || reason == ReasonAborted {
		return rr, fmt.Errorf("%w: result %q", ErrBadRecord, s)
	}
	rr.Reason = reason
	return rr, nil
}
