package ai

import (
	"testing"

	"github.com/gomokud/gomoku/engine"
)

// mustBoard parses a diagram.
func mustBoard(tb testing.TB, diagram string) *engine.Board {
	tb.Helper()
	b, err := engine.ParseBoard(diagram)
	if err != nil {
		tb.Fatalf("ParseBoard: %v", err)
	}
	return b
}

// boardMoves lists the stones of b as moves (black first where possible, so
// the order looks like a game; the order does not matter to Think).
func boardMoves(b *engine.Board) []engine.Move {
	var blacks, whites []engine.Move
	n := b.Size()
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			p := engine.Point{X: x, Y: y}
			switch b.At(p) {
			case engine.Black:
				blacks = append(blacks, engine.Move{Point: p, Color: engine.Black})
			case engine.White:
				whites = append(whites, engine.Move{Point: p, Color: engine.White})
			}
		}
	}
	var out []engine.Move
	for i := 0; i < len(blacks) || i < len(whites); i++ {
		if i < len(blacks) {
			out = append(out, blacks[i])
		}
		if i < len(whites) {
			out = append(out, whites[i])
		}
	}
	return out
}

// linePattern is black's pattern at the centre of row under rule.
func linePattern(row string, rule engine.Rule) uint8 {
	tab := getTables(rule)
	var key uint32
	for o := -halfLine; o <= halfLine; o++ {
		if o == 0 {
			continue
		}
		var v uint32
		switch row[o+halfLine] {
		case 'x':
			v = uint32(cBlack)
		case 'o':
			v = uint32(cWhite)
		case '#':
			v = uint32(cWall)
		}
		key |= v << keyShift(o)
	}
	return tab.line[tab.index((key>>tab.shift)&tab.mask)] & 15
}
