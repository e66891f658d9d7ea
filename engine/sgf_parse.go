package engine

import (
	"fmt"
	"strings"
)

// A minimal reader of SGF's syntax (collections, game trees, nodes,
// properties and escaped values), enough to take the main line of a game.

// sgfProp is a property: its identifier and its values (at least one).
type sgfProp struct {
	id   string
	vals []string
}

// sgfNode is one node's properties, each identifier once.
type sgfNode []sgfProp

// maxSGFDepth bounds the nesting of variations.
const maxSGFDepth = 64

type sgfParser struct {
	s    string
	pos  int
	game int // the game being read in a collection, 1-based (0 = a single game)
}

// SGFError locates a syntax error in SGF text. It wraps ErrBadRecord.
type SGFError struct {
	Game   int // 1-based game of a collection (ReadSGFCollection); 0 before the first or in a single game
	Offset int // byte offset where the problem was noticed
	Reason string
}

func (e *SGFError) Error() string {
	if e.Game == 0 {
		return fmt.Sprintf("%v: SGF at byte %d: %s", ErrBadRecord, e.Offset, e.Reason)
	}
	return fmt.Sprintf("%v: SGF game %d at byte %d: %s", ErrBadRecord, e.Game, e.Offset, e.Reason)
}

func (e *SGFError) Unwrap() error { return ErrBadRecord }

// SGFRoot is a game of a collection: its root node and its main line's
// moves.
type SGFRoot struct {
	Offset int                 // byte offset of the game, just after its '('
	Props  map[string][]string // each property's values by identifier
	Moves  []SGFMove           // the main line's B and W nodes after the root, in order
}

// SGFMove is a move node of a collection's game as written, not replayed:
// its colour, the point's value (such as "hh") and its comment, if any.
type SGFMove struct {
	Color   Color // Black for B, White for W
	Point   string
	Comment string
}

// ReadSGFCollection reads every game tree of an SGF collection, in file
// order, and returns each game's root node and main line's moves; the
// variations are checked for syntax and dropped, and the moves are not
// replayed, so games that end off the board (a time forfeit, an
// adjudication) read as well as any. A collection with no game is an
// error. Errors are *SGFError.
func ReadSGFCollection(data []byte) ([]SGFRoot, error) {
	p := &sgfParser{s: string(data)}
	var roots []SGFRoot
	for p.skipSpace(); p.pos < len(p.s); p.skipSpace() {
		if !p.eat('(') {
			return nil, p.errorf("want '(' to open a game")
		}
		p.game++
		root := SGFRoot{Offset: p.pos, Props: map[string][]string{}}
		var nodes []sgfNode
		if err := p.gameTree(&nodes, 0); err != nil {
			return nil, err
		}
		for _, prop := range nodes[0] {
			root.Props[prop.id] = prop.vals
		}
		root.Moves = sgfMoves(nodes[1:])
		roots = append(roots, root)
	}
	if len(roots) == 0 {
		return nil, p.errorf("no game in the file")
	}
	return roots, nil
}

// sgfMoves takes the B and W values (the first of each) and comments of
// nodes; a node with neither B nor W is left out.
func sgfMoves(nodes []sgfNode) []SGFMove {
	var moves []SGFMove
	for _, n := range nodes {
		var m SGFMove
		for _, prop := range n {
			switch prop.id {
			case "B":
				m.Color, m.Point = Black, prop.vals[0]
			case "W":
				m.Color, m.Point = White, prop.vals[0]
			case "C":
				m.Comment = prop.vals[0]
			}
		}
		if m.Color != Empty {
			moves = append(moves, m)
		}
	}
	return moves
}

