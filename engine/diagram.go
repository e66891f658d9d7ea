package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseBoard reads an ASCII diagram: one line per row from the top, `x` (or
// `X`) for black, `o` (or `O`) for white, `.` or `+` for empty, separated by
// spaces or not. A leading row number on a row and a line of column letters
// are ignored, as is anything after "<-" or "#" on a line, so diagrams can
// carry comments. The board is as many rows as the diagram has, and every
// row must have that many points.
func ParseBoard(diagram string) (*Board, error) {
	var rows [][]Color
	for _, line := range strings.Split(diagram, "\n") {
		if k := strings.Index(line, "<-"); k >= 0 {
			line = line[:k]
		}
		if k := strings.IndexByte(line, '#'); k >= 0 {
			line = line[:k]
		}
		fields := strings.Fields(line)
		if len(fields) == 0 || isColumnHeader(fields) {
			continue
		}
		if _, err := strconv.Atoi(fields[0]); err == nil {
			fields = fields[1:]
		}
		row, err := parseRow(strings.Join(fields, ""))
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", len(rows)+1, err)
		}
		rows = append(rows, row)
	}
	size := len(rows)
	if err := CheckSize(size); err != nil {
		return nil, err
	}
	b := &Board{}
	b.init(size)
	for r, row := range rows {
		if len(row) != size {
			return nil, fmt.Errorf("%w: row %d has %d points, want %d", ErrBadNotation, r+1, len(row), size)
		}
		for x, c := range row {
			if c != Empty {
				b.Set(Point{X: x, Y: size - 1 - r}, c)
			}
		}
	}
	return b, nil
}

func isColumnHeader(fields []string) bool {
	return len(fields) >= 2 && strings.EqualFold(fields[0], "a") && strings.EqualFold(fields[1], "b")
}

func parseRow(s string) ([]Color, error) {
	row := make([]Color, 0, len(s))
	for _, r := range s {
		switch r {
		case 'x', 'X':
			row = append(row, Black)
		case 'o', 'O':
			row = append(row, White)
		case '.', '+':
			row = append(row, Empty)
		default:
			return nil, fmt.Errorf("%w: %q is not a stone (x, o) or an empty point (.)", ErrBadNotation, r)
		}
	}
	return row, nil
}

// String draws the board as ParseBoard reads it: rows from the top, each with
// its number, and the column letters underneath.
func (b *Board) String() string {
	var sb strings.Builder
	for y := b.size - 1; y >= 0; y-- {
		fmt.Fprintf(&sb, "%2d", y+1)
		for x := 0; x < b.size; x++ {
			sb.WriteByte(' ')
			switch b.At(Point{x, y}) {
			case Black:
				sb.WriteByte('x')
			case White:
				sb.WriteByte('o')
			default:
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("  ")
	for x := 0; x < b.size; x++ {
		sb.WriteByte(' ')
		sb.WriteByte(byte('a' + x))
	}
	sb.WriteByte('\n')
	return sb.String()
}
