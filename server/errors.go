package server

import (
	"errors"
	"log/slog"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
	"github.com/gomokud/gomoku/match"
	"github.com/gomokud/gomoku/protocol"
)

// wireError is the one mapping from errors to protocol error replies: a
// *protocol.Error passes through; engine and store sentinel errors get their
// codes; anything else is logged with its detail and sent as a bare
// "internal".
func wireError(log *slog.Logger, err error) *protocol.Error {
	var pe *protocol.Error
	if errors.As(err, &pe) {
		return pe
	}
	var fe *engine.ForbiddenError
	if errors.As(err, &fe) {
		return &protocol.Error{Code: protocol.CodeForbidden, Message: fe.Error(), Kind: fe.Kind.String()}
	}
	var oe *opening.RefusalError
	if errors.As(err, &oe) {
		// An action by the player not to act is not_your_turn, as a move
		// out of turn; every other refusal of the rule is bad_opening.
		code := protocol.CodeBadOpening
		if oe.Reason == opening.WrongPlayer {
			code = protocol.CodeNotYourTurn
		}
		return &protocol.Error{Code: code, Message: oe.Error(), Kind: oe.Reason.String()}
	}
	code := protocol.CodeInternal
	switch {
	case errors.Is(err, engine.ErrOccupied):
		code = protocol.CodeOccupied
	case errors.Is(err, engine.ErrOffBoard):
		code = protocol.CodeOffBoard
	case errors.Is(err, engine.ErrNotYourTurn):
		code = protocol.CodeNotYourTurn
	case errors.Is(err, engine.ErrGameOver), errors.Is(err, match.ErrGameOver):
		code = protocol.CodeGameOver
	case errors.Is(err, match.ErrNotAllowed):
		code = protocol.CodeNotAllowed
	case errors.Is(err, match.ErrConflict):
		code = protocol.CodeConflict
	case errors.Is(err, engine.ErrBadNotation), errors.Is(err, engine.ErrBadSize),
		errors.Is(err, engine.ErrBadRule), errors.Is(err, engine.ErrBadColor),
		errors.Is(err, protocol.ErrBadFrame), errors.Is(err, opening.ErrBadAction), errors.Is(err, opening.ErrUnsupported):
		code = protocol.CodeBadRequest
	case errors.Is(err, engine.ErrNothingToUndo), errors.Is(err, gomoku.ErrConflict):
		code = protocol.CodeConflict
	case errors.Is(err, gomoku.ErrUsernameTaken):
		return &protocol.Error{Code: protocol.CodeConflict, Message: "username is taken"}
	case errors.Is(err, gomoku.ErrNotFound):
		code = protocol.CodeNotFound
	}
	if code == protocol.CodeInternal {
		log.Error("internal error", "err", err)
		return &protocol.Error{Code: code, Message: "internal server error"}
	}
	return &protocol.Error{Code: code, Message: err.Error()}
}

// errf is protocol.Errorf: a typed error reply built in a handler.
func errf(code protocol.Code, format string, args ...any) error {
	return protocol.Errorf(code, format, args...)
}

// errShuttingDown answers requests that arrive while the server stops; the
// client reconnects to the next server and resumes its games there.
var errShuttingDown = &protocol.Error{Code: protocol.CodeShuttingDown,
	Message: "the server is restarting; your games are kept: reconnect in a moment"}
