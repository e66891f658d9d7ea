package match

import (
	"cmp"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

// The match is tested with tables of commands, each at a time offset from
// t0 (clock_test.go), and the events it should cause written as a game log:
//
//	{10 * sec, play(black, "h8"), "moved b h8", nil},
//	{12 * sec, offer(white, Draw), "offer draw by white", nil},
//
// No sockets, no sleeps: time is the offset passed to Apply.

const (
	black = engine.Black
	white = engine.White

	sec    = time.Second
	minute = time.Minute
)

// step is one command, when it arrives, the events it must cause (rendered
// by show, joined by "; ") and the error it must return: a sentinel matched
// with errors.Is, or a *engine.ForbiddenError matched with errors.As.
type step struct {
	at   time.Duration
	cmd  Command
	want string
	err  error
}

// matchCase is a game from New(cfg, t0) through its steps; check, when
// set, looks at the match after the last step.
type matchCase struct {
	name  string
	cfg   Config
	steps []step
	check func(t *testing.T, m *Match)
}

// Configurations most cases start from.
var (
	casual   = Config{Rule: engine.Freestyle, Size: 15, Grace: minute, AbandonAfter: 5 * minute}
	rated    = Config{Rule: engine.Freestyle, Size: 15, Rated: true, Grace: minute, AbandonAfter: 5 * minute}
	renju    = Config{Rule: engine.Renju, Size: 15, Grace: minute, AbandonAfter: 5 * minute}
	blitz    = withClock(casual, gomoku.TimeControl{MainMS: 60_000, IncrementMS: 5_000})
	byoYomi  = withClock(casual, gomoku.TimeControl{MainMS: 10_000, ByoYomiMS: 3_000})
	suddenly = withClock(casual, gomoku.TimeControl{MainMS: 60_000}) // no increment
	// firstMove is blitz with 30 s for each side's first move.
	firstMove = withFirstMove(blitz, 30*sec)
)

func withFirstMove(c Config, d time.Duration) Config { c.FirstMove = d; return c }

func withClock(c Config, tc gomoku.TimeControl) Config { c.Clock = tc; return c }

func withBots(c Config, blackBot, whiteBot bool) Config {
	c.Bots = [2]bool{blackBot, whiteBot}
	return c
}

// Commands, short enough for a table row.

// pt reads a point in notation ("h8"); parsed for the largest board, so
// the engine, not the parser, judges a point off a smaller one.
func pt(s string) engine.Point {
	p, err := engine.ParsePoint(s, engine.MaxSize)
	if err != nil {
		panic(err)
	}
	return p
}

func play(c engine.Color, p string) Command     { return Play{Color: c, Point: pt(p)} }
func offer(c engine.Color, k OfferKind) Command { return MakeOffer{Color: c, Kind: k} }
func accept(c engine.Color, k OfferKind) Command {
	return Answer{Color: c, Kind: k, Accept: true}
}
func decline(c engine.Color, k OfferKind) Command { return Answer{Color: c, Kind: k} }
func resign(c engine.Color) Command               { return Resign{Color: c} }
func abort(c engine.Color) Command                { return Abort{Color: c} }
func claim(c engine.Color) Command                { return Claim{Color: c} }
func online(c engine.Color) Command               { return Presence{Color: c, Online: true} }
func offline(c engine.Color) Command              { return Presence{Color: c} }

var tick Command = Tick{}

// game returns the steps of moves played one second apart from start,
// black first, with the events they cause on a board without a clock.
func game(start time.Duration, points ...string) []step {
	steps := make([]step, len(points))
	for i, p := range points {
		c := black
		if i%2 == 1 {
			c = white
		}
		steps[i] = step{start + time.Duration(i)*sec, play(c, p), "moved " + short(c) + " " + p, nil}
	}
	return steps
}

// seq joins step lists.
func seq(parts ...[]step) []step { return slices.Concat(parts...) }

func short(c engine.Color) string { return c.String()[:1] }

// show renders events as a game log: "moved b h8; lapsed draw". Moves
// show the clocks stored with them when the game has a clock.
func show(cfg Config, evs []Event) string {
	parts := make([]string, len(evs))
	for i, e := range evs {
		parts[i] = showEvent(cfg.Clock.Enabled(), e)
	}
	return strings.Join(parts, "; ")
}

func showEvent(clock bool, e Event) string {
	switch e := e.(type) {
	case Moved:
		s := fmt.Sprintf("moved %s %s", short(e.Move.Color), e.Move.Point)
		if clock {
			s += fmt.Sprintf(" clocks %v %v spent %v", ms(e.Move.BlackClockMS), ms(e.Move.WhiteClockMS), ms(e.Move.SpentMS))
		}
		return s
	case TakenBack:
		return fmt.Sprintf("taken back %d", e.N)
	case OfferMade:
		return fmt.Sprintf("offer %s by %s", e.Offer.Kind, e.Offer.From)
	case OfferAnswered:
		yes := "no"
		if e.Accepted {
			yes = "yes"
		}
		return fmt.Sprintf("answered %s by %s %s", e.Kind, e.By, yes)
	case OfferLapsed:
		return fmt.Sprintf("lapsed %s", e.Kind)
	case Ended:
		return showResult(e.Result, e.Line)
	case WentAway:
		return fmt.Sprintf("away %s", e.Color)
	case CameBack:
		return fmt.Sprintf("back %s", e.Color)
	case ClockStarted:
		return "clock started"
	case RematchAgreed:
		return "rematch agreed"
	case OpeningActed:
		s := fmt.Sprintf("acted %s %s", short(e.By), e.Action)
		if clock {
			s += fmt.Sprintf(" clocks %v %v spent %v", ms(e.Stored.BlackClockMS), ms(e.Stored.WhiteClockMS), ms(e.Stored.SpentMS))
		}
		return s
	case Swapped:
		return "swapped"
	case OpeningDone:
		return "opening done"
	}
	return fmt.Sprintf("%T", e)
}

// showResult renders a result: "ended black five h8 i8 j8 k8 l8",
// "ended aborted unrated uncounted".
func showResult(r gomoku.GameResult, line []engine.Point) string {
	s := "ended"
	if r.Winner != engine.Empty {
		s += " " + r.Winner.String()
	}
	s += " " + r.Reason.String()
	if r.Unrated {
		s += " unrated"
	}
	if r.Uncounted {
		s += " uncounted"
	}
	line = slices.SortedFunc(slices.Values(line), func(a, b engine.Point) int {
		return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Y, b.Y))
	})
	for _, p := range line {
		s += " " + p.String()
	}
	return s
}

