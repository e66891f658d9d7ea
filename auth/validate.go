package auth

import (
	"errors"
	"fmt"
	"unicode/utf8"
)

// Limits of usernames and passwords.
const (
	MinUsername = 3
	MaxUsername = 24
	MinPassword = 8
	MaxPassword = 128
)

// Sentinel errors of the validators (wrapped with the reason).
var (
	ErrBadUsername = errors.New("invalid username")
	ErrBadPassword = errors.New("invalid password")
)

// ValidateUsername accepts 3 to 24 ASCII letters, digits, '_' and '-'.
// Uniqueness is case-insensitive (the store's job).
func ValidateUsername(name string) error {
	if len(name) < MinUsername || len(name) > MaxUsername {
		return fmt.Errorf("%w: must be %d to %d characters", ErrBadUsername, MinUsername, MaxUsername)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return fmt.Errorf("%w: only letters, digits, '_' and '-' are allowed", ErrBadUsername)
		}
	}
	return nil
}

// ValidatePassword accepts valid UTF-8 of 8 to 128 characters (runes).
func ValidatePassword(password string) error {
	if !utf8.ValidString(password) {
		return fmt.Errorf("%w: not valid UTF-8", ErrBadPassword)
	}
	n := utf8.RuneCountInString(password)
	if n < MinPassword || n > MaxPassword {
		return fmt.Errorf("%w: must be %d to %d characters", ErrBadPassword, MinPassword, MaxPassword)
	}
	return nil
}
