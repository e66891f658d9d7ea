package match

import (
	"testing"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

func TestLagQuotaSizes(t *testing.T) {
	ms := func(n int64) time.Duration { return time.Duration(n) * time.Millisecond }
	for _, tc := range []struct {
		name string
		tc   gomoku.TimeControl
		gain time.Duration
	}{
		{"5+0 blitz", gomoku.TimeControl{MainMS: 300_000}, time.Second},
		{"3+0: three minutes", gomoku.TimeControl{MainMS: 180_000}, time.Second},
		{"1+0 bullet: 60/4+30 cs", gomoku.TimeControl{MainMS: 60_000}, ms(450)},
		{"1+1 counts 40 increments: 100 s", gomoku.TimeControl{MainMS: 60_000, IncrementMS: 1000}, ms(550)},
		{"10 s", gomoku.TimeControl{MainMS: 10_000}, ms(200)},
		{"byo-yomi 5 s periods: 200 s", gomoku.TimeControl{ByoYomiMS: 5000}, time.Second},
	} {
		q := newLagQuota(tc.tc)
		if q.gain != tc.gain || q.left[0] != 3*tc.gain || q.left[1] != 3*tc.gain || q.max != 7*tc.gain {
			t.Errorf("%s: %+v, want gain %v, start 3x, max 7x", tc.name, q, tc.gain)
		}
	}
}

// TestLagCompensation: a move is charged its time less the mover's lag,
// within MaxLagComp per move and the quota, which each move refills by gain
// up to its ceiling; never more than the move took, never for a flag.
func TestLagCompensation(t *testing.T) {
	const s = time.Second
	ms := func(n int64) time.Duration { return time.Duration(n) * time.Millisecond }
	bullet := gomoku.TimeControl{MainMS: 60_000} // gain 450 ms, quota 1350 ms, ceiling 3150 ms
	type move struct {
		took, lag time.Duration
		comp      time.Duration // given back
		quota     time.Duration // black's quota after
	}
	for _, tc := range []struct {
		name  string
		moves []move
	}{
		{"no lag: nothing given, the quota grows to its ceiling", []move{
			{2 * s, 0, 0, ms(1800)}, {2 * s, 0, 0, ms(2250)}, {2 * s, 0, 0, ms(2700)}, {2 * s, 0, 0, ms(3150)}, {2 * s, 0, 0, ms(3150)}}},
		{"steady small lag is given back every move", []move{
			{2 * s, ms(200), ms(200), ms(1600)}, {2 * s, ms(200), ms(200), ms(1850)}, {2 * s, ms(200), ms(200), ms(2100)}}},
		{"a huge lag: at most MaxLagComp, then the quota runs dry", []move{
			{5 * s, 4 * s, s, ms(800)}, {5 * s, 4 * s, ms(800), ms(450)}, {5 * s, 4 * s, ms(450), ms(450)}}},
		{"never more than the move took", []move{{ms(100), ms(300), ms(100), ms(1700)}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := NewClock(bullet)
			now := t0
			left := time.Minute
			for i, mv := range tc.moves {
				k.Start(engine.Black, now)
				now = now.Add(mv.took)
				comp := k.Compensate(engine.Black, mv.lag, now)
				spent, ok := k.Charge(now, true)
				left -= mv.took - comp
				got, _ := k.Remaining(engine.Black, now)
				if !ok || comp != mv.comp || spent != mv.took-comp || k.lag.left[0] != mv.quota || got != left {
					t.Fatalf("move %d: comp %v spent %v quota %v left %v; want comp %v spent %v quota %v left %v",
						i+1, comp, spent, k.lag.left[0], got, mv.comp, mv.took-mv.comp, mv.quota, left)
				}
			}
			if k.lag.left[1] != ms(1350) {
				t.Errorf("white's quota moved: %v", k.lag.left[1])
			}
		})
	}
}

// TestLagNeverSavesAFlag: a move arriving after the flag fell loses on time
// whatever its lag, and a side that is not running gets nothing.
func TestLagNeverSavesAFlag(t *testing.T) {
	runCases(t, []matchCase{{
		name: "flag",
		cfg:  Config{Clock: gomoku.TimeControl{MainMS: 10_000}, Size: 15},
		steps: []step{
			{0, play(black, "h8"), "moved b h8 clocks 10s 10s spent 0s", nil},
			{sec, play(white, "h9"), "moved w h9 clocks 10s 10s spent 1s", nil}, // first moves: no clock
			{3 * sec, Play{Color: black, Point: pt("i8"), Lag: 300 * time.Millisecond}, "moved b i8 clocks 8.3s 10s spent 1.7s", nil},
			{13*sec + time.Millisecond, Play{Color: white, Point: pt("i9"), Lag: 900 * time.Millisecond}, "ended black timeout", ErrGameOver},
		},
	}})
	k := NewClock(gomoku.TimeControl{MainMS: 10_000})
	k.Start(engine.White, t0)
	if c := k.Compensate(engine.Black, time.Second, at(time.Second)); c != 0 {
		t.Fatalf("the side not running got %v", c)
	}
}
