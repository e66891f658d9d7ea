package engine

import "testing"

// midgame is a renju middle game with black to move (forbidden points near f5).
const midgame = `
	. . . . . . . . . . . . . . .
	. . . . . . . . . . . . . . .
	. . . . . . . . . . . . . . .
	. . . . . . . . . . . . . . .
	. . . . . . o . . . . . . . .
	. . . . . x . o x . . . . . .
	. . . . o x x o . . . . . . .
	. . . . x o x x o . . . . . .
	. . . . . x o x o . . . . . .
	. . . . x . o x . . . . . . .
	. . . . . . . o . . . . . . .
	. . . . . . . . . . . . . . .
	. . . . . . . . . . . . . . .
	. . . . . . . . . . . . . . .
	. . . . . . . . . . . . . . .`

// BenchmarkPlayUndo measures one move with its win check (and its takeback,
// so the position stays the same).
func BenchmarkPlayUndo(b *testing.B) {
	g, _ := NewGame(Options{Size: 15, Rule: Freestyle})
	for _, m := range []Point{{7, 7}, {8, 8}, {6, 6}, {9, 9}} {
		g.Play(m)
	}
	p := Point{7, 8}
	b.ReportAllocs()
	for b.Loop() {
		if err := g.Play(p); err != nil {
			b.Fatal(err)
		}
		g.Undo(1)
	}
}

// BenchmarkSetWin is the bare board path: place, judge, remove.
func BenchmarkSetWin(b *testing.B) {
	bd := mustBoard(b, midgame)
	p := Point{10, 10}
	b.ReportAllocs()
	for b.Loop() {
		bd.Set(p, Black)
		if bd.Win(p, Renju) {
			b.Fatal("win")
		}
		bd.Clear(p)
	}
}

func BenchmarkForbiddenAt(b *testing.B) {
	bd := mustBoard(b, midgame)
	var pts []Point
	for y := 0; y < 15; y++ {
		for x := 0; x < 15; x++ {
			if bd.At(Point{x, y}) == Empty && bd.crowded(bd.index(Point{x, y})) {
				pts = append(pts, Point{x, y})
			}
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		bd.ForbiddenAt(pts[n%len(pts)])
		n++
	}
}

func BenchmarkAppendForbidden(b *testing.B) {
	bd := mustBoard(b, midgame)
	dst := make([]Point, 0, 64)
	b.ReportAllocs()
	for b.Loop() {
		dst = bd.AppendForbidden(dst[:0])
	}
}

// BenchmarkForbiddenAtRecursive judges the golden position whose answer
// depends on three levels of the recursive definition of a three.
func BenchmarkForbiddenAtRecursive(b *testing.B) {
	var bd *Board
	var p Point
	for _, tc := range threeCases {
		if tc.name == "true three three levels down: the double-three's own three is false" {
			bd, p = tc.position(b)
		}
	}
	if bd == nil {
		b.Fatal("golden case not found")
	}
	b.ReportAllocs()
	for b.Loop() {
		if bd.ForbiddenAt(p) != DoubleThree {
			b.Fatal("wrong answer")
		}
	}
}
