package ai

import (
	"context"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
)

// benchPosition is a quiet middle-game position (no VCF for either side),
// black to move, so the full search runs to its limit.
const benchPosition = `
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . x . . . . .
 9 . . . . . . . o o . . . . . .
 8 . . . . . . o x x . . . . . .
 7 . . . . . . . x o . . . . . .
 6 . . . . . . x . . . . . . . .
 5 . . . . . o . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o`

// BenchmarkSearchNPS measures the full search (threat search, PVS, leaf
// VCF) in nodes per second on one core: nodes/s by the wall clock, and on
// Linux nodes/cpu-s by the thread's own CPU time, which a loaded machine
// does not skew.
// The "dedicated" case is freestyle as the Gomocup brain searches it, never
// yielding the processor (Request.Dedicated).
func BenchmarkSearchNPS(b *testing.B) {
	cases := []struct {
		name      string
		rule      engine.Rule
		dedicated bool
	}{
		{"freestyle", engine.Freestyle, false}, {"renju", engine.Renju, false},
		{"caro", engine.Caro, false}, {"dedicated", engine.Freestyle, true},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			bd := mustBoard(b, benchPosition)
			req := Request{Size: 15, Rule: c.rule, Moves: boardMoves(bd), Level: Max,
				TimeLimit: time.Minute, NodeLimit: 300000, ToMove: engine.Black, Dedicated: c.dedicated}
			Warm()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var nodes int64
			var el, cpu time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				cpu0, _ := threadSched(0)
				r, err := Think(context.Background(), req)
				cpu1, _ := threadSched(0)
				cpu += cpu1 - cpu0
				if err != nil {
					b.Fatal(err)
				}
				nodes += r.Nodes
				el += r.Elapsed
				if i == 0 {
					b.Logf("%s score %d depth %d nodes %d in %v", r.Move, r.Score, r.Depth, r.Nodes, r.Elapsed)
				}
			}
			b.ReportMetric(float64(nodes)/el.Seconds(), "nodes/s")
			if cpu > 0 {
				b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
			}
		})
	}
}

// BenchmarkMakeUnmake measures the incremental board update alone.
func BenchmarkMakeUnmake(b *testing.B) {
	bd := newBoard(15, engine.Freestyle)
	bd2 := mustBoard(b, benchPosition)
	for _, m := range boardMoves(bd2) {
		bd.turn = uint8(m.Color - 1)
		bd.play(bd.index(m.Point))
	}
	q := bd.index(engine.Point{X: 8, Y: 8})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bd.play(q)
		bd.undo()
	}
}

// BenchmarkVCF times the threat solver on the golden VCF positions.
func BenchmarkVCF(b *testing.B) {
	for _, c := range goldenCases {
		if c.kind != "vcf" {
			continue
		}
		b.Run(c.name, func(b *testing.B) {
			eb := mustBoard(b, c.diagram)
			s := getSearcher(1)
			defer putSearcher(1, s)
			s.p = Max.params()
			s.deadline, s.timed = time.Now().Add(time.Hour), true
			s.b.reset(eb.Size(), c.rule)
			for _, m := range boardMoves(eb) {
				s.b.turn = uint8(m.Color - 1)
				s.b.play(s.b.index(m.Point))
			}
			s.b.turn = uint8(c.toMove - 1)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.salt++ // fresh caches
				if s.vcf(0, 40, true) == 0 {
					b.Fatal("no VCF")
				}
			}
		})
	}
}

// BenchmarkDeadline measures time-to-move accuracy: how long after its
// deadline (a TimeLimit, or a context deadline) Think returns, timed from
// the call to the answer. Max also stops before the deadline when its next
// iteration could not finish in time; those answers are not late and are
// left out of the lateness figures (early-% reports their share), so the
// percentiles are over searches stopped by the clock. The limits vary a
// little from run to run so that iterations end at different points. Use
// -benchtime=200x for a meaningful p99.
//
// On a loaded machine most of the lateness is time the thread sat runnable
// while another process had the core. On Linux the ms-late-sched-* figures
// take that waiting (from /proc/thread-self/schedstat) out, leaving the
// engine's own lateness.
func BenchmarkDeadline(b *testing.B) {
	bd := mustBoard(b, benchPosition)
	moves := boardMoves(bd)
	for _, c := range []struct {
		name  string
		limit time.Duration
		ctx   bool
		rule  engine.Rule
	}{
		{"limit=20ms/freestyle", 20 * time.Millisecond, false, engine.Freestyle},
		{"limit=100ms/freestyle", 100 * time.Millisecond, false, engine.Freestyle},
		{"limit=100ms/renju", 100 * time.Millisecond, false, engine.Renju},
		{"ctx=50ms/renju", 50 * time.Millisecond, true, engine.Renju},
	} {
		b.Run(c.name, func(b *testing.B) {
			Warm()
			runtime.LockOSThread() // Think runs on this goroutine: one thread to watch
			defer runtime.UnlockOSThread()
			var late, own []time.Duration
			early := 0
			for i := 0; i < b.N; i++ {
				limit := c.limit + time.Duration(i%8)*c.limit/16
				ctx, cancel := context.Background(), context.CancelFunc(func() {})
				req := Request{Size: 15, Rule: c.rule, Moves: moves, Level: Max, TimeLimit: limit, ToMove: engine.Black}
				wait0, sched := runQueueWait()
				start := time.Now()
				if c.ctx {
					ctx, cancel = context.WithDeadline(ctx, start.Add(limit))
					req.TimeLimit = time.Minute
				}
				_, err := Think(ctx, req)
				took := time.Since(start)
				cancel()
				if err != nil {
					b.Fatal(err)
				}
				if took < limit {
					early++
					continue
				}
				late = append(late, took-limit)
				if wait1, ok := runQueueWait(); ok && sched {
					own = append(own, max(0, took-limit-(wait1-wait0)))
				}
			}
			b.ReportMetric(percentileMs(late, 0.5), "ms-late-p50")
			b.ReportMetric(percentileMs(late, 0.99), "ms-late-p99")
			b.ReportMetric(percentileMs(late, 1), "ms-late-max")
			if len(own) > 0 {
				b.ReportMetric(percentileMs(own, 0.99), "ms-late-sched-p99")
				b.ReportMetric(percentileMs(own, 1), "ms-late-sched-max")
			}
			b.ReportMetric(100*float64(early)/float64(b.N), "early-%")
		})
	}
}

