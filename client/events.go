package client

import (
	"time"

	"github.com/gomokud/gomoku/protocol"
)

// Events the client adds to the server's on the Events channel. They satisfy
// protocol.Message so one channel carries everything.

// Disconnected says the connection dropped. With reconnection on, the client
// retries after RetryIn; otherwise the Events channel closes after it.
type Disconnected struct {
	Err     error
	RetryIn time.Duration // 0 when the client will not retry
}

// Reconnected says the client is connected and logged in again (with the
// saved token); its games are being resynced.
type Reconnected struct {
	Session protocol.Session
}

// Type implements protocol.Message.
func (Disconnected) Type() string { return "client.disconnected" }

// Type implements protocol.Message.
func (Reconnected) Type() string { return "client.reconnected" }
