// Package protocol is the wire format between gomoku clients and the server:
// JSON text frames over one websocket at /ws.
//
// Every frame is a JSON object with a "type" naming the message. Requests
// (client to server) carry a client-chosen "id"; the server answers every
// request with exactly one reply carrying the same id: the request's own
// reply type (welcome, session, lobby, game_state, profile...), a bare "ok",
// or an "error" with a Code. Events are pushed by the server at any time and
// never carry an id. Game events are numbered per game ("seq" 1, 2, ...), so a
// client that reconnects can ask for exactly the events it missed (resync).
//
// One Go type per message type; Registry maps type names to them; Encode and
// Decode convert between frames and messages. Moves travel in human notation
// ("h8": column letter from the left, row number from the bottom).
//
// docs/protocol.md documents every message with an example; a test checks it
// against the registry. Compatibility rule: fields and messages are added,
// never renamed or removed; unknown fields are ignored by Decode.
package protocol

// Version is the protocol version this package speaks. A hello with another
// version is answered with CodeUnsupportedVersion.
const Version = 1

// Limits shared by client and server.
const (
	// MaxFrameSize is the largest frame a client may send (the server's read
	// limit). Server frames (game states, records) may be larger.
	MaxFrameSize = 4096
	// MaxChatRunes is the longest chat text accepted, in characters.
	MaxChatRunes = 300
	// MaxIDLen is the longest request id accepted.
	MaxIDLen = 64
)
