package engine

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The text record is the readable form of a game, the successor of the
// seeds' saved "[Black]:(H,8)" records, in standard notation:
//
//	Black: alice
//	White: bob
//	Rule: renju
//	Size: 15
//	TimeControl: 10m+5s
//	Date: 2026-11-23
//	Result: black wins by five
//
//	1. [Black] h8 2.5s
//	2. [White] i9
//	3. [Black] j10 1m3s
//
// Header lines come first, one "Key: value" each; Rule, Size and Result are
// always written, the others when set. A game with an opening rule has its
// opening headers after Size (see record_opening.go):
//
//	Opening: soosorv-8
//	Opener: white
//	Offers: a1 o15
//	OpeningLog: place h8, place h9, place j10, swap, place i8, declare 2, stay, offer a1 o15, choose o15
// A move line has its number, the side
// and the point, and optionally the time spent as a Go duration. Blank lines
// and lines starting with '#' are ignored. The seeds' own move lines,
// "[Black]:(H,8)", are read too.

// Text header keys, in the order EncodeText writes them.
var textKeys = []string{"Black", "White", "Rule", "Size", "TimeControl", "Date", "Result"}

// EncodeText writes r as a text record. It fails, wrapping ErrBadRecord, if r
// is not a legal game (see Record.Validate).
func (r *Record) EncodeText() ([]byte, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	var sb strings.Builder
	sb.Grow(128 + 20*len(r.Moves))
	values := []string{r.Black, r.White, r.Rule.String(), strconv.Itoa(r.Size), r.TimeControl, r.Date, r.Result.String()}
	for i, k := range textKeys {
		if k == "TimeControl" {
			r.writeOpening(&sb)
		}
		if values[i] != "" {
			sb.WriteString(k)
			sb.WriteString(": ")
			sb.WriteString(values[i])
			sb.WriteByte('\n')
		}
	}
	sb.WriteByte('\n')
	for i, m := range r.Moves {
		side := "[Black]"
		if i%2 == 1 {
			side = "[White]"
		}
		sb.WriteString(strconv.Itoa(i + 1))
		sb.WriteString(". ")
		sb.WriteString(side)
		sb.WriteByte(' ')
		sb.WriteString(m.Point.String())
		if m.Time > 0 {
			sb.WriteByte(' ')
			sb.WriteString(m.Time.String())
		}
		sb.WriteByte('\n')
	}
	return []byte(sb.String()), nil
}

// ParseText reads a text record and checks it by replaying its moves. Rule
// defaults to freestyle and Size to 15 when their lines are missing; Result
// defaults to what the moves give (a five, a full board, or unfinished).
// Errors wrap ErrBadRecord and name the line.
func ParseText(data []byte) (*Record, error) {
	r := &Record{Rule: Freestyle, Size: DefaultSize}
	seen := map[string]bool{}
	var later textLater
	type pending struct {
		line int
		f    []string
	}
	var moves []pending
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if line[0] >= '0' && line[0] <= '9' {
			moves = append(moves, pending{n + 1, strings.Fields(line)})
			continue
		}
		if line[0] == '[' {
			f, err := legacyMove(line, len(moves))
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", n+1, err)
			}
			moves = append(moves, pending{n + 1, f})
			continue
		}
		if len(moves) > 0 {
			return nil, fmt.Errorf("%w: line %d: header after the moves", ErrBadRecord, n+1)
		}
		key, value, ok := strings.Cut(line, ":")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !ok || seen[key] {
			return nil, fmt.Errorf("%w: line %d: want a new \"Key: value\" header, got %q", ErrBadRecord, n+1, line)
		}
		seen[key] = true
		if err := r.setTextHeader(key, value, &later); err != nil {
			return nil, fmt.Errorf("line %d: %w", n+1, err)
		}
	}
	if err := CheckSize(r.Size); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadRecord, err)
	}
	if err := r.setOffers(later.offers); err != nil {
		return nil, err
	}
	r.Moves = make([]RecordMove, 0, len(moves))
	for _, pm := range moves {
		m, err := parseTextMove(pm.f, len(r.Moves), r.Size)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", pm.line, err)
		}
		r.Moves = append(r.Moves, m)
	}
	if later.result != "" {
		rr, err := parseRecordResult(later.result)
		if err != nil {
			return nil, err
		}
		r.Result = rr
	} else if err := r.resultFromMoves(); err != nil {
		return nil, err
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	return r, nil
}

