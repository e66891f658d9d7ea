package loadtest

import (
	"math/rand/v2"

	"github.com/gomokud/gomoku/engine"
)

// script is the moves of one scripted game: black plays black[0],
// black[1]... and white white[0]... alternately. The two sets colour the
// whole board so that no five (or longer) line of one colour exists, so no
// prefix of the game is won: a game lasts until the board is full (a draw)
// or a side runs out of moves (it resigns) unless the run ends first.
type script struct {
	black, white []string
}

// newScript colours the board by (x + 2y + shift) mod 4 < 2: rows run in
// pairs (bbww), columns alternate, both diagonals run in pairs, so no line
// of one colour is longer than two. Black gets the larger set (it moves
// first); each set is played in a random order.
func newScript(size int, rng *rand.Rand) script {
	shift := rng.IntN(4)
	var a, b []string
	for y := range size {
		for x := range size {
			p := engine.Point{X: x, Y: y}.String()
			if (x+2*y+shift)%4 < 2 {
				a = append(a, p)
			} else {
				b = append(b, p)
			}
		}
	}
	if len(a) < len(b) {
		a, b = b, a
	}
	rng.Shuffle(len(a), func(i, j int) { a[i], a[j] = a[j], a[i] })
	rng.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
	return script{black: a, white: b}
}

// move returns the move of colour black (or white) at ply (the number of
// moves already played), or false when that side has no move left.
func (s script) move(black bool, ply int) (string, bool) {
	set, k := s.white, (ply-1)/2
	if black {
		set, k = s.black, ply/2
	}
	if k < 0 || k >= len(set) {
		return "", false
	}
	return set[k], true
}
