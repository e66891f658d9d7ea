package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gomokud/gomoku/protocol"
)

// checkFinished checks the game is over as the winning move made it: black
// wins by five with every move stored, no session lists it as running, and
// both ratings moved. Failures are reported and the test goes on, so
// checkFree shows whether the players are locked out too.
func (d *duel) checkFinished(t *testing.T, s seen) {
	t.Helper()
	want := append(slices.Clone(openingMoves), winningMove)
	var problems []string
	if r := s.result; r == nil || r.Winner != protocol.ColorBlack || r.Reason != "five" {
		problems = append(problems, "the stored result is not black wins by five")
	}
	if !slices.Equal(s.moves, want) {
		problems = append(problems, fmt.Sprintf("the stored moves are not [%s]", strings.Join(want, " ")))
	}
	if len(s.games[0]) > 0 || len(s.games[1]) > 0 {
		problems = append(problems, "a session still lists a running game")
	}
	if problems != nil {
		t.Errorf("game %d after the restart: %s\n%s", d.id, strings.Join(problems, "; "), s)
	}
	d.checkRated(t)
}

// checkRated checks both profiles count the rated game, black's rating up
// and white's down.
func (d *duel) checkRated(t *testing.T) {
	t.Helper()
	for c, name := range d.names {
		p := mustReply[*protocol.Profile](d.peers[0], protocol.GetProfile{Name: name})
		moved := p.Rating > d.before[c]
		want := "up"
		if c == 1 {
			moved, want = p.Rating < d.before[c], "down"
		}
		if !moved || p.RatedGames != 1 {
			t.Errorf("%s's profile after game %d: rating %d (was %d), %d rated games; want the rating %s and 1 rated game",
				name, d.id, p.Rating, d.before[c], p.RatedGames, want)
		}
	}
}

// checkRunning checks the game came back without the winning move, still
// running, black to move, listed in both sessions.
func (d *duel) checkRunning(t *testing.T, s seen) {
	t.Helper()
	var problems []string
	if s.result != nil {
		problems = append(problems, "it has a stored result")
	}
	if s.turn != protocol.ColorBlack {
		problems = append(problems, "black is not to move")
	}
	for c, name := range d.names {
		if !slices.Equal(s.games[c], []int64{d.id}) {
			problems = append(problems, name+"'s session does not list it")
		}
	}
	if problems != nil {
		t.Fatalf("game %d came back without the winning move, but %s\n%s", d.id, strings.Join(problems, "; "), s)
	}
}

// playWin plays the winning move again after the restart and waits for the
// game's end (announced once its result is stored). Black must follow the
// game: observe resynced it.
func (d *duel) playWin(t *testing.T) {
	t.Helper()
	b := d.peers[0]
	mustReply[*protocol.OK](b, protocol.Move{GameID: d.id, Move: winningMove})
	o := awaitEvent(b, func(o *protocol.GameOver) bool { return o.GameID == d.id })
	if o.Winner != protocol.ColorBlack || o.Reason != "five" {
		t.Fatalf("game %d: winning move replayed, game over %+v; want black wins by five", d.id, o.Result)
	}
}

// checkFree checks the players may start a new game: white challenges,
// black accepts (no conflict), and black aborts it.
func (d *duel) checkFree(t *testing.T) {
	t.Helper()
	b, w := d.peers[0], d.peers[1]
	reply, err := w.call(protocol.ChallengeCreate{To: d.names[0], Settings: casualGame})
	if err != nil {
		t.Fatalf("after game %d, %s cannot challenge %s: %v", d.id, d.names[1], d.names[0], err)
	}
	ch, ok := reply.(*protocol.Challenge)
	if !ok {
		t.Fatalf("challenge_create: reply %s, want challenge", reply.Type())
	}
	if _, err := b.call(protocol.ChallengeAccept{ChallengeID: ch.ChallengeID}); err != nil {
		t.Fatalf("after game %d, %s cannot accept %s's challenge: %v", d.id, d.names[0], d.names[1], err)
	}
	gs := awaitEvent(b, func(g *protocol.GameStart) bool { return g.Game.GameID != d.id })
	mustReply[*protocol.OK](b, protocol.Abort{GameID: gs.Game.GameID})
	awaitEvent(b, func(o *protocol.GameOver) bool { return o.GameID == gs.Game.GameID })
}
