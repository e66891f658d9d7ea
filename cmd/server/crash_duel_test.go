package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/protocol"
)

// The game of every iteration: black builds h8-h11 while white plays along
// the bottom edge; then h12 makes five.
//
//	12 . . . . . . . X .   <- black to play h12
//	11 . . . . . . . x .
//	10 . . . . . . . x .
//	 9 . . . . . . . x .
//	 8 . . . . . . . x .
//	 1 o . o . o . o . .
//	   a b c d e f g h j
var (
	openingMoves = []string{"h8", "a1", "h9", "c1", "h10", "e1", "h11", "g1"}
	winningMove  = "h12"
)

const crashPassword = "crash-test-password"

var (
	ratedGame = protocol.Settings{Opening: "none", Rule: "freestyle", Size: 15, Color: protocol.ColorBlack, Rated: true,
		Time: protocol.TimeControl{MainMS: 600_000, IncrementMS: 5_000}}
	casualGame = protocol.Settings{Opening: "none", Rule: "freestyle", Size: 15, Color: protocol.ColorBlack}
)

// duel is a rated game between two new accounts, seen from their
// connections: index 0 is black, 1 is white.
type duel struct {
	id     int64
	names  [2]string
	peers  [2]*peer
	before [2]int     // ratings before the game
	games  [2][]int64 // session.games of the latest login
	acked  []string   // the moves answered ok, in order
}

// startDuel registers black<i> and white<i>, and black challenges white to
// a rated game that white accepts.
func startDuel(t *testing.T, url string, i int) *duel {
	t.Helper()
	d := &duel{names: [2]string{fmt.Sprintf("black%d", i), fmt.Sprintf("white%d", i)}}
	for c, name := range d.names {
		p := dialPeer(t, url, name)
		s := mustReply[*protocol.Session](p, protocol.Register{Username: name, Password: crashPassword})
		d.peers[c], d.before[c] = p, s.Player.Rating
	}
	b, w := d.peers[0], d.peers[1]
	ch := mustReply[*protocol.Challenge](b, protocol.ChallengeCreate{To: d.names[1], Settings: ratedGame})
	mustReply[*protocol.OK](w, protocol.ChallengeAccept{ChallengeID: ch.ChallengeID})
	gs := awaitEvent(b, func(*protocol.GameStart) bool { return true })
	if gs.YourColor != protocol.ColorBlack || !gs.Game.Rated {
		t.Fatalf("game %d: %s plays %q, rated %v; want black, rated", gs.Game.GameID, d.names[0], gs.YourColor, gs.Game.Rated)
	}
	d.id = gs.Game.GameID
	return d
}

// playOpening plays openingMoves: black has four in a row.
func (d *duel) playOpening(t *testing.T) {
	t.Helper()
	for k, mv := range openingMoves {
		mustReply[*protocol.OK](d.peers[k%2], protocol.Move{GameID: d.id, Move: mv})
		d.acked = append(d.acked, mv)
	}
}

// crash sends black's winning move and kills the server with SIGKILL: for
// killBefore right after the frame is written (plus killSpread(i)), for
// killAfter right after its ok is read.
func (d *duel) crash(t *testing.T, r *rig, v variant, i int) {
	t.Helper()
	b := d.peers[0]
	id := b.send(protocol.Move{GameID: d.id, Move: winningMove})
	if v == killAfter {
		reply, err := b.await(id)
		if err != nil {
			t.Fatalf("winning move %s: %v", winningMove, err)
		}
		if _, ok := reply.(*protocol.OK); !ok {
			t.Fatalf("winning move %s: reply %s, want ok", winningMove, reply.Type())
		}
		d.acked = append(d.acked, winningMove)
	} else if delay := killSpread(i); delay > 0 {
		time.Sleep(delay)
	}
	r.kill()
}

// login connects both players to the server with their passwords, on new
// connections, and keeps their sessions' games.
func (d *duel) login(t *testing.T, url string) {
	t.Helper()
	for c, name := range d.names {
		p := dialPeer(t, url, name)
		s := mustReply[*protocol.Session](p, protocol.Login{Username: name, Password: crashPassword})
		d.peers[c], d.games[c] = p, s.Games
	}
}

// relogin logs both players out and in again, for fresh sessions.
func (d *duel) relogin(t *testing.T) {
	t.Helper()
	for c, p := range d.peers {
		mustReply[*protocol.OK](p, protocol.Logout{})
		s := mustReply[*protocol.Session](p, protocol.Login{Username: d.names[c], Password: crashPassword})
		d.games[c] = s.Games
	}
}

// seen is what the restarted server shows of the game.
type seen struct {
	moves  []string         // the stored record's moves
	result *protocol.Result // the stored result (history); nil while running
	turn   string           // the side to move of the running game
	live   string           // what resync says of the game, for messages
	games  [2][]int64       // black's and white's session games
}

func (s seen) String() string {
	res := "none (the game is running)"
	if r := s.result; r != nil {
		res = fmt.Sprintf("winner %q, reason %q", r.Winner, r.Reason)
	}
	return fmt.Sprintf("stored record: %d moves [%s]\nstored result: %s\nresync: %s\nsession games: black %v, white %v",
		len(s.moves), strings.Join(s.moves, " "), res, s.live, s.games[0], s.games[1])
}

// observe reads the game back from the server as black: result from the
// history, moves from the text record, and a resync, which also subscribes
// black to the game's events if it runs.
func (d *duel) observe(t *testing.T) seen {
	t.Helper()
	b := d.peers[0]
	s := seen{games: d.games}
	h := mustReply[*protocol.History](b, protocol.GetHistory{Limit: 5})
	i := slices.IndexFunc(h.Games, func(g protocol.GameSummary) bool { return g.GameID == d.id })
	if i < 0 {
		t.Fatalf("game %d is not in %s's history: %+v", d.id, d.names[0], h.Games)
	}
	s.result = h.Games[i].Result
	rec := mustReply[*protocol.Record](b, protocol.GetRecord{GameID: d.id, Format: protocol.FormatText})
	r, err := engine.ParseText([]byte(rec.Data))
	if err != nil {
		t.Fatalf("record of game %d: %v\n%s", d.id, err, rec.Data)
	}
	for _, p := range r.Points() {
		s.moves = append(s.moves, p.String())
	}
	switch reply, err := b.call(protocol.Resync{GameID: d.id, LastSeq: -1}); st := reply.(type) {
	case *protocol.GameState:
		s.turn = st.Turn
		s.live = fmt.Sprintf("%d moves, turn %q, result %+v", len(st.Moves), st.Turn, st.Result)
	default:
		s.live = fmt.Sprintf("reply %v, error %v", reply, err)
	}
	return s
}