// legacyMove turns a move line of the seeds' records, "[Black]:(H,8)", into
// the fields of move number i+1 ("i+1.", "[Black]", "h8").
func legacyMove(line string, i int) ([]string, error) {
	side, rest, ok := strings.Cut(line, ":")
	col, row, ok2 := strings.Cut(strings.TrimSuffix(strings.TrimPrefix(rest, "("), ")"), ",")
	if !ok || !ok2 || !strings.HasPrefix(rest, "(") || !strings.HasSuffix(rest, ")") {
		return nil, fmt.Errorf("%w: want \"[Black]:(H,8)\", got %.40q", ErrBadRecord, line)
	}
	return []string{strconv.Itoa(i+1) + ".", side, strings.TrimSpace(col) + strings.TrimSpace(row)}, nil
}

// textLater holds the header values read once the whole header is known.
type textLater struct {
	result, offers string
}

// setTextHeader stores one header line's value.
func (r *Record) setTextHeader(key, value string, later *textLater) error {
	if ok, err := r.setOpeningHeader(key, value, &later.offers); ok {
		return err
	}
	var err error
	switch key {
	case "Black":
		r.Black = value
	case "White":
		r.White = value
	case "Rule":
		r.Rule, err = ParseRule(value)
	case "Size":
		r.Size, err = strconv.Atoi(value)
		if err == nil {
			err = CheckSize(r.Size)
		}
	case "TimeControl":
		r.TimeControl = value
	case "Date":
		r.Date = value
	case "Result":
		later.result = value
	default:
		return fmt.Errorf("%w: unknown header %q (want one of %s, %s)", ErrBadRecord, key,
			strings.Join(textKeys, ", "), strings.Join(openingKeys, ", "))
	}
	if err != nil {
		return fmt.Errorf("%w: %s: %w", ErrBadRecord, key, err)
	}
	return nil
}

// parseTextMove reads "N. [Side] point [time]" for move index i.
func parseTextMove(f []string, i, size int) (RecordMove, error) {
	var m RecordMove
	if len(f) < 3 || len(f) > 4 {
		return m, fmt.Errorf("%w: want \"N. [Black] h8 [time]\", got %q", ErrBadRecord, strings.Join(f, " "))
	}
	if f[0] != strconv.Itoa(i+1)+"." {
		return m, fmt.Errorf("%w: move number %q, want %q", ErrBadRecord, f[0], strconv.Itoa(i+1)+".")
	}
	side := "[Black]"
	if i%2 == 1 {
		side = "[White]"
	}
	if f[1] != side {
		return m, fmt.Errorf("%w: move %d is %s's, not %s", ErrBadRecord, i+1, side, f[1])
	}
	p, err := ParsePoint(f[2], size)
	if err != nil {
		return m, fmt.Errorf("%w: move %d: %w", ErrBadRecord, i+1, err)
	}
	m.Point = p
	if len(f) == 4 {
		d, err := time.ParseDuration(f[3])
		if err != nil || d < 0 {
			return m, fmt.Errorf("%w: move %d: time %q", ErrBadRecord, i+1, f[3])
		}
		m.Time = d
	}
	return m, nil
}

// resultFromMoves sets Result to what replaying the moves gives, for formats
// that do not store it.
func (r *Record) resultFromMoves() error {
	g, err := Replay(Options{Size: r.Size, Rule: r.Rule}, r.Points())
	if err != nil {
		return fmt.Errorf("%w: %w", ErrBadRecord, err)
	}
	res := g.Result()
	r.Result = RecordResult{Winner: res.Winner, Reason: res.Reason}
	return nil
}
