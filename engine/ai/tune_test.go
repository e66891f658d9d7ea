package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
)

// TestTune plays two search settings against each other (GOMOKU_AI_TUNE=<pairs>),
// for tuning the levels; it prints the score of the first. Moves get
// GOMOKU_AI_TUNE_MS milliseconds, or GOMOKU_AI_TUNE_NODES nodes if set.
func TestTune(t *testing.T) {
	pairs, _ := strconv.Atoi(os.Getenv("GOMOKU_AI_TUNE"))
	if pairs <= 0 {
		t.Skip("set GOMOKU_AI_TUNE=<openings>")
	}
	a := tuneParams(os.Getenv("GOMOKU_AI_TUNE_A"))
	b := tuneParams(os.Getenv("GOMOKU_AI_TUNE_VARIANT"))
	rule := engine.Freestyle
	if os.Getenv("GOMOKU_AI_TUNE_RULE") == "renju" {
		rule = engine.Renju
	}
	mt := 100 * time.Millisecond
	if ms, _ := strconv.Atoi(os.Getenv("GOMOKU_AI_TUNE_MS")); ms > 0 {
		mt = time.Duration(ms) * time.Millisecond
	}
	nodes, _ := strconv.ParseInt(os.Getenv("GOMOKU_AI_TUNE_NODES"), 10, 64)
	if nodes > 0 {
		mt = time.Minute // moves bounded by nodes: repeatable on a loaded machine
	}
	score := 0.0
	rng := rand.New(rand.NewPCG(42, 1))
	for pair := 0; pair < pairs; pair++ {
		var opening []engine.Move
		for {
			g, _ := engine.NewGame(engine.Options{Size: 15, Rule: rule})
			for len(g.Moves()) < 3 {
				g.Play(engine.Point{X: 4 + rng.IntN(7), Y: 4 + rng.IntN(7)})
			}
			r, _ := Think(context.Background(), Request{Size: 15, Rule: rule, Moves: g.Moves(), Level: Hard, TimeLimit: time.Minute, NodeLimit: 30000})
			if r.Score > -120 && r.Score < 120 {
				opening = append(opening, g.Moves()...)
				break
			}
		}
		for swap := 0; swap < 2; swap++ {
			g, _ := engine.NewGame(engine.Options{Size: 15, Rule: rule})
			for _, m := range opening {
				g.PlayAs(m.Color, m.Point)
			}
			for !g.Over() && len(g.Moves()) < 225 {
				p := &a
				if (g.Turn() == engine.Black) != (swap == 0) {
					p = &b
				}
				r, err := Think(context.Background(), Request{Size: 15, Rule: rule, Moves: g.Moves(), Level: Max, TimeLimit: mt, NodeLimit: nodes, tune: p})
				if err != nil {
					t.Fatal(err)
				}
				g.Play(r.Move)
			}
			res := g.Result()
			aColor := engine.White
			if swap == 0 {
				aColor = engine.Black
			}
			switch res.Winner {
			case aColor:
				score++
			case engine.Empty:
				score += 0.5
			}
			fmt.Printf("game %d: winner %v (A black=%v) after %d moves\n", 2*pair+swap, res.Winner, swap == 0, len(g.Moves()))
		}
	}
	fmt.Printf("A (%s) scores %.1f / %d against %s\n", os.Getenv("GOMOKU_AI_TUNE_A"), score, 2*pairs, os.Getenv("GOMOKU_AI_TUNE_VARIANT"))
}

// tuneParams reads "base,change,change...": base max (default), hard or
// medium, then changes to it (dN sets the depth limit to N).
func tuneParams(spec string) params {
	p := Max.params()
	for _, v := range strings.Split(spec, ",") {
		switch v {
		case "hard":
			p = Hard.params()
		case "medium":
			p = Medium.params()
		case "noext":
			p.threatExt = false
		case "ext":
			p.threatExt = true
		case "w14":
			p.width = 14
		case "w10":
			p.width = 10
		case "w20":
			p.width = 20
		case "leaf4":
			p.leafVCF = 4
		case "leaf10":
			p.leafVCF = 10
		case "novct":
			p.vctDepth = 0
		case "vct":
			p.vctDepth, p.vctNodes = 4, 400000
		case "nodext":
			p.defendExt = false
		case "dext":
			p.defendExt = true
		case "old":
			p.width, p.narrow, p.defendExt, p.deepLMR = 20, 0, false, false
		case "t0":
			p.threatOnly = 0
		case "t3":
			p.threatOnly = 3
		case "nolmr":
			p.deepLMR = false
		case "lmr":
			p.deepLMR = true
		case "negamax":
			p.classic = false // Max below the root as before session 14 (add "verify" for its root)
		case "noverify":
			p.verify = 0
		case "verify":
			p.verify, p.vctNodes = 6, max(p.vctNodes, 400000)
		default:
			if d, err := strconv.Atoi(strings.TrimPrefix(v, "d")); err == nil && strings.HasPrefix(v, "d") {
				p.maxDepth = d // dN: depth limit N
			}
		}
	}
	return p
}
