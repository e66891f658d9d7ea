package ai

import (
	"fmt"
	"strings"
	"time"
)

// Level is a playing strength. Each level is clearly stronger than the one
// below it and has a per-move time cap.
type Level int

const (
	// Easy is the seeds' tuple (five-window) scorer, choosing at random among
	// equally good points. It does not search.
	Easy Level = iota
	// Medium searches two plies with the four-threat solver.
	Medium
	// Hard searches four plies with short four-threat searches at the
	// leaves, for up to a second.
	Hard
	// Max searches as deep as the time budget allows, with threat-space
	// search (fours and threes) at the root.
	Max
)

// ErrBadLevel is returned by ParseLevel for an unknown name.
var ErrBadLevel = fmt.Errorf("unknown level")

var levelNames = [...]string{"easy", "medium", "hard", "max"}

// Levels lists every level, weakest first.
func Levels() []Level { return []Level{Easy, Medium, Hard, Max} }

func (l Level) String() string {
	if l >= 0 && int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", int(l))
}

// Valid reports whether l is one of the defined levels.
func (l Level) Valid() bool { return l >= Easy && l <= Max }

// ParseLevel reads a level name ("easy", "medium", "hard", "max";
// case-insensitive). Unknown names return an error wrapping ErrBadLevel.
func ParseLevel(s string) (Level, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for i, n := range levelNames {
		if t == n {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("%w: %q (want easy, medium, hard or max)", ErrBadLevel, s)
}

// MoveTime returns the level's per-move time cap: the most a move may take
// whatever budget the request gives. For Max it is the default budget used
// when the request gives none; a request's TimeLimit overrides it.
func (l Level) MoveTime() time.Duration {
	switch l {
	case Easy:
		return 50 * time.Millisecond
	case Medium:
		return 300 * time.Millisecond
	case Hard:
		return time.Second
	}
	return 3 * time.Second
}

// params are the search settings of a level.
type params struct {
	maxDepth int   // iterative deepening limit
	vcfDepth int   // plies of fours at the root
	vctDepth int   // threes allowed in the root threat search (0 = none)
	ttMiB    int   // transposition table size
	leafVCF  int   // plies of fours tried at the leaves (0 = none)
	width    int   // moves searched at an ordinary node
	vctNodes int64 // node budget of the root threat search
	// threatExt searches the defences against an open three at the leaves.
	threatExt bool
	// defendExt searches the exact defences against an open three without
	// using depth.
	defendExt bool
	// deepLMR reduces late quiet moves by more than a ply at deep nodes.
	deepLMR bool
	// narrow, if set, caps the width at narrow+depth left.
	narrow int
	// threatOnly is how many plies above the horizon only threats are
	// searched (0 = none).
	threatOnly int
	// verify is how many root moves are checked, best first, for leaving the
	// opponent a VCT (0 = none).
	verify int
	// classic searches below the root with the classical searcher
	// (classic.go) instead of negamax; of the settings above it uses only
	// maxDepth, ttMiB and the root's (vcfDepth, vctDepth, vctNodes, verify).
	classic bool
}

func (l Level) params() params {
	switch l {
	case Medium:
		// A two-ply look-ahead with the four-threat solver at the root: it
		// never misses a five, a four or an open three, but plans little.
		return params{maxDepth: 2, vcfDepth: 10, ttMiB: 2, width: 10}
	case Hard:
		// Four plies with short VCFs at the leaves. The depth limits of
		// Medium and Hard keep each level clearly below the next at any
		// time per move (measured with TestTune and cmd/match).
		return params{maxDepth: 4, vcfDepth: 20, ttMiB: 8, leafVCF: 4, width: 14}
	}
	// Max searches with the classical searcher (classic.go) below the root,
	// after the root's threat searches: against PentaZen at 0.5 s a move it
	// scored 11-48-1 on openings 21-50 where negamax scored 5-55, and 32-28
	// where negamax scored 19-41 with PentaZen at 0.1 s (docs/ai.md). The
	// negamax settings below stay for TestTune's "negamax" setting, which
	// switches classic off. Max does not verify its move against the
	// opponent's VCT (verify 0): the verification kept 15% of the budget
	// back and most often used little of it, and the classical searcher
	// gains from time (PentaZen at 0.1 s, openings 21-50: 33-27 and 33-26-1
	// without it, 27-31-2 with it).
	return params{maxDepth: 60, vcfDepth: 40, vctDepth: 4, ttMiB: 32, leafVCF: 10, width: 12, narrow: 3,
		vctNodes: 400000, defendExt: true, deepLMR: true, threatOnly: 3, classic: true}
}
