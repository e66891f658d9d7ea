package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
)

// TokenBytes is the entropy of a session token.
const TokenBytes = 32

// tokenLen is the length of an encoded token (unpadded base64url).
var tokenLen = base64.RawURLEncoding.EncodedLen(TokenBytes)

// NewToken returns a new random session token: 32 bytes from crypto/rand,
// unpadded base64url (43 characters). Give it to the client; store only
// HashToken(token).
func NewToken() string {
	b := make([]byte, TokenBytes)
	_, _ = rand.Read(b) // never fails (crypto/rand.Read crashes the program rather than return an error)
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashToken returns the hex SHA-256 of token: the form a session is stored
// and looked up under. A fast hash suffices: tokens carry 256 random bits.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// ValidToken reports whether token has the shape NewToken produces, so
// garbage can be refused without a database lookup.
func ValidToken(token string) bool {
	if len(token) != tokenLen {
		return false
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(token)
	return err == nil && len(b) == TokenBytes
}
