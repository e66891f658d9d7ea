// Package auth holds the account building blocks: argon2id password hashes,
// username and password rules, and session tokens (only whose SHA-256 hash
// is ever stored).
package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"
)

// Params are argon2id cost parameters.
type Params struct {
	Memory  uint32 // KiB
	Time    uint32 // passes
	Threads uint8
	SaltLen uint32 // bytes
	KeyLen  uint32 // bytes
}

// DefaultParams follow the OWASP Password Storage Cheat Sheet's first
// argon2id option: 19 MiB, 2 passes, 1 lane. 64 MiB would be stronger but
// on a 2-core server a burst of logins would need 64 MiB each; with 19 MiB
// and the concurrency cap below, hashing needs at most 19 MiB per CPU and
// takes roughly 20-40 ms (see BenchmarkHashPassword).
var DefaultParams = Params{Memory: 19 * 1024, Time: 2, Threads: 1, SaltLen: 16, KeyLen: 32}

// Bounds accepted when decoding a stored hash, so a corrupt row cannot make
// the server allocate gigabytes or spin for minutes.
const (
	maxMemory  = 1 << 20 // KiB (1 GiB)
	maxTime    = 64
	maxKeyLen  = 1024
	maxSaltLen = 1024
)

// ErrBadHash is returned for an encoded hash that is not a well-formed
// argon2id PHC string within sane bounds.
var ErrBadHash = errors.New("auth: malformed password hash")

// slots caps concurrent argon2 computations at the number of CPUs: more
// could not run faster, and each one holds Params.Memory.
var slots = make(chan struct{}, runtime.GOMAXPROCS(0))

func derive(password, salt []byte, p Params) []byte {
	slots <- struct{}{}
	defer func() { <-slots }()
	return argon2.IDKey(password, salt, p.Time, p.Memory, p.Threads, p.KeyLen)
}

var b64 = base64.RawStdEncoding

// HashPassword hashes password with DefaultParams and a random salt, in the
// PHC string format: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<key> (unpadded
// standard base64). It blocks while all CPUs are hashing.
func HashPassword(password string) (string, error) {
	return HashPasswordParams(password, DefaultParams)
}

// HashPasswordParams is HashPassword with explicit parameters.
func HashPasswordParams(password string, p Params) (string, error) {
	if p.Memory == 0 || p.Time == 0 || p.Threads == 0 || p.SaltLen < 8 || p.KeyLen < 16 {
		return "", fmt.Errorf("auth: weak or empty argon2 params %+v", p)
	}
	salt := make([]byte, p.SaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("auth: salt: %w", err)
	}
	key := derive([]byte(password), salt, p)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.Memory, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// VerifyPassword reports whether password matches the encoded hash,
// comparing in constant time. The error is ErrBadHash (wrapped) when encoded
// cannot be parsed; a wrong password is (false, nil).
func VerifyPassword(encoded, password string) (bool, error) {
	p, salt, key, err := decode(encoded)
	if err != nil {
		return false, err
	}
	got := derive([]byte(password), salt, p)
	return subtle.ConstantTimeCompare(got, key) == 1, nil
}

// dummyHash is verified against when the account does not exist; made on
// first use so importing the package costs nothing.
var dummyHash = sync.OnceValue(func() string {
	h, err := HashPassword("not a real password, only for equal timing")
	if err != nil {
		panic(err) // unreachable: DefaultParams are valid
	}
	return h
})

// VerifyDummy spends the time of a VerifyPassword without any account: call
// it when a login names an unknown user, so response times do not reveal
// which usernames exist. It always reports false.
func VerifyDummy(password string) bool {
	_, _ = VerifyPassword(dummyHash(), password)
	return false
}

func decode(encoded string) (p Params, salt, key []byte, err error) {
	parts := strings.Split(encoded, "$")
	// "", "argon2id", "v=19", "m=..,t=..,p=..", salt, key
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return p, nil, nil, fmt.Errorf("%w: not an argon2id PHC string", ErrBadHash)
	}
	var v int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return p, nil, nil, fmt.Errorf("%w: version %q", ErrBadHash, parts[2])
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil {
		return p, nil, nil, fmt.Errorf("%w: params %q", ErrBadHash, parts[3])
	}
	if fmt.Sprintf("m=%d,t=%d,p=%d", p.Memory, p.Time, p.Threads) != parts[3] {
		return p, nil, nil, fmt.Errorf("%w: params %q", ErrBadHash, parts[3])
	}
	if p.Memory == 0 || p.Memory > maxMemory || p.Time == 0 || p.Time > maxTime || p.Threads == 0 ||
		p.Memory < 8*uint32(p.Threads) {
		return p, nil, nil, fmt.Errorf("%w: params %q out of range", ErrBadHash, parts[3])
	}
	if salt, err = b64.Strict().DecodeString(parts[4]); err != nil || len(salt) < 8 || len(salt) > maxSaltLen {
		return p, nil, nil, fmt.Errorf("%w: salt", ErrBadHash)
	}
	if key, err = b64.Strict().DecodeString(parts[5]); err != nil || len(key) < 16 || len(key) > maxKeyLen {
		return p, nil, nil, fmt.Errorf("%w: key", ErrBadHash)
	}
	p.SaltLen, p.KeyLen = uint32(len(salt)), uint32(len(key))
	return p, salt, key, nil
}
