package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// SGF (Smart Game Format, FF[4]) with GM[4], the game number of
// Gomoku/Renju, so that records open in common board viewers:
//
//	(;FF[4]GM[4]CA[UTF-8]AP[gomokud]SZ[15]RU[renju]PB[alice]PW[bob]
//	DT[2026-11-23]TC[10m+5s]RE[B+]
//	;B[hh];W[ii];B[jj])
//
// A point is two letters, column then row, both counted from "a" at the top
// left, so h8 on 15x15 is "hh". RE follows SGF: "B+" or "W+" for a win on the
// board, "B+R" resignation, "B+T" time, "B+F" forfeit (abandonment), "0" a
// draw, "Void" an aborted game; no RE is an unfinished game. The time control
// goes in the private property TC. Move times are not stored. A game's
// opening (record_opening.go) goes in the root: the rule in the standard
// game-info property ON ("Opening"), the rest in private properties: OP (the
// opener's colour, B or W), OF (the offered fifth moves, one point a value)
// and OL (the opening's actions, one a value):
//
//	ON[taraguchi-10]OP[B]OF[ao][bo]...OL[place h8][stay]...

// EncodeSGF writes r as an SGF FF[4] GM[4] game. It fails, wrapping
// ErrBadRecord, if r is not a legal game.
func (r *Record) EncodeSGF() ([]byte, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	var sb strings.Builder
	sb.Grow(128 + 6*len(r.Moves))
	sb.WriteString("(;FF[4]GM[4]CA[UTF-8]AP[gomokud]SZ[")
	sb.WriteString(strconv.Itoa(r.Size))
	sb.WriteString("]RU[")
	sb.WriteString(r.Rule.String())
	sb.WriteByte(']')
	for _, p := range []struct{ id, v string }{
		{"PB", r.Black}, {"PW", r.White}, {"DT", r.Date}, {"TC", r.TimeControl}, {"RE", sgfResult(r.Result)},
	} {
		if p.v != "" {
			sb.WriteString(p.id)
			sb.WriteByte('[')
			sb.WriteString(sgfEscape(p.v))
			sb.WriteByte(']')
		}
	}
	r.writeSGFOpening(&sb)
	sb.WriteByte('\n')
	for i, m := range r.Moves {
		if i > 0 && i%12 == 0 {
			sb.WriteByte('\n')
		}
		if i%2 == 0 {
			sb.WriteString(";B[")
		} else {
			sb.WriteString(";W[")
		}
		sb.WriteByte(byte('a' + m.Point.X))
		sb.WriteByte(byte('a' + r.Size - 1 - m.Point.Y))
		sb.WriteByte(']')
	}
	sb.WriteString(")\n")
	return []byte(sb.String()), nil
}

