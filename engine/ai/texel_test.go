package ai

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gomokud/gomoku/engine"
)

// TestTexel fits the evaluation weights (eval.go) to game results, Texel
// style: a logistic model of the mover's chance to win, sigmoid(eval/k),
// over quiet positions of finished games, by gradient descent on the mean
// squared error. GOMOKU_AI_TEXEL is a glob of SGF files (c-gomoku-cli's
// output: many games a file, RU a Gomocup rule number); it prints the loss
// before and after on a held-out fifth of the games and the new tables, to
// paste into eval.go.
func TestTexel(t *testing.T) {
	glob := os.Getenv("GOMOKU_AI_TEXEL")
	if glob == "" && os.Getenv("GOMOKU_AI_TEXEL_LABELS") == "" {
		t.Skip("set GOMOKU_AI_TEXEL=<glob of SGF files> or GOMOKU_AI_TEXEL_LABELS=<labelled positions>")
	}
	if labels := os.Getenv("GOMOKU_AI_TEXEL_LABELS"); labels != "" {
		fitLabels(t, labels)
		return
	}
	var train, test []texelPos
	games := 0
	for _, g := range readSGFGames(t, glob) {
		ps := texelPositions(g)
		if games%5 == 4 {
			test = append(test, ps...)
		} else {
			train = append(train, ps...)
		}
		games++
	}
	w := currentWeights()
	k := fitScale(train, w)
	fmt.Printf("%d games, %d training and %d test positions, k %.0f\n", games, len(train), len(test), k)
	fmt.Printf("before: train %.5f test %.5f\n", texelLoss(train, w, k), texelLoss(test, w, k))
	w = descend(train, w, k, fitAll())
	fmt.Printf("after:  train %.5f test %.5f\n", texelLoss(train, w, k), texelLoss(test, w, k))
	fmt.Print(w.goSource())
}

// resultFor is the game's result for side (0 black, 1 white): 1 won,
// 0.5 drawn, 0 lost.
func (g sgfGame) resultFor(side uint8) float64 {
	switch {
	case g.winner == engine.Empty:
		return 0.5
	case uint8(g.winner-1) == side:
		return 1
	}
	return 0
}

// readSGFGames reads the finished games of the SGF files glob matches.
func readSGFGames(t *testing.T, glob string) []sgfGame {
	files, err := filepath.Glob(glob)
	if err != nil || len(files) == 0 {
		t.Fatalf("no files match %q (%v)", glob, err)
	}
	var games []sgfGame
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, parseSGFGames(string(data))...)
	}
	return games
}

// gomocupRules are the rules by their number in the Gomocup protocol (the
// SGF files' RU, the labelled positions' first field).
var gomocupRules = map[int]engine.Rule{0: engine.Freestyle, 1: engine.Standard, 4: engine.Renju}

// gomocupNumber is rule's number in the Gomocup protocol.
func gomocupNumber(rule engine.Rule) int {
	for n, r := range gomocupRules {
		if r == rule {
			return n
		}
	}
	return 0
}

// sgfGame is one finished game: its rule, its moves and its winner.
type sgfGame struct {
	rule   engine.Rule
	moves  []engine.Point
	winner engine.Color // Empty for a draw
}

var (
	sgfRE   = regexp.MustCompile(`RE\[([^\]]*)\]`)
	sgfRU   = regexp.MustCompile(`RU\[(\d+)\]`)
	sgfMove = regexp.MustCompile(`;[BW]\[([a-z])([a-z])\]`)
)