// percentileMs returns the p-th quantile of d in milliseconds (d is sorted).
func percentileMs(d []time.Duration, p float64) float64 {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	return float64(d[min(len(d)-1, int(p*float64(len(d))))].Microseconds()) / 1000
}

// runQueueWait returns how long the calling thread has waited for a CPU
// while runnable (false where it cannot be known).
func runQueueWait() (time.Duration, bool) { return threadSched(1) }

// threadSched reads field i of Linux's /proc/thread-self/schedstat: 0 the
// calling thread's time on a CPU, 1 its time waiting for one while
// runnable. It returns false on other systems.
func threadSched(i int) (time.Duration, bool) {
	data, err := os.ReadFile("/proc/thread-self/schedstat")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(data))
	if len(f) < 2 {
		return 0, false
	}
	ns, err := strconv.ParseInt(f[i], 10, 64)
	return time.Duration(ns), err == nil
}

// BenchmarkSearchThreads runs Max for half a second on the bench position
// with one and two searching goroutines (Request.Threads) and reports the
// depth the main searcher completed and the nodes of all of them per
// second: what a second core buys within one move's time.
func BenchmarkSearchThreads(b *testing.B) {
	bd := mustBoard(b, benchPosition)
	Warm()
	for _, threads := range []int{1, 2} {
		b.Run(strconv.Itoa(threads), func(b *testing.B) {
			req := Request{Size: 15, Rule: engine.Freestyle, Moves: boardMoves(bd), Level: Max,
				TimeLimit: 500 * time.Millisecond, ToMove: engine.Black, Threads: threads}
			var nodes, depth int64
			var el time.Duration
			for i := 0; i < b.N; i++ {
				r, err := Think(context.Background(), req)
				if err != nil {
					b.Fatal(err)
				}
				nodes += r.Nodes
				depth += int64(r.Depth)
				el += r.Elapsed
			}
			b.ReportMetric(float64(nodes)/el.Seconds(), "nodes/s")
			b.ReportMetric(float64(depth)/float64(b.N), "depth")
		})
	}
}

// BenchmarkTableSize measures what a larger table buys a long search, as
// the brain's at 5 s a move: the positions of a fixed line of play (every
// fourth ply from 8 to 28) each searched for 8M nodes on one thread, about
// a thread's share of a 5 s move, with tables of 32, 128 and 256 MiB. It
// reports the mean completed depth, the nodes per second and how many of
// the moves agree with the 256 MiB table's.
func BenchmarkTableSize(b *testing.B) {
	Warm()
	line := benchLine(b, 30)
	var ref []engine.Point
	for _, mib := range []int{256, 128, 32} {
		b.Run(strconv.Itoa(mib)+"MiB", func(b *testing.B) {
			var depth, nodes, searches, same int64
			var el time.Duration
			for i := 0; i < b.N; i++ {
				for k, ply := 0, 8; ply < len(line); k, ply = k+1, ply+4 {
					r, err := Think(context.Background(), Request{Moves: line[:ply], Level: Max,
						TimeLimit: time.Minute, NodeLimit: 8_000_000, TTMiB: mib})
					if err != nil {
						b.Fatal(err)
					}
					if len(ref) <= k {
						ref = append(ref, r.Move)
					}
					if ref[k] == r.Move {
						same++
					}
					depth += int64(r.Depth)
					nodes += r.Nodes
					el += r.Elapsed
					searches++
				}
			}
			b.ReportMetric(float64(depth)/float64(searches), "depth/move")
			b.ReportMetric(float64(nodes)/el.Seconds(), "nodes/s")
			b.ReportMetric(float64(same)/float64(searches), "same")
		})
	}
}
