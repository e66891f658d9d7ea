package server_test

import (
	"fmt"
	"testing"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
	"github.com/gomokud/gomoku/server"
)

// drawOrder is a 15x15 move order that never makes five in a row: black's
// and white's cells alternate in pairs along every line.
func drawOrder() []string {
	var cells [2][]string
	for y := range 15 {
		for x := range 15 {
			c := (x/2 + y) % 2
			cells[c] = append(cells[c], fmt.Sprintf("%c%d", 'a'+x, y+1))
		}
	}
	var out []string
	for i := range len(cells[1]) {
		out = append(out, cells[0][i], cells[1][i])
	}
	return out
}

// BenchmarkMove measures one move end to end on a real server: the request
// over a websocket, validation, the store's durable append, and the game
// event back to both players. b.N moves, new games as boards fill up.
func BenchmarkMove(b *testing.B) {
	for _, pg := range []bool{false, true} {
		name := "sqlite"
		if pg {
			name = "postgres"
		}
		b.Run(name, func(b *testing.B) {
			s := servertest.Start(b, servertest.Options{Postgres: pg,
				Config: server.Config{RateLimit: 1e6, RateBurst: 1e6}})
			a, c := dial(b, s.URL), dial(b, s.URL)
			a.guest("a")
			c.guest("c")
			order := drawOrder()
			var gid int64
			var black, white *wsc
			ply := len(order)
			b.ResetTimer()
			for range b.N {
				if ply == len(order) {
					b.StopTimer()
					if gid != 0 {
						black.call(protocol.Resign{GameID: gid})
						event(black, func(m *protocol.GameOver) bool { return m.GameID == gid })
						event(white, func(m *protocol.GameOver) bool { return m.GameID == gid })
					}
					ch := a.call(protocol.ChallengeCreate{To: c.name, Settings: protocol.Settings{Opening: "none", Rule: "freestyle", Color: protocol.ColorBlack}}).(*protocol.Challenge)
					c.call(protocol.ChallengeAccept{ChallengeID: ch.ChallengeID})
					gid = event[*protocol.GameStart](a, nil).Game.GameID
					event[*protocol.GameStart](c, nil)
					black, white, ply = a, c, 0
					b.StartTimer()
				}
				mover, other := black, white
				if ply%2 == 1 {
					mover, other = white, black
				}
				mover.call(protocol.Move{GameID: gid, Move: order[ply]})
				event[*protocol.GameMove](other, nil)
				event[*protocol.GameMove](mover, nil)
				ply++
			}
		})
	}
}