// parseSGFGames reads c-gomoku-cli's SGF collection: games a blank line
// apart, 15x15, coordinates as letters from a.
func parseSGFGames(data string) []sgfGame {
	var out []sgfGame
	for _, chunk := range strings.Split(data, "\n(;") {
		re := sgfRE.FindStringSubmatch(chunk)
		if re == nil {
			continue
		}
		g := sgfGame{rule: engine.Freestyle}
		switch {
		case strings.HasPrefix(re[1], "B+"):
			g.winner = engine.Black
		case strings.HasPrefix(re[1], "W+"):
			g.winner = engine.White
		case !strings.HasPrefix(re[1], "0"):
			continue // unfinished
		}
		if ru := sgfRU.FindStringSubmatch(chunk); ru != nil {
			n, _ := strconv.ParseInt(ru[1], 10, 64)
			g.rule = gomocupRules[int(n)] // freestyle where unknown
		}
		for _, m := range sgfMove.FindAllStringSubmatch(chunk, -1) {
			g.moves = append(g.moves, engine.Point{X: int(m[1][0] - 'a'), Y: int(m[2][0] - 'a')})
		}
		out = append(out, g)
	}
	return out
}

// Features: per side (mover, opponent), the count over empty points of each
// line pattern and each category.
const (
	texelSide = int(numPats) + int(numCats)
	texelN    = 2 * texelSide
)

type texelPos struct {
	f      [texelN]float64
	result float64 // 1 the mover won, 0 lost, 0.5 drawn
}

// texelPositions returns the quiet positions of a game: from the sixth
// stone, those the search would evaluate statically (no five to make or
// stop, no winning four or four-three for the mover).
func texelPositions(g sgfGame) []texelPos {
	b := newBoard(15, g.rule)
	var out []texelPos
	for i, p := range g.moves {
		if i >= 5 && texelQuiet(b) {
			out = append(out, texelPos{f: texelFeatures(b), result: g.resultFor(b.turn)})
		}
		q := b.index(p)
		if b.cell[q] != cEmpty {
			break
		}
		b.play(q)
	}
	return out
}

func texelQuiet(b *board) bool {
	us, them := b.turn, b.turn^1
	return b.cnt[us][catFive] == 0 && b.cnt[them][catFive] == 0 &&
		b.cnt[us][catFlex4] == 0 && b.cnt[us][catB4F3] == 0
}

func texelFeatures(b *board) (f [texelN]float64) {
	for _, q := range b.points {
		if b.cell[q] != cEmpty {
			continue
		}
		for role, side := range [2]uint8{b.turn, b.turn ^ 1} {
			base := role * texelSide
			pi := b.pidx[q][side]
			for d := 0; d < 4; d++ {
				p := uint8(pi>>(4*d)) & 15
				if p >= numPats {
					p = patDead
				}
				f[base+int(p)]++
			}
			f[base+int(numPats)+int(b.cmb[q][side].cat)]++
		}
	}
	return f
}

// texelWeights are the evaluation's weights as reals: the mover's pattern
// and category weights, then the opponent's (subtracted), then the tempo.
type texelWeights [texelN + 1]float64

func currentWeights() (w texelWeights) {
	for role := 0; role < 2; role++ {
		sign := 1.0 - 2*float64(role)
		for p := range int(numPats) {
			w[role*texelSide+p] = sign * float64(evalPat[role][p])
		}
		for c := range int(numCats) {
			w[role*texelSide+int(numPats)+c] = sign * float64(evalCat[role][c])
		}
	}
	for i := range texelN {
		w[i] /= 10 // the tables are in tenths
	}
	w[texelN] = float64(evalTempo)
	return w
}

