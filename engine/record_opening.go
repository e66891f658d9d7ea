package engine

import (
	"fmt"
	"strings"
)

// A record keeps the opening a game was played with (swaps and offered
// fifth moves of swap2, Soosõrv-8 or Taraguchi-10; see engine/opening) in
// four fields, each format writing them as its own:
//
//   - Opening, the opening rule's name. Text: "Opening: soosorv-8". SGF: ON,
//     the standard game-info property "Opening". PSQ: an extension line.
//   - Opener, the colour the first player (who opened, the tentative black)
//     plays after the swaps, so that with Black and White it tells who
//     opened. Text: "Opener: white". SGF: the private property OP[W].
//   - Offers, the fifth moves offered, in order; the one chosen is move 5.
//     Text: "Offers: a1 o15". SGF: the private property OF[ao][oa].
//   - OpeningLog, every opening action in engine/opening's text form, from
//     which engine/opening.Replay rebuilds the whole opening (who swapped
//     when, the declared number). Text: "OpeningLog: place h8, swap, ...".
//     SGF: the private property OL[place h8][swap]..., one value an action.
//
// PSQ has no place for them: EncodePSQ writes them after Piskvork's status
// line, as the text record's header lines (Piskvork stops reading after the
// names, so its files stay valid); ParsePSQ reads them back.
//
// The engine checks these fields' form and that the offers fit the moves;
// engine/opening checks that the log is a legal opening that gave the moves.

// Limits of the opening fields, far above what any rule needs.
const (
	maxOpeningLog = 32
	maxOffers     = 32
	maxOpeningLen = 32
)

// The text headers of the opening, in the order EncodeText writes them.
var openingKeys = []string{"Opening", "Opener", "Offers", "OpeningLog"}

// checkOpening checks the opening fields against each other and the moves.
func (r *Record) checkOpening() error {
	if r.Opening == "" {
		if len(r.OpeningLog) > 0 || r.Opener != Empty || len(r.Offers) > 0 {
			return fmt.Errorf("%w: opening details without an opening rule", ErrBadRecord)
		}
		return nil
	}
	if !openingName(r.Opening) {
		return fmt.Errorf("%w: opening rule %.40q is not a name like soosorv-8", ErrBadRecord, r.Opening)
	}
	if r.Opener != Empty && r.Opener != Black && r.Opener != White {
		return fmt.Errorf("%w: opener %s", ErrBadRecord, r.Opener)
	}
	if len(r.OpeningLog) > maxOpeningLog {
		return fmt.Errorf("%w: %d opening actions, at most %d", ErrBadRecord, len(r.OpeningLog), maxOpeningLog)
	}
	for i, a := range r.OpeningLog {
		if err := checkText(a); err != nil || a == "" || strings.ContainsRune(a, ',') {
			return fmt.Errorf("%w: opening action %d %.40q is not one line without commas", ErrBadRecord, i+1, a)
		}
	}
	return r.checkOffers()
}

// checkOffers: the offers are distinct points of the board, off the first
// four moves, and the fifth move, once played, is one of them.
func (r *Record) checkOffers() error {
	if len(r.Offers) == 0 {
		return nil
	}
	if len(r.Offers) > maxOffers || len(r.Moves) < 4 {
		return fmt.Errorf("%w: %d offered fifth moves with %d moves", ErrBadRecord, len(r.Offers), len(r.Moves))
	}
	chosen := len(r.Moves) < 5
	for i, p := range r.Offers {
		if !p.Valid(r.Size) {
			return fmt.Errorf("%w: %w: offered %v", ErrBadRecord, ErrOffBoard, p)
		}
		for _, q := range r.Offers[:i] {
			if q == p {
				return fmt.Errorf("%w: %s offered twice", ErrBadRecord, p)
			}
		}
		for _, m := range r.Moves[:4] {
			if m.Point == p {
				return fmt.Errorf("%w: %w: offered %s", ErrBadRecord, ErrOccupied, p)
			}
		}
		chosen = chosen || r.Moves[4].Point == p
	}
	if !chosen {
		return fmt.Errorf("%w: move 5 (%s) is none of the offered fifth moves", ErrBadRecord, r.Moves[4].Point)
	}
	return nil
}

// openingName accepts a lower-case name of letters, digits and dashes.
func openingName(s string) bool {
	if s == "" || len(s) > maxOpeningLen {
		return false
	}
	for _, c := range s {
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' {
			return false
		}
	}
	return true
}

// openingValues are the text values of the opening headers, in the order
// of openingKeys; "" for a field not set.
func (r *Record) openingValues() []string {
	opener := ""
	if r.Opener != Empty {
		opener = r.Opener.String()
	}
	offers := make([]string, len(r.Offers))
	for i, p := range r.Offers {
		offers[i] = p.String()
	}
	return []string{r.Opening, opener, strings.Join(offers, " "), strings.Join(r.OpeningLog, ", ")}
}

// writeOpening writes the opening's "Key: value" lines (text and PSQ).
func (r *Record) writeOpening(sb *strings.Builder) {
	for i, v := range r.openingValues() {
		if v != "" {
			sb.WriteString(openingKeys[i])
			sb.WriteString(": ")
			sb.WriteString(v)
			sb.WriteByte('\n')
		}
	}
}

// setOpeningHeader reads one opening header line's value; the offers wait
// in *offers until the board size is known. It reports whether key is an
// opening header.
func (r *Record) setOpeningHeader(key, value string, offers *string) (bool, error) {
	switch key {
	case "Opening":
		r.Opening = value
	case "Opener":
		if value != "" {
			c, err := ParseColor(value)
			if err != nil || (value != "black" && value != "white") {
				return true, fmt.Errorf("%w: Opener %.20q is not black or white", ErrBadRecord, value)
			}
			r.Opener = c
		}
	case "Offers":
		*offers = value
	case "OpeningLog":
		r.OpeningLog = nil
		for _, a := range strings.Split(value, ",") {
			if a = strings.TrimSpace(a); a != "" {
				r.OpeningLog = append(r.OpeningLog, a)
			}
		}
	default:
		return false, nil
	}
	return true, nil
}

// setOffers reads the offers' points ("a1 o15") once the size is known.
func (r *Record) setOffers(value string) error {
	r.Offers = nil
	for _, f := range strings.Fields(value) {
		if len(r.Offers) == maxOffers {
			return fmt.Errorf("%w: more than %d offered fifth moves", ErrBadRecord, maxOffers)
		}
		p, err := ParsePoint(f, r.Size)
		if err != nil {
			return fmt.Errorf("%w: offered fifth move: %w", ErrBadRecord, err)
		}
		r.Offers = append(r.Offers, p)
	}
	return nil
}
