package engine

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// PSQ is the record format of Piskvork, the Gomocup tournament manager:
//
//	Piskvorky 20x20, 11:11, 0
//	10,10,1520
//	11,11,982
//	...
//	pbrain-black.exe
//	pbrain-white.exe
//	-1
//
// The first line gives the board's width and height (the rest of it is
// Piskvork's own settings). Each move line is "x,y,time": x and y count from
// 1, x from the left and y from the top, and time is the milliseconds the
// move took. After the moves Piskvork may write the two players' names, black
// first, and a status number. PSQ says nothing of the rule, the result, the
// date or the time control. A game's opening (record_opening.go) is written
// after the status number, as the text record's header lines:
//
//	-1
//	Opening: swap2
//	Opener: white
//	OpeningLog: place h8, place i9, place j10, two, place g7, place k11, white

// EncodePSQ writes r in Piskvork's PSQ format: the header, the moves with
// their times rounded to milliseconds, and, when both are set, the two names
// followed by "-1". It fails, wrapping ErrBadRecord, if r is not a legal game
// or a name would read back as a move or a number.
func (r *Record) EncodePSQ() ([]byte, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	withNames := r.Black != "" && r.White != ""
	if withNames {
		for _, name := range []string{r.Black, r.White} {
			if !psqName(name) {
				return nil, fmt.Errorf("%w: PSQ cannot hold the name %q", ErrBadRecord, name)
			}
		}
	}
	var sb strings.Builder
	sb.Grow(32 + 16*len(r.Moves))
	fmt.Fprintf(&sb, "Piskvorky %dx%d, 11:11, 0\n", r.Size, r.Size)
	for _, m := range r.Moves {
		x, y := m.Point.X+1, r.Size-m.Point.Y
		sb.WriteString(strconv.Itoa(x))
		sb.WriteByte(',')
		sb.WriteString(strconv.Itoa(y))
		sb.WriteByte(',')
		sb.WriteString(strconv.FormatInt(m.Time.Milliseconds(), 10))
		sb.WriteByte('\n')
	}
	if withNames {
		sb.WriteString(r.Black)
		sb.WriteByte('\n')
		sb.WriteString(r.White)
		sb.WriteByte('\n')
	}
	if withNames || r.Opening != "" {
		sb.WriteString("-1\n")
	}
	r.writeOpening(&sb)
	return []byte(sb.String()), nil
}

// psqName reports whether a name reads back from a PSQ file as a name: not
// empty, no comma (a move line) and not a number (the status line).
func psqName(s string) bool {
	if s == "" || strings.ContainsRune(s, ',') {
		return false
	}
	_, err := strconv.Atoi(s)
	return err != nil
}

// ParsePSQ reads a PSQ record. PSQ does not name the rule, so the caller
// gives it; the moves are replayed under it and the result is what they give
// (a five, a full board, or unfinished). Times are milliseconds. Errors wrap
// ErrBadRecord and name the line.
func ParsePSQ(data []byte, rule Rule) (*Record, error) {
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	size, err := parsePSQHeader(strings.TrimSpace(lines[0]))
	if err != nil {
		return nil, err
	}
	r := &Record{Rule: rule, Size: size, Moves: []RecordMove{}}
	n := 1
	for ; n < len(lines); n++ {
		line := strings.TrimSpace(lines[n])
		if line == "" {
			continue
		}
		if !strings.ContainsRune(line, ',') {
			break
		}
		m, err := parsePSQMove(line, size)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n+1, err)
		}
		r.Moves = append(r.Moves, m)
	}
	var tail []string
	for ; n < len(lines); n++ {
		if line := strings.TrimSpace(lines[n]); line != "" {
			tail = append(tail, line)
		}
	}
	if err := r.setPSQTail(tail); err != nil {
		return nil, err
	}
	if err := r.resultFromMoves(); err != nil {
		return nil, err
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	return r, nil
}

// parsePSQHeader reads "Piskvorky WxH, ..." and returns the size.
func parsePSQHeader(line string) (int, error) {
	rest, ok := strings.CutPrefix(line, "Piskvorky ")
	if !ok {
		return 0, fmt.Errorf("%w: line 1: want \"Piskvorky 15x15, 11:11, 0\", got %.40q", ErrBadRecord, line)
	}
	dims, _, _ := strings.Cut(rest, ",")
	ws, hs, ok := strings.Cut(strings.TrimSpace(dims), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil {
		return 0, fmt.Errorf("%w: line 1: board %.20q is not WxH", ErrBadRecord, dims)
	}
	if w != h {
		return 0, fmt.Errorf("%w: %w: %dx%d is not square", ErrBadRecord, ErrBadSize, w, h)
	}
	if err := CheckSize(w); err != nil {
		return 0, fmt.Errorf("%w: %w", ErrBadRecord, err)
	}
	return w, nil
}

// parsePSQMove reads "x,y" or "x,y,time" (1-based, y from the top, time in ms).
func parsePSQMove(line string, size int) (RecordMove, error) {
	var m RecordMove
	f := strings.Split(line, ",")
	if len(f) < 2 || len(f) > 3 {
		return m, fmt.Errorf("%w: want x,y,time, got %.40q", ErrBadRecord, line)
	}
	var v [3]int
	for i, s := range f {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return m, fmt.Errorf("%w: want x,y,time, got %.40q", ErrBadRecord, line)
		}
		v[i] = n
	}
	if v[0] < 1 || v[0] > size || v[1] < 1 || v[1] > size {
		return m, fmt.Errorf("%w: %w: %d,%d on a %dx%d board", ErrBadRecord, ErrOffBoard, v[0], v[1], size, size)
	}
	if v[2] < 0 || int64(v[2]) > int64(time.Duration(1<<62)/time.Millisecond) {
		return m, fmt.Errorf("%w: time %d ms", ErrBadRecord, v[2])
	}
	m.Point = Point{X: v[0] - 1, Y: size - v[1]}
	m.Time = time.Duration(v[2]) * time.Millisecond
	return m, nil
}

// setPSQTail reads what follows the moves: up to two names (black's, then
// white's), an optional status number, and after it the opening's lines.
func (r *Record) setPSQTail(tail []string) error {
	for k, line := range tail {
		if _, err := strconv.Atoi(line); err == nil {
			if err := r.setPSQOpening(tail[k+1:]); err != nil {
				return err
			}
			tail = tail[:k]
			break
		}
	}
	if len(tail) > 2 {
		return fmt.Errorf("%w: %d lines after the moves, want two names and a number", ErrBadRecord, len(tail)+1)
	}
	for _, name := range tail {
		if !psqName(name) {
			return fmt.Errorf("%w: %.40q after the moves is neither a name nor a number", ErrBadRecord, name)
		}
	}
	if len(tail) > 0 {
		r.Black = tail[0]
	}
	if len(tail) > 1 {
		r.White = tail[1]
	}
	return nil
}

// setPSQOpening reads the "Key: value" opening lines after the status number.
func (r *Record) setPSQOpening(lines []string) error {
	seen := map[string]bool{}
	offers := ""
	for _, line := range lines {
		key, value, ok := strings.Cut(line, ":")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !ok || seen[key] {
			return fmt.Errorf("%w: %.40q after the status is not a new opening line", ErrBadRecord, line)
		}
		seen[key] = true
		known, err := r.setOpeningHeader(key, value, &offers)
		if !known {
			return fmt.Errorf("%w: %.40q after the status is not an opening line (%s)", ErrBadRecord, line,
				strings.Join(openingKeys, ", "))
		}
		if err != nil {
			return err
		}
	}
	return r.setOffers(offers)
}
