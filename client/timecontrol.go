package client

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ErrBadTimeControl is returned (wrapped) by ParseTimeControl.
var ErrBadTimeControl = errors.New("bad time control")

// TimeControl is a clock as the user writes it. All zero means no clock.
type TimeControl struct {
	Main      time.Duration // per side
	Increment time.Duration // Fischer increment per move
	ByoYomi   time.Duration // per move once Main is spent
}

// maxClock bounds every part of a time control.
const maxClock = 24 * time.Hour

// ParseTimeControl reads the notations of the command line and the lobby:
//
//	10+5      10 minutes each, 5 seconds added per move (Fischer)
//	15        15 minutes each, no increment
//	30m/60s   30 minutes, then 60 seconds per move (byo-yomi); also 30/60
//	90s+2     units s, m and h are allowed on each number
//	none      no clock (also "" and "0")
func ParseTimeControl(s string) (TimeControl, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" || t == "none" || t == "0" || t == "-" {
		return TimeControl{}, nil
	}
	var tc TimeControl
	var err error
	switch {
	case strings.Contains(t, "/"):
		main, byo, _ := strings.Cut(t, "/")
		if tc.Main, err = parseClockPart(main, time.Minute); err == nil {
			tc.ByoYomi, err = parseClockPart(byo, time.Second)
		}
		if err == nil && tc.ByoYomi == 0 {
			err = errors.New("byo-yomi must be positive")
		}
	case strings.Contains(t, "+"):
		main, inc, _ := strings.Cut(t, "+")
		if tc.Main, err = parseClockPart(main, time.Minute); err == nil {
			tc.Increment, err = parseClockPart(inc, time.Second)
		}
	default:
		tc.Main, err = parseClockPart(t, time.Minute)
	}
	if err == nil && tc.Main == 0 && tc.ByoYomi == 0 {
		err = errors.New("no time at all")
	}
	if err != nil {
		return TimeControl{}, fmt.Errorf("%w %q (like 10+5, 30m/60s or none): %v", ErrBadTimeControl, s, err)
	}
	return tc, nil
}

func parseClockPart(s string, unit time.Duration) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, errors.New("missing number")
	}
	switch s[len(s)-1] {
	case 's':
		unit, s = time.Second, s[:len(s)-1]
	case 'm':
		unit, s = time.Minute, s[:len(s)-1]
	case 'h':
		unit, s = time.Hour, s[:len(s)-1]
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil || n < 0 || n != n {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	if n*float64(unit) > float64(maxClock) {
		return 0, fmt.Errorf("%s is more than %s", s, maxClock)
	}
	d := time.Duration(n * float64(unit))
	return d.Round(time.Millisecond), nil
}

// String writes the time control back in a notation ParseTimeControl
// reads: "10+5", "30m/60s", "none". Byo-yomi carries its units, as the
// lobby's settings write it, so that one game reads the same everywhere.
func (tc TimeControl) String() string {
	switch {
	case tc == TimeControl{}:
		return "none"
	case tc.ByoYomi > 0:
		return withUnit(clockPart(tc.Main, time.Minute), "m") + "/" + withUnit(clockPart(tc.ByoYomi, time.Second), "s")
	}
	return clockPart(tc.Main, time.Minute) + "+" + clockPart(tc.Increment, time.Second)
}

func clockPart(d, unit time.Duration) string {
	if d%unit == 0 {
		return strconv.FormatInt(int64(d/unit), 10)
	}
	if d%time.Second == 0 {
		return strconv.FormatInt(int64(d/time.Second), 10) + "s"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}

// withUnit adds the unit to a bare number of clockPart.
func withUnit(part, unit string) string {
	if strings.HasSuffix(part, "s") {
		return part
	}
	return part + unit
}
