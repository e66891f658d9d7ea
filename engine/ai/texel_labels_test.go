package ai

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/gomokud/gomoku/engine"
)

// Fitting the evaluation to an engine's verdicts rather than to game
// results (docs/ai.md, "Measuring"): a game's result says
// little about its early positions, which a deep search judges well.
//
// TestTexelDump writes the quiet positions of the games in GOMOKU_AI_TEXEL
// to the file GOMOKU_AI_TEXEL_DUMP, one a line: the Gomocup rule number,
// the mover's result (1, 0.5, 0) and the moves as x,y from black's first.
// An engine labels each line with its score for the side to move, inserted
// after the result; TestTexel with GOMOKU_AI_TEXEL_LABELS fits to them.
func TestTexelDump(t *testing.T) {
	glob, out := os.Getenv("GOMOKU_AI_TEXEL"), os.Getenv("GOMOKU_AI_TEXEL_DUMP")
	if glob == "" || out == "" {
		t.Skip("set GOMOKU_AI_TEXEL=<glob of SGF files> and GOMOKU_AI_TEXEL_DUMP=<output file>")
	}
	var sb strings.Builder
	n := 0
	for _, g := range readSGFGames(t, glob) {
		n += dumpGame(&sb, g, texelMaxPly)
	}
	if err := os.WriteFile(out, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("%d positions written to %s\n", n, out)
}

// texelMaxPly bounds the dumped positions to the part of a game where the
// games against PentaZen are decided (docs/ai.md, "The early game decides").
const texelMaxPly = 40

// dumpGame writes g's quiet positions from the fourth stone to maxPly.
func dumpGame(sb *strings.Builder, g sgfGame, maxPly int) int {
	b := newBoard(15, g.rule)
	n := 0
	for i, p := range g.moves {
		if i >= maxPly {
			break
		}
		if i >= 3 && texelQuiet(b) {
			fmt.Fprintf(sb, "%d %g", gomocupNumber(g.rule), g.resultFor(b.turn))
			for _, m := range g.moves[:i] {
				fmt.Fprintf(sb, " %d,%d", m.X, m.Y)
			}
			sb.WriteByte('\n')
			n++
		}
		q := b.index(p)
		if b.cell[q] != cEmpty {
			break
		}
		b.play(q)
	}
	return n
}

// fitLabels fits the weights to labelled positions (TestTexelDump's lines
// with the engine's score after the result): the target is the label's
// chance sigmoid(score/k), with k from GOMOKU_AI_TEXEL_K (default 300: the
// labelling engine counts in the evaluation's points), a forced win 1 and
// a forced loss 0, mixed with the game's result by GOMOKU_AI_TEXEL_LAMBDA
// (default 0). GOMOKU_AI_TEXEL_RULE (a Gomocup rule number) fits to one
// rule's positions only; GOMOKU_AI_TEXEL_ONLY=cat or pat fits only the
// categories' or the patterns' weights (labelFit).
func fitLabels(t *testing.T, path string) {
	k := envFloat("GOMOKU_AI_TEXEL_K", 300)
	lambda := envFloat("GOMOKU_AI_TEXEL_LAMBDA", 0)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var train, test []texelPos
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	rule := os.Getenv("GOMOKU_AI_TEXEL_RULE")
	for line := 1; sc.Scan(); line++ {
		if rule != "" && !strings.HasPrefix(sc.Text(), rule+" ") {
			continue
		}
		p, ok := labelledPos(sc.Text(), k, lambda)
		if !ok {
			continue
		}
		if line%5 == 0 {
			test = append(test, p)
		} else {
			train = append(train, p)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	w := currentWeights()
	fmt.Printf("%d training and %d test positions, k %.0f, lambda %.2f\n", len(train), len(test), k, lambda)
	fmt.Printf("before: train %.5f test %.5f\n", texelLoss(train, w, k), texelLoss(test, w, k))
	w = descend(train, w, k, labelFit(os.Getenv("GOMOKU_AI_TEXEL_ONLY")))
	fmt.Printf("after:  train %.5f test %.5f\n", texelLoss(train, w, k), texelLoss(test, w, k))
	fmt.Print(w.goSource())
}

// labelFit marks the weights to fit: the categories' only ("cat"), the
// patterns' only ("pat") or both; never the tempo, which cancels in
// smoothEval.
func labelFit(only string) *[texelN + 1]bool {
	var fit [texelN + 1]bool
	for role := range 2 {
		for j := range texelSide {
			cat := j >= int(numPats)
			fit[role*texelSide+j] = only == "" || (only == "cat") == cat
		}
	}
	return &fit
}

// labelledPos reads one labelled line: rule, result, score, moves.
func labelledPos(line string, k, lambda float64) (texelPos, bool) {
	fs := strings.Fields(line)
	if len(fs) < 4 {
		return texelPos{}, false
	}
	n, err := strconv.Atoi(fs[0])
	rule, known := gomocupRules[n]
	result, err2 := strconv.ParseFloat(fs[1], 64)
	if err != nil || !known || err2 != nil {
		return texelPos{}, false
	}
	var target float64
	switch {
	case strings.HasPrefix(fs[2], "+v"):
		target = 1
	case strings.HasPrefix(fs[2], "-v"):
		target = 0
	default:
		ev, err := strconv.ParseFloat(fs[2], 64)
		if err != nil {
			return texelPos{}, false
		}
		target = sigmoid(ev / k)
	}
	b := newBoard(15, rule)
	var parent [texelN]float64
	for i, m := range fs[3:] {
		var x, y int
		if _, err := fmt.Sscanf(m, "%d,%d", &x, &y); err != nil || x < 0 || y < 0 || x >= 15 || y >= 15 {
			return texelPos{}, false
		}
		q := b.index(engine.Point{X: x, Y: y})
		if b.cell[q] != cEmpty {
			return texelPos{}, false
		}
		if i == len(fs)-4 {
			parent = texelFeatures(b)
		}
		b.play(q)
	}
	if !texelQuiet(b) {
		return texelPos{}, false
	}
	return texelPos{f: smoothFeatures(texelFeatures(b), parent), result: lambda*result + (1-lambda)*target}, true
}

// smoothFeatures are the features of the searcher's static evaluation
// (smoothEval): half the difference of the position's and its parent's,
// whose mover is the position's opponent. The tempo cancels in it.
func smoothFeatures(cur, parent [texelN]float64) (f [texelN]float64) {
	for i := range f {
		f[i] = (cur[i] - parent[i]) / 2
	}
	return f
}

func envFloat(name string, def float64) float64 {
	if v, err := strconv.ParseFloat(os.Getenv(name), 64); err == nil {
		return v
	}
	return def
}

// TestTexelLabels checks a dumped line round trip: the dump's positions
// read back, labelled, as the positions they were.
func TestTexelLabels(t *testing.T) {
	const sgf = "(;FF[4]GM[4]GN[1]RU[1]SZ[15]PB[a]PW[b]RE[W+1]\n;B[fe];W[kk];B[hi];W[kj];B[fg];W[ij];B[ff];W[fh])\n"
	var sb strings.Builder
	if n := dumpGame(&sb, parseSGFGames(sgf)[0], texelMaxPly); n != 5 {
		t.Fatalf("dumped %d positions, want 5:\n%s", n, sb.String())
	}
	lines := strings.Split(strings.TrimSpace(sb.String()), "\n")
	if lines[0] != "1 1 5,4 10,10 7,8" {
		t.Fatalf("first line %q", lines[0])
	}
	for i, want := range []float64{0.5, 1, 0} {
		score := []string{"0", "+v9", "-v12"}[i]
		p, ok := labelledPos(withScore(lines[1], score), 300, 0)
		if !ok || math.Abs(p.result-want) > 1e-9 {
			t.Errorf("score %s: %v %v, want target %v", score, p.result, ok, want)
		}
	}
	// The model with the current weights is the searcher's static
	// evaluation.
	b := newBoard(15, engine.Standard)
	for _, m := range strings.Fields(lines[4])[2:] {
		var x, y int
		fmt.Sscanf(m, "%d,%d", &x, &y)
		b.play(b.index(engine.Point{X: x, Y: y}))
	}
	p, _ := labelledPos(withScore(lines[4], "0"), 300, 0)
	w := currentWeights()
	w[texelN] = 0
	got, want := w.eval(&p), float64((&searcher{b: b}).smoothEval())
	if math.Abs(got-want) >= 1 || want == 0 {
		t.Errorf("model %v, smoothEval %v", got, want)
	}
	// Fitting the categories only leaves the patterns' weights and the
	// tempo as they were.
	var ps []texelPos
	for _, l := range lines {
		if p, ok := labelledPos(withScore(l, "+v5"), 300, 0); ok {
			ps = append(ps, p)
		}
	}
	fitted := descend(ps, w, 300, labelFit("cat"))
	for j := range fitted {
		isCat := j < texelN && j%texelSide >= int(numPats)
		if !isCat && fitted[j] != w[j] {
			t.Errorf("weight %d, not a category's, moved: %v to %v", j, w[j], fitted[j])
		}
	}
	if low := int(numPats) + int(catLow); fitted[low] == w[low] {
		t.Errorf("the mover's catLow weight did not move from %v", w[low])
	}
	for _, bad := range []string{"1 0 12 5,4 5,4", "2 0 12 5,4", "1 0 x 5,4", "1 0 12 15,4", "1 0 12"} {
		if _, ok := labelledPos(bad, 300, 0); ok {
			t.Errorf("line %q was read", bad)
		}
	}
}

// withScore labels a dumped line with an engine's score.
func withScore(line, score string) string {
	fs := strings.Fields(line)
	return strings.Join(append([]string{fs[0], fs[1], score}, fs[2:]...), " ")
}
