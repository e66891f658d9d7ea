package ai

import (
	"context"
	"fmt"
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
// VCF) in nodes per second on one core.
func BenchmarkSearchNPS(b *testing.B) {
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Renju} {
		b.Run(rule.String(), func(b *testing.B) {
			bd := mustBoard(b, benchPosition)
			req := Request{Size: 15, Rule: rule, Moves: boardMoves(bd), Level: Max,
				TimeLimit: time.Minute, NodeLimit: 300000, ToMove: engine.Black}
			Warm()
			var nodes int64
			var el time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				r, err := Think(context.Background(), req)
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

// BenchmarkDeadline reports how far past its time limit Think returns.
func BenchmarkDeadline(b *testing.B) {
	bd := mustBoard(b, benchPosition)
	for _, limit := range []time.Duration{20 * time.Millisecond, 100 * time.Millisecond} {
		b.Run(fmt.Sprint(limit), func(b *testing.B) {
			Warm()
			var worst time.Duration
			for i := 0; i < b.N; i++ {
				r, err := Think(context.Background(), Request{Size: 15, Rule: engine.Freestyle,
					Moves: boardMoves(bd), Level: Max, TimeLimit: limit, ToMove: engine.Black})
				if err != nil {
					b.Fatal(err)
				}
				worst = max(worst, r.Elapsed-limit)
			}
			b.ReportMetric(float64(worst.Microseconds()), "worst-overrun-µs")
		})
	}
}
