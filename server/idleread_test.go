package server_test

import (
	"testing"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
)

// maskedFrame is a client's text frame with a zero mask key (payload as
// is), short enough for a one-byte length.
func maskedFrame(payload []byte) []byte {
	return append([]byte{0x81, 0x80 | byte(len(payload)), 0, 0, 0, 0}, payload...)
}

// TestPipelinedFrames sends several frames in one write, and one frame in
// two: the reader, which waits for the socket between frames while idle,
// must answer every one of them even when they all arrived together.
func TestPipelinedFrames(t *testing.T) {
	stores(t, func(t *testing.T, opts servertest.Options) {
		s := servertest.Start(t, opts)
		c := dial(t, s.URL)
		// No pongs: nothing but the frames below may reach the server.
		c.ws.SetPingHandler(func(string) error { return nil })
		var burst []byte
		for _, id := range []string{"p1", "p2", "p3"} {
			burst = append(burst, maskedFrame(protocol.MustEncode(id, protocol.Ping{}))...)
		}
		write := func(b []byte) {
			t.Helper()
			if _, err := c.ws.NetConn().Write(b); err != nil {
				t.Fatal(err)
			}
		}
		expectPong := func(id string) {
			t.Helper()
			if r, ok := c.reply(id).(*protocol.Pong); !ok {
				t.Fatalf("reply to %s: %T, want a pong", id, r)
			}
		}
		write(burst) // nothing follows on the socket: p2 and p3 wait in the read buffer
		for _, id := range []string{"p1", "p2", "p3"} {
			expectPong(id)
		}
		split := maskedFrame(protocol.MustEncode("p4", protocol.Ping{}))
		write(split[:5])
		write(split[5:])
		expectPong("p4")
	})
}