func (w *texelWeights) eval(p *texelPos) float64 {
	e := w[texelN]
	for i, x := range p.f {
		e += w[i] * x
	}
	return e
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

func texelLoss(ps []texelPos, w texelWeights, k float64) float64 {
	sum := 0.0
	for i := range ps {
		d := sigmoid(w.eval(&ps[i])/k) - ps[i].result
		sum += d * d
	}
	return sum / float64(max(1, len(ps)))
}

// fitScale finds the k that best fits the current weights, by a coarse
// then fine scan.
func fitScale(ps []texelPos, w texelWeights) float64 {
	best, bestLoss := 100.0, math.Inf(1)
	for k := 25.0; k <= 5000; k *= 1.1 {
		if l := texelLoss(ps, w, k); l < bestLoss {
			best, bestLoss = k, l
		}
	}
	return best
}

// descend runs Adam on the squared error, with a pull towards the starting
// weights so that features seen in few positions keep their values. Only
// the weights fit marks are fitted; the others keep w0's values.
func descend(ps []texelPos, w0 texelWeights, k float64, fit *[texelN + 1]bool) texelWeights {
	w := w0
	var m, v texelWeights
	const (
		rate, b1, b2 = 2.0, 0.9, 0.999
		pull         = 1e-6
		steps        = 2000
	)
	for step := 1; step <= steps; step++ {
		var g texelWeights
		for i := range ps {
			s := sigmoid(w.eval(&ps[i]) / k)
			c := 2 * (s - ps[i].result) * s * (1 - s) / k
			for j, x := range ps[i].f {
				if x != 0 {
					g[j] += c * x
				}
			}
			g[texelN] += c
		}
		for j := range g {
			if !fit[j] {
				continue
			}
			g[j] = g[j]/float64(len(ps)) + pull*(w[j]-w0[j])
			m[j] = b1*m[j] + (1-b1)*g[j]
			v[j] = b2*v[j] + (1-b2)*g[j]*g[j]
			mh := m[j] / (1 - math.Pow(b1, float64(step)))
			vh := v[j] / (1 - math.Pow(b2, float64(step)))
			w[j] -= rate * mh / (math.Sqrt(vh) + 1e-12)
		}
	}
	return w
}

// fitAll marks every weight to be fitted.
func fitAll() *[texelN + 1]bool {
	var fit [texelN + 1]bool
	for j := range fit {
		fit[j] = true
	}
	return &fit
}

// goSource prints the weights as eval.go's tables.
func (w *texelWeights) goSource() string {
	var sb strings.Builder
	row := func(role, from, n int) {
		sign := 1.0 - 2*float64(role)
		sb.WriteString("\t\t{")
		for i := 0; i < n; i++ {
			if i > 0 {
				sb.WriteString(", ")
			}
			fmt.Fprintf(&sb, "%d", int(math.Round(10*sign*w[role*texelSide+from+i])))
		}
		sb.WriteString("},\n")
	}
	sb.WriteString("\tevalPat = [2][numPats]int32{\n")
	row(0, 0, int(numPats))
	row(1, 0, int(numPats))
	sb.WriteString("\t}\n\tevalCat = [2][numCats]int32{\n")
	row(0, int(numPats), int(numCats))
	row(1, int(numPats), int(numCats))
	fmt.Fprintf(&sb, "\t}\n\tevalTempo = %d\n", int(math.Round(w[texelN])))
	return sb.String()
}

// TestTexelModel checks that the tuner's linear model with the current
// weights is the engine's evaluation, so tuned weights mean what they say.
func TestTexelModel(t *testing.T) {
	const sgf = "(;FF[4]GM[4]GN[1]RU[0]SZ[15]PB[a]PW[b]RE[W+1]\n;B[fe];W[kk];B[hi];W[kj];B[fg];W[ij];B[ff];W[fh];B[fd];W[fc];B[jj])\n\n" +
		"(;FF[4]GM[4]GN[2]RU[4]SZ[15]PB[b]PW[a]RE[0-0]\n;B[hh];W[ih];B[hi])\n"
	games := parseSGFGames(sgf)
	if len(games) != 2 || games[0].winner != engine.White || games[1].winner != engine.Empty ||
		games[1].rule != engine.Renju || len(games[0].moves) != 11 {
		t.Fatalf("parsed %+v", games)
	}
	w := currentWeights()
	b := newBoard(15, engine.Freestyle)
	for i, p := range games[0].moves {
		b.play(b.index(p))
		f := texelFeatures(b)
		// eval truncates the tenths.
		if got, want := w.eval(&texelPos{f: f}), float64(b.eval()); math.Abs(got-want) >= 1 {
			t.Fatalf("after %d moves: model %v, eval %v", i+1, got, want)
		}
	}
	// The first position has five stones: white, the winner, to move.
	if ps := texelPositions(games[0]); len(ps) == 0 || ps[0].result != 1 {
		t.Fatalf("positions of a white win: %+v", ps)
	}
}
