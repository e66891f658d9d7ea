package auth

import (
	"errors"
	"strings"
	"sync"
	"testing"
)

// fast keeps the tests quick; the format and logic are the same.
var fast = Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

func TestHashAndVerify(t *testing.T) {
	h, err := HashPassword("correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q lacks the PHC prefix of DefaultParams", h)
	}
	if ok, err := VerifyPassword(h, "correct horse battery"); !ok || err != nil {
		t.Fatalf("VerifyPassword(right password) = %v, %v", ok, err)
	}
	// The rest with cheap parameters: same code path, faster under -race.
	h, err = HashPasswordParams("correct horse battery", fast)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		password string
		want     bool
	}{
		{"correct horse battery", true},
		{"correct horse batterY", false},
		{"correct horse battery ", false},
		{"", false},
	} {
		ok, err := VerifyPassword(h, tt.password)
		if err != nil || ok != tt.want {
			t.Errorf("VerifyPassword(%q) = %v, %v; want %v", tt.password, ok, err, tt.want)
		}
	}
	h2, err := HashPasswordParams("correct horse battery", fast)
	if err != nil {
		t.Fatal(err)
	}
	if h2 == h {
		t.Fatal("two hashes of one password are equal: salt not random")
	}
}

// TestKnownVectors verifies PHC strings built from the reference Argon2
// implementation's argon2id test vectors (password "password", salt
// "somesalt", 24-byte tags; as listed in golang.org/x/crypto/argon2's tests
// and the phc-winner-argon2 test suite), so decoding reads the parameters,
// salt and key in the right order and encoding.
func TestKnownVectors(t *testing.T) {
	for _, h := range []string{
		"$argon2id$v=19$m=64,t=1,p=1$c29tZXNhbHQ$ZVrRXqxlLcWfcXCnMyv0m4Rpvh/bnCi7",
		"$argon2id$v=19$m=64,t=2,p=2$c29tZXNhbHQ$NQrDciL0Nsy1wJcvHr079rlYvyBxhBNi",
	} {
		for pw, want := range map[string]bool{"password": true, "Password": false} {
			ok, err := VerifyPassword(h, pw)
			if err != nil || ok != want {
				t.Errorf("VerifyPassword(%s, %q) = %v, %v; want %v", h, pw, ok, err, want)
			}
		}
	}
}

func TestRoundTripParams(t *testing.T) {
	h, err := HashPasswordParams("hunter22", fast)
	if err != nil {
		t.Fatal(err)
	}
	p, salt, key, err := decode(h)
	if err != nil {
		t.Fatal(err)
	}
	if p != fast || len(salt) != 16 || len(key) != 32 {
		t.Fatalf("decoded %+v (salt %d, key %d), want %+v", p, len(salt), len(key), fast)
	}
	if _, err := HashPasswordParams("x", Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 4, KeyLen: 32}); err == nil {
		t.Fatal("accepted a 4-byte salt")
	}
}

func TestMalformedHashes(t *testing.T) {
	good, err := HashPasswordParams("hunter22", fast)
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(good, "$")
	salt, key := parts[4], parts[5]
	bad := []string{
		"",
		"plaintext",
		"$argon2i$v=19$m=64,t=1,p=1$" + salt + "$" + key,
		"$argon2id$v=16$m=64,t=1,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=64,t=1$" + salt + "$" + key,
		"$argon2id$v=19$m=64,t=1,p=1,x=2$" + salt + "$" + key,
		"$argon2id$v=19$m=4294967295,t=1,p=1$" + salt + "$" + key, // 4 TiB
		"$argon2id$v=19$m=64,t=100000,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=64,t=0,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=64,t=1,p=0$" + salt + "$" + key,
		"$argon2id$v=19$m=64,t=1,p=1$" + salt + "$",
		"$argon2id$v=19$m=64,t=1,p=1$$" + key,
		"$argon2id$v=19$m=64,t=1,p=1$" + salt + "$" + key + "=",
		"$argon2id$v=19$m=64,t=1,p=1$" + salt + "$" + key + "$",
		"$argon2id$v=19$m=64,t=1,p=1$!!!!$" + key,
	}
	for _, h := range bad {
		ok, err := VerifyPassword(h, "hunter22")
		if ok || !errors.Is(err, ErrBadHash) {
			t.Errorf("VerifyPassword(%q) = %v, %v; want false, ErrBadHash", h, ok, err)
		}
	}
	if ok, err := VerifyPassword(good, "hunter22"); !ok || err != nil {
		t.Fatalf("good hash rejected: %v %v", ok, err)
	}
}