func ms(n int64) time.Duration { return time.Duration(n) * time.Millisecond }

// mustNew starts a match at t0.
func mustNew(t testing.TB, cfg Config) *Match {
	t.Helper()
	m, err := New(cfg, t0)
	if err != nil {
		t.Fatalf("New(%+v): %v", cfg, err)
	}
	return m
}

func runCases(t *testing.T, cases []matchCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := mustNew(t, tc.cfg)
			run(t, m, tc.steps)
			if tc.check != nil {
				tc.check(t, m)
			}
		})
	}
}

// run applies the steps to m in order and checks each one's events and
// error, and what every command must keep true.
func run(t *testing.T, m *Match, steps []step) {
	t.Helper()
	before := &Match{}
	for i, st := range steps {
		now := at(st.at)
		before.CopyFrom(m)
		evs, err := m.Apply(st.cmd, now)
		where := fmt.Sprintf("step %d, %T%+v at +%v", i+1, st.cmd, st.cmd, st.at)
		if got := show(m.Config(), evs); got != st.want {
			t.Errorf("%s: events\n got: %s\nwant: %s", where, got, st.want)
		}
		if !matchErr(err, st.err) {
			t.Errorf("%s: error %v, want %v", where, err, st.err)
		}
		if err != nil && len(evs) == 0 && !sameState(before, m) {
			t.Errorf("%s: refused with no events, but the match changed", where)
		}
		checkEvents(t, where, m, evs, now)
	}
}

// matchErr reports whether got is the wanted error: nil for nil, the same
// Kind and Point for a *engine.ForbiddenError, errors.Is otherwise.
func matchErr(got, want error) bool {
	if want == nil || got == nil {
		return got == want
	}
	var wf, gf *engine.ForbiddenError
	if errors.As(want, &wf) {
		return errors.As(got, &gf) && *gf == *wf
	}
	return errors.Is(got, want)
}

// checkEvents checks what events say against the match after them.
func checkEvents(t *testing.T, where string, m *Match, evs []Event, now time.Time) {
	t.Helper()
	for _, e := range evs {
		switch e := e.(type) {
		case Moved:
			moves := m.Moves()
			if !e.Move.At.Equal(now) || e.Move.Ply != len(moves) {
				t.Errorf("%s: moved at %v ply %d; want the command's time and ply %d", where, e.Move.At, e.Move.Ply, len(moves))
			} else if last := moves[len(moves)-1]; last.Point != e.Move.Point || last.Color != e.Move.Color {
				t.Errorf("%s: moved %+v but the last move is %+v", where, e.Move, last)
			}
		case Ended:
			if !e.Result.EndedAt.Equal(now) {
				t.Errorf("%s: ended at %v, want the command's time", where, e.Result.EndedAt)
			}
			k := m.Clock()
			if !m.Over() || m.Result() != e.Result || !m.Deadline().IsZero() || k.Running() != engine.Empty {
				t.Errorf("%s: ended, but Over %v Result %+v Deadline %v clock running %v",
					where, m.Over(), m.Result(), m.Deadline(), k.Running())
			}
		case WentAway:
			if e.Grace != m.Config().Grace || !m.Away(e.Color) {
				t.Errorf("%s: away with grace %v (config %v), Away %v", where, e.Grace, m.Config().Grace, m.Away(e.Color))
			}
		case CameBack:
			if m.Away(e.Color) {
				t.Errorf("%s: back, but still Away", where)
			}
		}
	}
}

// sameState reports whether two matches hold the same game (the event
// buffers aside).
func sameState(a, b *Match) bool {
	x, y := *a, *b
	x.evs, y.evs = nil, nil
	return reflect.DeepEqual(x, y)
}

// firstMoves is both sides' first moves, at t0 (a1, a15: far from the action
// of the steps after them). A side's clock starts after its first move, so
// after the opening both clocks run from t0 as the steps expect.
func firstMoves(cfg Config) []step {
	clk := ""
	if cfg.Clock.Enabled() {
		main := ms(cfg.Clock.MainMS)
		clk = fmt.Sprintf(" clocks %v %v spent 0s", main, main)
	}
	return []step{{0, play(black, "a1"), "moved b a1" + clk, nil}, {0, play(white, "a15"), "moved w a15" + clk, nil}}
}