// parseSGFMainLine parses the first game tree of an SGF collection and
// returns its main line: the nodes of the sequence followed, at each fork,
// by the first variation. The other variations are checked for syntax and
// dropped; anything after the first game tree is ignored.
func parseSGFMainLine(s string) ([]sgfNode, error) {
	p := &sgfParser{s: s}
	p.skipSpace()
	if !p.eat('(') {
		return nil, p.errorf("want '(' to open a game")
	}
	var nodes []sgfNode
	if err := p.gameTree(&nodes, 0); err != nil {
		return nil, err
	}
	if len(nodes) == 0 {
		return nil, p.errorf("a game with no node")
	}
	return nodes, nil
}

// gameTree reads a game tree after its '(' through its ')'. With main set
// (non-nil) the main line's nodes are appended to it.
func (p *sgfParser) gameTree(main *[]sgfNode, depth int) error {
	if depth > maxSGFDepth {
		return p.errorf("variations nested deeper than %d", maxSGFDepth)
	}
	p.skipSpace()
	if p.peek() != ';' {
		return p.errorf("want ';' to start a node")
	}
	for p.skipSpace(); p.peek() == ';'; p.skipSpace() {
		p.pos++
		node, err := p.node()
		if err != nil {
			return err
		}
		if main != nil {
			*main = append(*main, node)
		}
	}
	first := true
	for p.skipSpace(); p.peek() == '('; p.skipSpace() {
		p.pos++
		var sub *[]sgfNode
		if first {
			sub = main
		}
		if err := p.gameTree(sub, depth+1); err != nil {
			return err
		}
		first = false
	}
	if !p.eat(')') {
		return p.errorf("want ')' to close a game tree")
	}
	return nil
}

// node reads the properties of a node after its ';'.
func (p *sgfParser) node() (sgfNode, error) {
	var node sgfNode
	for {
		p.skipSpace()
		start := p.pos
		for p.pos < len(p.s) && p.s[p.pos] >= 'A' && p.s[p.pos] <= 'Z' {
			p.pos++
		}
		if p.pos == start {
			// At the end of the input the caller reports the missing ')'.
			if c := p.peek(); p.pos < len(p.s) && c != ';' && c != '(' && c != ')' {
				return nil, p.errorf("want a property name (capital letters)")
			}
			return node, nil
		}
		prop := sgfProp{id: p.s[start:p.pos]}
		for p.skipSpace(); p.peek() == '['; p.skipSpace() {
			p.pos++
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			prop.vals = append(prop.vals, v)
		}
		if len(prop.vals) == 0 {
			return nil, p.errorf("property %s has no value", prop.id)
		}
		for _, q := range node {
			if q.id == prop.id {
				return nil, p.errorf("property %s twice in a node", prop.id)
			}
		}
		node = append(node, prop)
	}
}

// value reads a property value after its '[' through its ']', undoing the
// escapes: "\]" is "]", "\\" is "\", and an escaped line break disappears.
func (p *sgfParser) value() (string, error) {
	var sb strings.Builder
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		p.pos++
		switch c {
		case ']':
			return sb.String(), nil
		case '\\':
			if p.pos >= len(p.s) {
				return "", p.errorf("unterminated value")
			}
			c = p.s[p.pos]
			p.pos++
			if c == '\n' || c == '\r' {
				if p.pos < len(p.s) && (p.s[p.pos] == '\n' || p.s[p.pos] == '\r') && p.s[p.pos] != c {
					p.pos++
				}
				continue
			}
		}
		sb.WriteByte(c)
	}
	return "", p.errorf("unterminated value")
}

func (p *sgfParser) skipSpace() {
	for p.pos < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.pos]) >= 0 {
		p.pos++
	}
}

func (p *sgfParser) peek() byte {
	if p.pos < len(p.s) {
		return p.s[p.pos]
	}
	return 0
}

func (p *sgfParser) eat(c byte) bool {
	if p.peek() == c {
		p.pos++
		return true
	}
	return false
}

func (p *sgfParser) errorf(format string, args ...any) error {
	return &SGFError{Game: p.game, Offset: p.pos, Reason: fmt.Sprintf(format, args...)}
}