func TestVerifyDummy(t *testing.T) {
	if VerifyDummy("anything at all") {
		t.Fatal("VerifyDummy reported true")
	}
}

func TestConcurrentHashing(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pw := strings.Repeat("p", 8+i)
			h, err := HashPasswordParams(pw, fast)
			if err != nil {
				t.Error(err)
				return
			}
			if ok, err := VerifyPassword(h, pw); !ok || err != nil {
				t.Errorf("round trip %d: %v %v", i, ok, err)
			}
		}()
	}
	wg.Wait()
}

func TestValidateUsername(t *testing.T) {
	good := []string{"abc", "Alice_01", "x-y_z", strings.Repeat("a", 24), "123", "A-B"}
	bad := []string{"", "ab", strings.Repeat("a", 25), "ali ce", "alice!", "élodie", "ali\x00ce", "a.b", "名前名前"}
	for _, n := range good {
		if err := ValidateUsername(n); err != nil {
			t.Errorf("ValidateUsername(%q) = %v, want nil", n, err)
		}
	}
	for _, n := range bad {
		if err := ValidateUsername(n); !errors.Is(err, ErrBadUsername) {
			t.Errorf("ValidateUsername(%q) = %v, want ErrBadUsername", n, err)
		}
	}
}

func TestValidatePassword(t *testing.T) {
	good := []string{"12345678", strings.Repeat("x", 128), "pässwörd", strings.Repeat("密", 8), "with spaces ok"}
	bad := []string{"", "1234567", strings.Repeat("x", 129), strings.Repeat("密", 129), "bad\xffutf8!!"}
	for _, p := range good {
		if err := ValidatePassword(p); err != nil {
			t.Errorf("ValidatePassword(%q) = %v, want nil", p, err)
		}
	}
	for _, p := range bad {
		if err := ValidatePassword(p); !errors.Is(err, ErrBadPassword) {
			t.Errorf("ValidatePassword(%q) = %v, want ErrBadPassword", p, err)
		}
	}
}

func TestTokens(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		tok := NewToken()
		if len(tok) != 43 || !ValidToken(tok) || strings.ContainsAny(tok, "+/=") {
			t.Fatalf("token %q: bad shape", tok)
		}
		if seen[tok] {
			t.Fatalf("token %q repeated", tok)
		}
		seen[tok] = true
		h := HashToken(tok)
		if len(h) != 64 || h != HashToken(tok) || h == HashToken(tok+"x") {
			t.Fatalf("HashToken(%q) = %q", tok, h)
		}
	}
	// SHA-256("abc"), FIPS 180-2 appendix B.1.
	if got := HashToken("abc"); got != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" {
		t.Fatalf("HashToken(abc) = %s", got)
	}
	for _, bad := range []string{"", "short", strings.Repeat("A", 42), strings.Repeat("A", 44), strings.Repeat("+", 43),
		strings.Repeat("A", 42) + "B"} { // last char must have zero padding bits
		if ValidToken(bad) {
			t.Errorf("ValidToken(%q) = true", bad)
		}
	}
}

func BenchmarkHashPassword(b *testing.B) {
	for b.Loop() {
		if _, err := HashPassword("correct horse battery"); err != nil {
			b.Fatal(err)
		}
	}
}
