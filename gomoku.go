// Package gomoku is the domain of the gomoku server: what a game, a player,
// a time control and a result are, the Store that keeps them with its
// sentinel errors, and the rules that count and rate a finished game.
//
// It depends only on the pure packages (engine, rating). The adapters
// (package sqlite, package postgres) implement Store; package match runs one
// live game; package server moves its events between players and the store.
package gomoku

import "errors"

// Sentinel errors returned (wrapped) by every Store implementation. Callers
// branch on them with errors.Is.
var (
	// ErrNotFound: no such account, session (or the session expired) or game.
	ErrNotFound = errors.New("not found")
	// ErrUsernameTaken: another account already has this username, compared
	// case-insensitively.
	ErrUsernameTaken = errors.New("username taken")
	// ErrConflict: the write contradicts stored state: a ply number that is
	// not the next one, a move or undo on a finished game, finishing a game
	// twice, undoing more moves than stored.
	ErrConflict = errors.New("conflict")
	// ErrInvalid: an argument breaks the documented contract (a player
	// with no or two identities, a colour other than black or white, a ply
	// below 1, no reason...). It signals a caller bug.
	ErrInvalid = errors.New("invalid argument")
)

// Name prefixes of the players who are not accounts: "bot:hard", "guest:carol".
const (
	BotPrefix   = "bot:"
	GuestPrefix = "guest:"
)
