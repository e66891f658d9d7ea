package server_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
	"github.com/gomokud/gomoku/server"
)

// TestBotsDoNotStarveHumans runs a hundred bot games searching flat out and
// checks two humans' moves are still handled promptly: the bots share a
// pool bounded by the CPUs.
func TestBotsDoNotStarveHumans(t *testing.T) {
	if testing.Short() {
		t.Skip("a hundred bot games")
	}
	s := servertest.Start(t, servertest.Options{Config: server.Config{AuthPerIP: 1000, AuthBurst: 1000, MaxConnsPerIP: 1000}})
	stop := make(chan struct{})
	defer close(stop)
	for i := range 100 {
		c := dial(t, s.URL)
		c.guest(fmt.Sprint("b", i))
		c.call(protocol.ChallengeCreate{To: "bot:hard", Settings: protocol.Settings{Opening: "none", Rule: "freestyle", Color: protocol.ColorWhite}})
		go keepBotBusy(c.ws, stop)
	}
	a, b := guests(t, s, "ann", "ben")
	gid, black, white := startGame(t, a, b, protocol.Settings{Opening: "none", Rule: "freestyle", Color: protocol.ColorBlack})
	moves := []string{"h8", "a1", "h9", "a3", "h10", "a5", "j8", "a7", "j9", "a9", "j10", "a11", "l8", "a13", "l9", "c1"}
	var rtt []time.Duration
	for i, mv := range moves {
		c := black
		if i%2 == 1 {
			c = white
		}
		start := time.Now()
		c.call(protocol.Move{GameID: gid, Move: mv})
		rtt = append(rtt, time.Since(start))
	}
	slices.Sort(rtt)
	t.Logf("human move round trip with 100 bot games searching: p50 %v, max %v", rtt[len(rtt)/2], rtt[len(rtt)-1])
	if rtt[len(rtt)/2] > time.Second {
		t.Fatalf("humans starved: median move round trip %v", rtt[len(rtt)/2])
	}
}

// keepBotBusy answers every move of the bot (black) with the first free
// point of a fixed order, until the game ends or stop closes, so the bot
// keeps searching. It runs in its own goroutine: no testing.T here.
func keepBotBusy(ws *websocket.Conn, stop <-chan struct{}) {
	go func() { <-stop; ws.Close() }()
	var gid int64
	taken := map[string]bool{}
	next := 0
	for {
		_, data, err := ws.ReadMessage()
		if err != nil {
			return
		}
		f, err := protocol.Decode(data)
		if err != nil {
			return
		}
		switch m := f.Msg.(type) {
		case *protocol.GameStart:
			gid = m.Game.GameID
		case *protocol.GameOver:
			return
		case *protocol.GameMove:
			taken[m.Move] = true
			if m.Color != protocol.ColorBlack {
				continue
			}
			for ; next < 225; next++ {
				mv := fmt.Sprintf("%c%d", 'a'+next%15, 1+next/15)
				if !taken[mv] {
					break
				}
			}
			if next == 225 || ws.WriteMessage(websocket.TextMessage,
				protocol.MustEncode("", protocol.Move{GameID: gid, Move: fmt.Sprintf("%c%d", 'a'+next%15, 1+next/15)})) != nil {
				return
			}
		}
	}
}
