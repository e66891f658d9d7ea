package protocol

import "fmt"

// Code is an error code of an error reply. Clients branch on it; Message is
// for humans.
type Code string

// Error codes.
const (
	CodeBadRequest         Code = "bad_request"         // malformed frame or invalid field
	CodeUnauthorized       Code = "unauthorized"        // not logged in, bad credentials or token
	CodeForbidden          Code = "forbidden"           // renju forbidden point; Kind says which
	CodeOccupied           Code = "occupied"            // the point holds a stone
	CodeOffBoard           Code = "off_board"           // the point is not on the board
	CodeNotYourTurn        Code = "not_your_turn"       // the other side is to move
	CodeGameOver           Code = "game_over"           // the game has ended
	CodeNotFound           Code = "not_found"           // no such player, game, challenge
	CodeRateLimited        Code = "rate_limited"        // too many requests; slow down
	CodeConflict           Code = "conflict"            // state does not allow it (name taken, already playing, no offer...)
	CodeUnsupportedVersion Code = "unsupported_version" // hello with a version the server does not speak
	CodeNotAllowed         Code = "not_allowed"         // the player may not do this (guest rated game, not a player of the game)
	CodeShuttingDown       Code = "shutting_down"       // the server is stopping
	CodeInternal           Code = "internal"            // a server fault; details are in the server log
	CodeBadOpening         Code = "bad_opening"         // an opening action the rule refuses; Kind says why
)

// Error is the reply to a failed request.
type Error struct {
	Code    Code   `json:"code"`
	Message string `json:"message"`
	// Kind is the forbidden shape for CodeForbidden: "double-three",
	// "double-four" or "overline"; for CodeBadOpening the reason:
	// "outside-area", "occupied", "symmetric", "wrong-player", "no-swap",
	// "wrong-count", "wrong-action", "not-offered", "finished".
	Kind string `json:"kind,omitempty"`
}

// Type implements Message.
func (Error) Type() string { return "error" }

// Error implements error, so a client may return the reply as its error.
func (e Error) Error() string {
	if e.Kind != "" {
		return fmt.Sprintf("%s (%s): %s", e.Code, e.Kind, e.Message)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Errorf returns an Error with a formatted message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}
