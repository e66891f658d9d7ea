package main

import (
	"errors"
	"fmt"
	"strings"
)

// A strict reader of SGF collections such as the c-gomoku-cli match manager
// writes (-sgf FILE): many game trees in one file, each with a root node
// holding PB, PW and RE. engine.ParseSGF cannot serve here: it reads the
// first game tree only and replays its moves, which also rejects games
// ended off the board (time forfeits, crashes, adjudications). Scoring needs
// only the root of every game, so moves are checked for syntax and dropped.

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

// sgfGame is what scoring needs from the root node of one game.
type sgfGame struct {
	Black, White string // PB and PW
	Result       string // RE as written
	Outcome      outcome
}

// maxTreeDepth bounds the nesting of variations, so that a hostile file
// cannot exhaust the stack (c-gomoku-cli writes none).
const maxTreeDepth = 64

type collectionParser struct {
	s    string
	pos  int
	game int // the game being read, 1-based
}

// parseCollection reads every game tree of an SGF collection, in file
// order. A collection with no game is an error. Errors are *sgfError.
func parseCollection(data []byte) ([]sgfGame, error) {
	p := &collectionParser{s: string(data)}
	var games []sgfGame
	for p.skipSpace(); p.pos < len(p.s); p.skipSpace() {
		if p.s[p.pos] != '(' {
			return nil, p.syntaxf("want '(' to open a game")
		}
		p.pos++
		p.game++
		start := p.pos
		root, err := p.gameTree(0)
		if err != nil {
			return nil, err
		}
		g, err := gameOf(root)
		if err != nil {
			return nil, &sgfError{Game: p.game, Offset: start, Err: err}
		}
		games = append(games, g)
	}
	if len(games) == 0 {
		return nil, p.syntaxf("no game in the file")
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

// gameTree reads a game tree after its '(' through its ')' and returns the
// properties of its first node.
func (p *collectionParser) gameTree(depth int) (map[string][]string, error) {
	if depth > maxTreeDepth {
		return nil, p.syntaxf("variations nested deeper than %d", maxTreeDepth)
	}
	p.skipSpace()
	if p.peek() != ';' {
		return nil, p.syntaxf("want ';' to start a node")
	}
	var first map[string][]string
	for p.skipSpace(); p.peek() == ';'; p.skipSpace() {
		p.pos++
		node, err := p.node()
		if err != nil {
			return nil, err
		}
		if first == nil {
			first = node
		}
	}
	for p.skipSpace(); p.peek() == '('; p.skipSpace() {
		p.pos++
		if _, err := p.gameTree(depth + 1); err != nil {
			return nil, err
		}
	}
	if p.peek() != ')' {
		return nil, p.syntaxf("want ')' to close a game tree")
	}
	p.pos++
	return first, nil
}

// node reads the properties of a node after its ';'. An identifier is
// capital letters (FF[4]) and may appear once in a node.
func (p *collectionParser) node() (map[string][]string, error) {
	node := map[string][]string{}
	for {
		p.skipSpace()
		start := p.pos
		for p.pos < len(p.s) && p.s[p.pos] >= 'A' && p.s[p.pos] <= 'Z' {
			p.pos++
		}
		if p.pos == start {
			// At the end of the input the caller reports the missing ')'.
			if c := p.peek(); p.pos < len(p.s) && c != ';' && c != '(' && c != ')' {
				return nil, p.syntaxf("want a property name (capital letters)")
			}
			return node, nil
		}
		id := p.s[start:p.pos]
		if _, dup := node[id]; dup {
			return nil, p.syntaxf("property %s twice in a node", id)
		}
		var vals []string
		for p.skipSpace(); p.peek() == '['; p.skipSpace() {
			p.pos++
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			vals = append(vals, v)
		}
		if len(vals) == 0 {
			return nil, p.syntaxf("property %s has no value", id)
		}
		node[id] = vals
	}
}

// value reads a property value after its '[' through its ']', undoing the
// escapes: "\]" is "]", "\\" is "\", and an escaped line break (a soft
// break) disappears.
func (p *collectionParser) value() (string, error) {
	var sb strings.Builder
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		p.pos++
		switch c {
		case ']':
			return sb.String(), nil
		case '\\':
			if p.pos >= len(p.s) {
				return "", p.syntaxf("unterminated value")
			}
			c = p.s[p.pos]
			p.pos++
			if c == '\n' || c == '\r' {
				if next := p.peek(); (next == '\n' || next == '\r') && next != c {
					p.pos++
				}
				continue
			}
		}
		sb.WriteByte(c)
	}
	return "", p.syntaxf("unterminated value")
}

func (p *collectionParser) skipSpace() {
	for p.pos < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.pos]) >= 0 {
		p.pos++
	}
}

func (p *collectionParser) peek() byte {
	if p.pos < len(p.s) {
		return p.s[p.pos]
	}
	return 0
}

func (p *collectionParser) syntaxf(format string, args ...any) error {
	return &sgfError{Game: p.game, Offset: p.pos, Err: fmt.Errorf("%w: %s", errSGFSyntax, fmt.Sprintf(format, args...))}
}
