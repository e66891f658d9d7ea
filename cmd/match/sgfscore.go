package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gomokud/gomoku/engine"
)

// The games of SGF collections such as the c-gomoku-cli match manager writes
// (-sgf FILE): many game trees in one file, each with a root node holding
// PB, PW and RE. engine.ParseSGF cannot serve here: it reads the first game
// tree only and replays its moves, which also rejects games ended off the
// board (time forfeits, crashes, adjudications). Scoring needs only the
// root of every game, which engine.ReadSGFCollection reads, strictly.

// Errors wrapped by every error parseCollection returns.
var (
	errSGFSyntax = errors.New("malformed SGF")
	errSGFGame   = errors.New("unusable game") // PB, PW or RE missing, repeated or unknown
)

// sgfError locates a problem in a collection.
type sgfError struct {
	Game   int   // 1-based position of the game in the file; 0 before the first
	Offset int   // byte offset where the problem was noticed
	Err    error // wraps errSGFSyntax or errSGFGame
}

func (e *sgfError) Error() string {
	if e.Game == 0 {
		return fmt.Sprintf("byte %d: %v", e.Offset, e.Err)
	}
	return fmt.Sprintf("game %d (byte %d): %v", e.Game, e.Offset, e.Err)
}

func (e *sgfError) Unwrap() error { return e.Err }

// outcome is a game's result from the board's point of view.
type outcome int

const (
	draw outcome = iota
	blackWins
	whiteWins
)

// sgfGame is what scoring needs from one game: its root node's players and
// result, and its opening.
type sgfGame struct {
	Black, White string // PB and PW
	Result       string // RE as written
	Outcome      outcome
	// Opening is the game's leading moves that c-gomoku-cli comments
	// "opening move" (the stones it placed before the engines played),
	// each as colour and point ("bhh"); none if no move says so.
	Opening []string
}

// openingComment is how c-gomoku-cli marks the moves it placed itself.
const openingComment = "opening move"

// parseCollection reads every game of an SGF collection (engine's reader),
// in file order, and takes each one's players and result. A collection with
// no game is an error. Errors are *sgfError.
func parseCollection(data []byte) ([]sgfGame, error) {
	roots, err := engine.ReadSGFCollection(data)
	var se *engine.SGFError
	if errors.As(err, &se) {
		return nil, &sgfError{Game: se.Game, Offset: se.Offset, Err: fmt.Errorf("%w: %s", errSGFSyntax, se.Reason)}
	}
	if err != nil {
		return nil, err
	}
	games := make([]sgfGame, 0, len(roots))
	for i, r := range roots {
		g, err := gameOf(r.Props)
		if err != nil {
			return nil, &sgfError{Game: i + 1, Offset: r.Offset, Err: err}
		}
		for _, m := range r.Moves {
			if m.Comment != openingComment {
				break
			}
			g.Opening = append(g.Opening, m.Color.String()[:1]+m.Point)
		}
		games = append(games, g)
	}
	return games, nil
}

// gameOf takes the players and the result from a game's root node.
func gameOf(root map[string][]string) (sgfGame, error) {
	var vals [3]string
	for i, id := range []string{"PB", "PW", "RE"} {
		v, ok := root[id]
		switch {
		case !ok:
			return sgfGame{}, fmt.Errorf("%w: no %s in the root node", errSGFGame, id)
		case len(v) != 1:
			return sgfGame{}, fmt.Errorf("%w: %s has %d values", errSGFGame, id, len(v))
		case strings.TrimSpace(v[0]) == "":
			return sgfGame{}, fmt.Errorf("%w: %s is empty", errSGFGame, id)
		}
		vals[i] = v[0]
	}
	o, err := parseOutcome(vals[2])
	if err != nil {
		return sgfGame{}, err
	}
	return sgfGame{Black: vals[0], White: vals[1], Result: vals[2], Outcome: o}, nil
}

// parseOutcome reads RE. c-gomoku-cli writes "B+1", "W+1" or "0" (a draw on
// a full board or by adjudication), and "*" for a game it did not finish;
// SGF also allows "B+R", "W+T", "Draw" and so on. "*", "Void" and "?" say
// the game has no result, so they are errors rather than draws, and so is
// anything else not in the SGF's forms: a miscounted score is worse than
// none.
func parseOutcome(re string) (outcome, error) {
	switch {
	case strings.HasPrefix(re, "B+"):
		return blackWins, nil
	case strings.HasPrefix(re, "W+"):
		return whiteWins, nil
	case re == "0" || re == "Draw":
		return draw, nil
	}
	return draw, fmt.Errorf("%w: result RE[%s] is neither a win (B+, W+) nor a draw (0, Draw)", errSGFGame, re)
}
