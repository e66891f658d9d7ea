package client

import (
	"errors"
	"testing"
	"time"
)

func TestParseTimeControl(t *testing.T) {
	tests := []struct {
		in   string
		want TimeControl
		str  string
	}{
		{"10+5", TimeControl{Main: 10 * time.Minute, Increment: 5 * time.Second}, "10+5"},
		{"15", TimeControl{Main: 15 * time.Minute}, "15+0"},
		{"30m/60s", TimeControl{Main: 30 * time.Minute, ByoYomi: time.Minute}, "30m/60s"},
		{"30/60", TimeControl{Main: 30 * time.Minute, ByoYomi: time.Minute}, "30m/60s"},
		{"90s/10", TimeControl{Main: 90 * time.Second, ByoYomi: 10 * time.Second}, "90s/10s"},
		{"90s+2", TimeControl{Main: 90 * time.Second, Increment: 2 * time.Second}, "90s+2"},
		{"0/30", TimeControl{ByoYomi: 30 * time.Second}, "0m/30s"},
		{" None ", TimeControl{}, "none"},
		{"", TimeControl{}, "none"},
		{"1h+0", TimeControl{Main: time.Hour}, "60+0"},
		{"0.5+1", TimeControl{Main: 30 * time.Second, Increment: time.Second}, "30s+1"},
	}
	for _, tt := range tests {
		got, err := ParseTimeControl(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseTimeControl(%q) = %+v %v, want %+v", tt.in, got, err, tt.want)
			continue
		}
		if got.String() != tt.str {
			t.Errorf("%q prints as %q, want %q", tt.in, got.String(), tt.str)
		}
		back, err := ParseTimeControl(got.String())
		if err != nil || back != got {
			t.Errorf("%q does not read back: %+v %v", got.String(), back, err)
		}
	}
	for _, bad := range []string{"abc", "10+", "+5", "-3+1", "10/0", "0+5", "25h", "NaN", "10+5+3", "1e9"} {
		if got, err := ParseTimeControl(bad); !errors.Is(err, ErrBadTimeControl) {
			t.Errorf("ParseTimeControl(%q) = %+v %v, want ErrBadTimeControl", bad, got, err)
		}
	}
}

func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"10+5", "30m/60s", "none", "90s+2", "0.5+1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseTimeControl(s)
		if err != nil {
			return
		}
		if tc.Main < 0 || tc.Increment < 0 || tc.ByoYomi < 0 || tc.Main > maxClock {
			t.Fatalf("%q parsed to %+v", s, tc)
		}
		back, err := ParseTimeControl(tc.String())
		if err != nil || back != tc {
			t.Fatalf("%q -> %+v -> %q -> %+v %v", s, tc, tc.String(), back, err)
		}
	})
}
