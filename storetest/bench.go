package storetest

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

// BenchmarkAppendMove measures AppendMove, the hot path of every game: a
// single game appending in sequence ("serial", the latency one move adds),
// and one game per goroutine in parallel ("parallel", throughput across
// games; run with -cpu to vary the goroutines).
func BenchmarkAppendMove(b *testing.B, f Factory) {
	b.Run("serial", func(b *testing.B) {
		s, _ := open(b, f)
		g := newBenchGame(b, s)
		b.ResetTimer()
		for b.Loop() {
			g.next(b)
		}
	})
	b.Run("parallel", func(b *testing.B) {
		s, _ := open(b, f)
		var failed atomic.Bool
		b.SetParallelism(8) // 8 games per CPU, as a busy server has
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			g := newBenchGame(b, s)
			for pb.Next() {
				if err := g.try(); err != nil {
					if !failed.Swap(true) {
						b.Error(err)
					}
					return
				}
			}
		})
	})
}

// benchGame appends moves to a game, starting a new one every 200 plies.
type benchGame struct {
	s   gomoku.Store
	id  int64
	ply int
}

func newBenchGame(tb testing.TB, s gomoku.Store) *benchGame {
	g := &benchGame{s: s}
	if err := g.restart(); err != nil {
		tb.Fatal(err)
	}
	return g
}

func (g *benchGame) restart() error {
	id, err := g.s.CreateGame(context.Background(), gomoku.NewGame{Rule: engine.Freestyle, Size: 15,
		Black: gomoku.Player{Guest: "bench"}, White: gomoku.Player{Bot: "easy"}})
	g.id, g.ply = id, 0
	return err
}

func (g *benchGame) try() error {
	if g.ply == 200 {
		if err := g.restart(); err != nil {
			return err
		}
	}
	g.ply++
	if err := appendMove(context.Background(), g.s, g.id, move(g.ply)); err != nil {
		return fmt.Errorf("game %d ply %d: %w", g.id, g.ply, err)
	}
	return nil
}

func (g *benchGame) next(b *testing.B) {
	if err := g.try(); err != nil {
		b.Fatal(err)
	}
}