// sgfEscape escapes the characters SGF text values reserve.
func sgfEscape(s string) string {
	if !strings.ContainsAny(s, `]\`) {
		return s
	}
	return strings.NewReplacer(`\`, `\\`, `]`, `\]`).Replace(s)
}

// sgfResult is RE's value for rr; "" for an unfinished game.
func sgfResult(rr RecordResult) string {
	switch rr.Reason {
	case ReasonNone:
		return ""
	case ReasonAborted:
		return "Void"
	case ReasonFullBoard, ReasonAgreement:
		return "0"
	}
	side := "B+"
	if rr.Winner == White {
		side = "W+"
	}
	switch rr.Reason {
	case ReasonResign:
		return side + "R"
	case ReasonTimeout:
		return side + "T"
	case ReasonAbandon:
		return side + "F"
	}
	return side
}

// ParseSGF reads the main line of the first game in an SGF collection:
// FF[4] (or older) with GM[4] (a missing GM is accepted), SZ (default 15), RU
// (a rule name; default freestyle), PB, PW, DT, TC, RE and one B or W move per
// node, black first and alternating. Setup stones (AB, AW, AE) and passes are
// errors, and so is a result that does not fit the moves. A board win in RE
// ("B+", "W+" with no reason or any reason other than R, T, F) must be a win
// by five on the board; a draw is a full-board draw if the board is full and
// a draw by agreement otherwise. Errors wrap ErrBadRecord.
func ParseSGF(data []byte) (*Record, error) {
	nodes, err := parseSGFMainLine(string(data))
	if err != nil {
		return nil, err
	}
	r := &Record{Rule: Freestyle, Size: DefaultSize, Moves: []RecordMove{}}
	re, hasRE := "", false
	var offers []string
	for i, node := range nodes {
		for _, p := range node {
			if i > 0 && sgfRootProp(p.id) {
				return nil, fmt.Errorf("%w: %s outside the root node", ErrBadRecord, p.id)
			}
			switch p.id {
			case "RE":
				hasRE = true
			case "OF":
				offers = p.vals
			case "OL":
				r.OpeningLog = sgfTexts(p.vals)
			}
			if err := r.setSGFProp(p, &re); err != nil {
				return nil, err
			}
		}
	}
	if err := r.setSGFOffers(offers); err != nil {
		return nil, err
	}
	for i, node := range nodes {
		moves := 0
		for _, p := range node {
			if p.id != "B" && p.id != "W" {
				continue
			}
			if moves++; moves > 1 || len(p.vals) > 1 {
				return nil, fmt.Errorf("%w: node %d holds more than one move", ErrBadRecord, i+1)
			}
			want := "B"
			if len(r.Moves)%2 == 1 {
				want = "W"
			}
			if p.id != want {
				return nil, fmt.Errorf("%w: node %d: move %d is %s's, not %s", ErrBadRecord, i+1, len(r.Moves)+1, want, p.id)
			}
			pt, err := sgfPoint(p.vals[0], r.Size)
			if err != nil {
				return nil, fmt.Errorf("node %d: %w", i+1, err)
			}
			r.Moves = append(r.Moves, RecordMove{Point: pt})
		}
	}
	if err := r.resultFromMoves(); err != nil {
		return nil, err
	}
	if hasRE {
		if err := r.setSGFResult(re); err != nil {
			return nil, err
		}
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	return r, nil
}

func sgfRootProp(id string) bool {
	switch id {
	case "FF", "GM", "SZ", "CA", "AP", "ST":
		return true
	}
	return false
}

// setSGFProp stores one property other than a move; unknown properties
// (comments, annotations, viewer settings) are ignored.
func (r *Record) setSGFProp(p sgfProp, re *string) error {
	v := strings.TrimSpace(p.vals[0])
	var err error
	switch p.id {
	case "B", "W":
		return nil // read in order by ParseSGF
	case "AB", "AW", "AE":
		return fmt.Errorf("%w: setup stones (%s) are not supported", ErrBadRecord, p.id)
	case "GM":
		if v != "4" {
			return fmt.Errorf("%w: GM[%.10s] is not Gomoku/Renju (GM[4])", ErrBadRecord, v)
		}
	case "FF":
		if n, e := strconv.Atoi(v); e != nil || n < 1 || n > 4 {
			return fmt.Errorf("%w: FF[%.10s]", ErrBadRecord, v)
		}
	case "SZ":
		if w, h, ok := strings.Cut(v, ":"); ok && w == h {
			v = w
		}
		r.Size, err = strconv.Atoi(v)
		if err == nil {
			err = CheckSize(r.Size)
		}
	case "RU":
		r.Rule, err = ParseRule(v)
	case "PB":
		r.Black = sgfText(v)
	case "PW":
		r.White = sgfText(v)
	case "DT":
		r.Date = sgfText(v)
	case "TC":
		r.TimeControl = sgfText(v)
	case "RE":
		*re = v
	case "ON":
		r.Opening = sgfText(v)
	case "OP":
		switch v {
		case "B":
			r.Opener = Black
		case "W":
			r.Opener = White
		default:
			return fmt.Errorf("%w: OP[%.10s] is not B or W", ErrBadRecord, v)
		}
	}
	if err != nil {
		return fmt.Errorf("%w: %s: %w", ErrBadRecord, p.id, err)
	}
	return nil
}

// sgfText turns an SGF SimpleText value into one line: line breaks become spaces.
func sgfText(s string) string {
	s = strings.NewReplacer("\r\n", " ", "\n\r", " ", "\n", " ", "\r", " ", "\t", " ").Replace(s)
	return strings.TrimSpace(s)
}

// setSGFResult turns RE's value into the record's result, given that Result
// already holds what the moves give.
func (r *Record) setSGFResult(re string) error {
	board := r.Result
	bad := func() error {
		return fmt.Errorf("%w: RE[%.20s] does not fit the moves (%s)", ErrBadRecord, re, board)
	}
	switch {
	case re == "" || re == "?":
		return nil
	case re == "Void":
		r.Result = RecordResult{Reason: ReasonAborted}
	case re == "0" || re == "Draw" || re == "Jigo":
		r.Result = RecordResult{Reason: ReasonAgreement}
		if board.Reason == ReasonFullBoard {
			r.Result = board
		}
	case strings.HasPrefix(re, "B+") || strings.HasPrefix(re, "W+"):
		winner := Black
		if re[0] == 'W' {
			winner = White
		}
		switch strings.ToUpper(re[2:]) {
		case "R", "RESIGN":
			r.Result = RecordResult{winner, ReasonResign}
		case "T", "TIME":
			r.Result = RecordResult{winner, ReasonTimeout}
		case "F", "FORFEIT":
			r.Result = RecordResult{winner, ReasonAbandon}
		default:
			if board.Reason != ReasonFive || board.Winner != winner {
				return bad()
			}
		}
	default:
		return fmt.Errorf("%w: RE[%.20s]", ErrBadRecord, re)
	}
	return nil
}

// sgfPoint reads a two-letter SGF point on a board of the given size.
func sgfPoint(v string, size int) (Point, error) {
	if v == "" || (v == "tt" && size <= 19) { // FF[3] wrote a pass as tt
		return NoPoint, fmt.Errorf("%w: a pass is not a gomoku move", ErrBadRecord)
	}
	if len(v) != 2 || v[0] < 'a' || v[1] < 'a' || int(v[0]-'a') >= size || int(v[1]-'a') >= size {
		return NoPoint, fmt.Errorf("%w: %w: SGF point %.10q on a %dx%d board", ErrBadRecord, ErrOffBoard, v, size, size)
	}
	return Point{X: int(v[0] - 'a'), Y: size - 1 - int(v[1]-'a')}, nil
}

// writeSGFOpening writes the opening's root properties: ON, OP, OF, OL.
func (r *Record) writeSGFOpening(sb *strings.Builder) {
	if r.Opening == "" {
		return
	}
	sb.WriteString("ON[")
	sb.WriteString(r.Opening) // a plain name: nothing to escape
	sb.WriteByte(']')
	switch r.Opener {
	case Black:
		sb.WriteString("OP[B]")
	case White:
		sb.WriteString("OP[W]")
	}
	if len(r.Offers) > 0 {
		sb.WriteString("OF")
		for _, p := range r.Offers {
			sb.WriteByte('[')
			sb.WriteByte(byte('a' + p.X))
			sb.WriteByte(byte('a' + r.Size - 1 - p.Y))
			sb.WriteByte(']')
		}
	}
	if len(r.OpeningLog) > 0 {
		sb.WriteString("OL")
		for _, a := range r.OpeningLog {
			sb.WriteByte('[')
			sb.WriteString(sgfEscape(a))
			sb.WriteByte(']')
		}
	}
}

// sgfTexts reads the values of a list of SimpleText values.
func sgfTexts(vals []string) []string {
	out := make([]string, len(vals))
	for i, v := range vals {
		out[i] = sgfText(v)
	}
	return out
}

// setSGFOffers reads OF's points once the size is known.
func (r *Record) setSGFOffers(vals []string) error {
	if len(vals) > maxOffers {
		return fmt.Errorf("%w: more than %d offered fifth moves", ErrBadRecord, maxOffers)
	}
	for _, v := range vals {
		p, err := sgfPoint(v, r.Size)
		if err != nil {
			return fmt.Errorf("OF: %w", err)
		}
		r.Offers = append(r.Offers, p)
	}
	return nil
}
