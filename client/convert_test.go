package client

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/protocol"
)

func pt(t testing.TB, s string) engine.Point {
	t.Helper()
	p, err := engine.ParsePoint(s, engine.MaxSize)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestEventOf: each wire event and its typed form.
func TestEventOf(t *testing.T) {
	at := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	renju := protocol.Settings{Rule: "renju", Color: "black", Rated: true,
		Time: protocol.TimeControl{MainMS: 600_000, IncrementMS: 5000}}
	renjuTyped := Settings{Rule: engine.Renju, Size: 15, Color: engine.Black, Rated: true,
		Time: TimeControl{Main: 10 * time.Minute, Increment: 5 * time.Second}}
	wireClock := &protocol.Clock{BlackMS: 581_000, WhiteMS: 603_500, WhiteByoYomi: true, Running: "white"}
	clock := &Clock{Black: 581 * time.Second, White: 603500 * time.Millisecond, WhiteByoYomi: true, Running: engine.White}
	tests := []struct {
		name string
		in   protocol.Message
		want Event
	}{
		{"shutdown", &protocol.Shutdown{Message: "bye"}, ServerShutdown{Message: "bye"}},
		{"lobby", &protocol.Lobby{
			Players:       []protocol.Player{{Name: "bob", Kind: "user", Rating: 1480, Status: "playing", Games: []int64{12, 13}}},
			Bots:          []protocol.Player{{Name: "bot:easy", Kind: "bot", Status: "idle"}},
			Challenges:    []protocol.Challenge{{ChallengeID: 3, From: "carol", To: "alice", Settings: renju, ExpiresAt: at}},
			PlayersOnline: 7,
		}, LobbySnapshot{
			Players:       []Player{{Name: "bob", Rating: 1480, Status: StatusPlaying, Game: 12}},
			Bots:          []Player{{Name: "bot:easy", Bot: true, Status: StatusIdle}},
			Challenges:    []Challenge{{ID: 3, From: "carol", To: "alice", Settings: renjuTyped, Expires: at}},
			PlayersOnline: 7,
		}},
		{"presence", &protocol.Presence{Players: []protocol.Player{{Name: "guest:x", Kind: "guest", Status: "offline"}}},
			PresenceChanged{Players: []Player{{Name: "guest:x", Guest: true, Status: StatusOffline}}}},
		{"challenge with defaults", &protocol.Challenge{ChallengeID: 4, From: "bob", To: "alice", Settings: protocol.Settings{Rule: "freestyle"}},
			ChallengeMade{Challenge{ID: 4, From: "bob", To: "alice", Settings: Settings{Rule: engine.Freestyle, Size: 15}}}},
		{"challenge random colour", &protocol.Challenge{ChallengeID: 5, Settings: protocol.Settings{Rule: "standard", Size: 19, Color: "random"}},
			ChallengeMade{Challenge{ID: 5, Settings: Settings{Rule: engine.Standard, Size: 19}}}},
		{"declined", &protocol.ChallengeDeclined{ChallengeID: 3, By: "bob"}, ChallengeClosed{ID: 3, Status: ChallengeDeclined, By: "bob"}},
		{"cancelled", &protocol.ChallengeCancelled{ChallengeID: 3, Reason: "bob left"}, ChallengeClosed{ID: 3, Status: ChallengeCancelled, Reason: "bob left"}},
		{"expired", &protocol.ChallengeExpired{ChallengeID: 3}, ChallengeClosed{ID: 3, Status: ChallengeExpired}},
		{"lobby chat", &protocol.LobbyChat{From: "bob", Text: "hi", At: at}, ChatMessage{From: "bob", Text: "hi", At: at}},
		{"game chat", &protocol.GameChat{GameID: 9, Seq: 4, From: "bob", Text: "gg", At: at}, ChatMessage{Game: 9, From: "bob", Text: "gg", At: at}},
		{"move", &protocol.GameMove{GameID: 9, Seq: 3, Ply: 3, Color: "black", Move: "j10", Clock: wireClock, Forbidden: []string{"k11", "t20"}},
			MoveMade{Game: 9, Ply: 3, Color: engine.Black, Point: pt(t, "j10"), Clock: clock, Forbidden: []engine.Point{pt(t, "k11"), pt(t, "t20")}}},
		{"move with lag", &protocol.GameMove{GameID: 9, Seq: 4, Ply: 4, Color: "white", Move: "a1", LagMS: 180, CompMS: 120},
			MoveMade{Game: 9, Ply: 4, Color: engine.White, Point: pt(t, "a1"), Lag: 180 * time.Millisecond, Compensation: 120 * time.Millisecond}},
		{"takeback", &protocol.GameTakeback{GameID: 9, Undone: 2, Plies: 1, Turn: "white"},
			TakenBack{Game: 9, Undone: 2, Plies: 1, Turn: engine.White}},
		{"clock", &protocol.GameClock{GameID: 9, Clock: protocol.Clock{BlackMS: 1000, WhiteMS: 2000}},
			ClockSet{Game: 9, Clock: Clock{Black: time.Second, White: 2 * time.Second}}},
		{"offer", &protocol.OfferMade{GameID: 9, Kind: "draw", From: "white"}, OfferMade{Game: 9, Kind: OfferDraw, From: engine.White}},
		{"offer of a newer server", &protocol.OfferMade{GameID: 9, Kind: "pause", From: "white"}, OfferMade{Game: 9, Kind: "pause", From: engine.White}},
		{"offer answered", &protocol.OfferAnswer{GameID: 9, Kind: "takeback", Accepted: true, By: "black"},
			OfferAnswered{Game: 9, Kind: OfferTakeback, Accepted: true, By: engine.Black}},
		{"offer lapsed", &protocol.OfferAnswer{GameID: 9, Kind: "draw"}, OfferAnswered{Game: 9, Kind: OfferDraw}},
		{"five", &protocol.GameOver{GameID: 9, Result: protocol.Result{Winner: "black", Reason: "five", Line: []string{"h8", "l12"}},
			BlackRating: &protocol.RatingChange{Before: 1500, After: 1516}, WhiteRating: &protocol.RatingChange{Before: 1480, After: 1464}},
			GameEnded{Game: 9, Result: engine.Result{Winner: engine.Black, Reason: engine.ReasonFive, Line: []engine.Point{pt(t, "h8"), pt(t, "l12")}},
				BlackRating: &RatingChange{1500, 1516}, WhiteRating: &RatingChange{1480, 1464}}},
		{"draw", &protocol.GameOver{GameID: 9, Result: protocol.Result{Reason: "agreement"}},
			GameEnded{Game: 9, Result: engine.Result{Reason: engine.ReasonAgreement}}},
		{"reason of a newer server", &protocol.GameOver{GameID: 9, Result: protocol.Result{Winner: "white", Reason: "checkmate"}},
			GameEnded{Game: 9, Result: engine.Result{Winner: engine.White}}},
		{"on time, with the final clocks", &protocol.GameOver{GameID: 9, Result: protocol.Result{Winner: "black", Reason: "timeout"},
			Clock: &protocol.Clock{BlackMS: 4000}},
			GameEnded{Game: 9, Result: engine.Result{Winner: engine.Black, Reason: engine.ReasonTimeout}, Clock: &Clock{Black: 4 * time.Second}}},
		{"lobby games", &protocol.LobbyGames{Games: []protocol.GameSummary{{GameID: 4, Rule: "renju", Size: 15, Plies: 9, Watchers: 2,
			Black: protocol.Player{Name: "ann"}, White: protocol.Player{Name: "ben"}}, {GameID: 5, Rule: "freestyle", Size: 19, Result: &protocol.Result{Reason: "five"}}}},
			LobbyGamesChanged{Games: []LobbyGame{{Game: 4, Rule: engine.Renju, Size: 15, Plies: 9, Watchers: 2, Black: Player{Name: "ann"}, White: Player{Name: "ben"}},
				{Game: 5, Rule: engine.Freestyle, Size: 19, Over: true}}}},
		{"watchers", &protocol.GameWatchers{GameID: 4, Watchers: 3}, WatchersChanged{Game: 4, Watchers: 3}},
		{"rematch", &protocol.RematchStarted{GameID: 4, NewGameID: 6}, RematchStarted{Game: 4, NewGame: 6}},
		{"away", &protocol.PlayerAway{GameID: 9, Color: "white", ClaimAfterMS: 60_000}, PlayerAway{Game: 9, Color: engine.White, ClaimAfter: time.Minute}},
		{"back", &protocol.PlayerBack{GameID: 9, Color: "white"}, PlayerBack{Game: 9, Color: engine.White}},
		{"disconnected", Disconnected{RetryIn: time.Second}, Disconnected{RetryIn: time.Second}},
		{"reconnected", Reconnected{LoggedIn: true, Games: []int64{9}}, Reconnected{LoggedIn: true, Games: []int64{9}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := eventOf(tt.in)
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("eventOf(%+v)\n got %#v, %v\nwant %#v", tt.in, got, err, tt.want)
			}
		})
	}
}

// TestEventOfSnapshot: a game's full state, as game_start and game_state.
func TestEventOfSnapshot(t *testing.T) {
	wire := protocol.Snapshot{
		Game: protocol.GameInfo{GameID: 9, Rule: "renju", Size: 15, Rated: true,
			Time:  protocol.TimeControl{MainMS: 1_800_000, ByoYomiMS: 60_000},
			Black: protocol.Player{Name: "alice", Kind: "user", Rating: 1500},
			White: protocol.Player{Name: "bot:max", Kind: "bot"}},
		Seq: 5, Moves: []string{"h8", "h9", "j10"}, Turn: "white", YourColor: "black",
		Clock: &protocol.Clock{BlackMS: 1000, WhiteMS: 2000, Running: "white"},
		Offer: &protocol.Offer{Kind: "takeback", From: "black"},
		Away:  "white", Forbidden: []string{"o15"}, Watchers: 2,
		Lag: &protocol.Lag{BlackMS: 42},
	}
	want := GameSnapshot{
		Game: 9, Rule: engine.Renju, Size: 15, Rated: true,
		Time:  TimeControl{Main: 30 * time.Minute, ByoYomi: time.Minute},
		Black: Player{Name: "alice", Rating: 1500}, White: Player{Name: "bot:max", Bot: true},
		Moves: []engine.Move{{Point: pt(t, "h8"), Color: engine.Black}, {Point: pt(t, "h9"), Color: engine.White},
			{Point: pt(t, "j10"), Color: engine.Black}},
		Turn: engine.White, Me: engine.Black,
		Clock: &Clock{Black: time.Second, White: 2 * time.Second, Running: engine.White},
		Offer: &Offer{Kind: OfferTakeback, From: engine.Black}, Away: engine.White,
		Forbidden: []engine.Point{pt(t, "o15")}, Watchers: 2,
		Lag: &Lag{Black: 42 * time.Millisecond}, // the bot has none
	}
	if got, err := eventOf(&protocol.GameStart{Snapshot: wire}); err != nil || !reflect.DeepEqual(got, GameStarted{want}) {
		t.Errorf("game_start:\n got %#v, %v\nwant %#v", got, err, want)
	}

	// Watching a finished game on the default board, no lag measured yet.
	wire.Game.Size, wire.YourColor, wire.Turn, wire.Offer, wire.Away, wire.Clock, wire.Forbidden = 0, "", "", nil, "", nil, nil
	wire.Result, wire.Lag = &protocol.Result{Winner: "white", Reason: "resign"}, nil
	want.Me, want.Turn, want.Offer, want.Away, want.Clock, want.Forbidden = engine.Empty, engine.Empty, nil, engine.Empty, nil, nil
	want.Lag = nil
	want.Result = &engine.Result{Winner: engine.White, Reason: engine.ReasonResign}
	if got, err := eventOf(&protocol.GameState{Snapshot: wire}); err != nil || !reflect.DeepEqual(got, GameSynced{want}) {
		t.Errorf("game_state:\n got %#v, %v\nwant %#v", got, err, want)
	}
}

// TestEventOfBadInput: what a server must not send is an error naming the
// event and the culprit, never a panic.
func TestEventOfBadInput(t *testing.T) {
	snap := func(f func(*protocol.Snapshot)) protocol.Message {
		s := protocol.Snapshot{Game: protocol.GameInfo{GameID: 9, Rule: "renju", Size: 15}, Moves: []string{"h8"}}
		f(&s)
		return &protocol.GameState{Snapshot: s}
	}
	tests := []struct {
		name string
		in   protocol.Message
		want string // in the error
	}{
		{"move off any board", &protocol.GameMove{GameID: 9, Color: "black", Move: "z99"}, `game_move: point "z99"`},
		{"move not a point", &protocol.GameMove{GameID: 9, Color: "black", Move: "pass"}, `point "pass"`},
		{"move without colour", &protocol.GameMove{GameID: 9, Move: "h8"}, `"" is not black or white`},
		{"move of an unknown colour", &protocol.GameMove{GameID: 9, Color: "purple", Move: "h8"}, `"purple"`},
		{"bad forbidden point", &protocol.GameMove{GameID: 9, Color: "black", Move: "h8", Forbidden: []string{"x"}}, "forbidden"},
		{"bad running clock", &protocol.GameClock{GameID: 9, Clock: protocol.Clock{Running: "red"}}, "clock"},
		{"bad takeback turn", &protocol.GameTakeback{GameID: 9, Turn: "b"}, "turn"},
		{"bad offer side", &protocol.OfferMade{GameID: 9, Kind: "draw", From: "x"}, `"x"`},
		{"bad answering side", &protocol.OfferAnswer{GameID: 9, Kind: "draw", By: "x"}, `"x"`},
		{"bad winner", &protocol.GameOver{GameID: 9, Result: protocol.Result{Winner: "grey", Reason: "five"}}, "winner"},
		{"bad final clock", &protocol.GameOver{GameID: 9, Result: protocol.Result{Winner: "black", Reason: "timeout"}, Clock: &protocol.Clock{Running: "red"}}, "clock"},
		{"bad winning line", &protocol.GameOver{GameID: 9, Result: protocol.Result{Winner: "black", Reason: "five", Line: []string{"h8", "??"}}}, "line"},
		{"away without colour", &protocol.PlayerAway{GameID: 9}, "player_away"},
		{"back of an unknown colour", &protocol.PlayerBack{GameID: 9, Color: "blue"}, "player_back"},
		{"challenge of an unknown rule", &protocol.Challenge{ChallengeID: 3, Settings: protocol.Settings{Rule: "go"}}, "challenge 3"},
		{"challenge on a huge board", &protocol.Challenge{ChallengeID: 3, Settings: protocol.Settings{Rule: "renju", Size: 99}}, "challenge 3"},
		{"challenge colour", &protocol.Challenge{ChallengeID: 3, Settings: protocol.Settings{Rule: "renju", Color: "red"}}, "challenge 3"},
		{"lobby with a bad challenge", &protocol.Lobby{Challenges: []protocol.Challenge{{ChallengeID: 4}}}, "challenge 4"},
		{"snapshot rule", snap(func(s *protocol.Snapshot) { s.Game.Rule = "chess" }), "game 9"},
		{"snapshot size", snap(func(s *protocol.Snapshot) { s.Game.Size = 30 }), "game 9"},
		{"snapshot move off its board", snap(func(s *protocol.Snapshot) { s.Game.Size = 9; s.Moves = []string{"e5", "k10"} }), `move 2: point "k10"`},
		{"snapshot my colour", snap(func(s *protocol.Snapshot) { s.YourColor = "green" }), "your colour"},
		{"snapshot turn", snap(func(s *protocol.Snapshot) { s.Turn = "green" }), "turn"},
		{"snapshot away", snap(func(s *protocol.Snapshot) { s.Away = "green" }), "away"},
		{"snapshot offer", snap(func(s *protocol.Snapshot) { s.Offer = &protocol.Offer{Kind: "draw"} }), "offer"},
		{"snapshot clock", snap(func(s *protocol.Snapshot) { s.Clock = &protocol.Clock{Running: "x"} }), "clock"},
		{"snapshot result", snap(func(s *protocol.Snapshot) { s.Result = &protocol.Result{Winner: "x"} }), "winner"},
		{"snapshot forbidden", snap(func(s *protocol.Snapshot) { s.Forbidden = []string{"a0"} }), "forbidden"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := eventOf(tt.in)
			if !errors.Is(err, ErrBadEvent) || got != nil {
				t.Fatalf("eventOf(%+v) = %#v, %v; want an ErrBadEvent", tt.in, got, err)
			}
			if !strings.Contains(err.Error(), tt.in.Type()+": ") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not name %s and %q", err, tt.in.Type(), tt.want)
			}
		})
	}
}

// TestEventOfUntyped: messages without a typed form are passed over.
func TestEventOfUntyped(t *testing.T) {
	for _, m := range []protocol.Message{&protocol.Pong{}, &protocol.OK{}, &protocol.Session{}, protocol.Shutdown{}} {
		if got, err := eventOf(m); got != nil || err != nil {
			t.Errorf("eventOf(%T) = %#v, %v; want nothing", m, got, err)
		}
	}
}

func TestSettingsWire(t *testing.T) {
	for _, s := range []Settings{
		{Rule: engine.Renju, Size: 15, Color: engine.Black, Rated: true, Time: TimeControl{Main: 10 * time.Minute, Increment: 5 * time.Second}},
		{Rule: engine.Freestyle, Size: 19, Time: TimeControl{Main: 30 * time.Minute, ByoYomi: time.Minute}},
		{Rule: engine.Standard, Size: 9, Color: engine.White},
	} {
		w := s.wire()
		if s.Color == engine.Empty && w.Color != protocol.ColorRandom {
			t.Errorf("%+v: colour %q, want random", s, w.Color)
		}
		back, err := settingsOf(w)
		if err != nil || back != s {
			t.Errorf("%+v -> %+v -> %+v, %v", s, w, back, err)
		}
	}
}

// TestNextEvent: the typed stream skips what has no typed form, reports a
// bad event and goes on, and ends with why Events closed.
func TestNextEvent(t *testing.T) {
	c := newOffline(t)
	ctx := context.Background()
	feed(t, c, "", protocol.Pong{})
	feed(t, c, "", protocol.GameMove{GameID: 7, Seq: 1, Color: "black", Move: "z0"})
	feed(t, c, "", protocol.LobbyChat{From: "bob", Text: "hi"})
	if e, err := c.NextEvent(ctx); !errors.Is(err, ErrBadEvent) || e != nil {
		t.Fatalf("bad move: %#v, %v", e, err)
	}
	if e, err := c.NextEvent(ctx); err != nil || e.(ChatMessage).Text != "hi" {
		t.Fatalf("after the bad move: %#v, %v", e, err)
	}
	short, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if _, err := c.NextEvent(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("nothing to read: %v", err)
	}
	c.events.push(Disconnected{})
	c.events.finish()
	if e, err := c.NextEvent(ctx); err != nil || e != (Disconnected{}) {
		t.Fatalf("disconnect: %#v, %v", e, err)
	}
	if _, err := c.NextEvent(ctx); !errors.Is(err, ErrDisconnected) {
		t.Fatalf("after the end: %v", err)
	}
}

// FuzzEventOf: whatever frame a server sends, converting it never panics,
// and a failure is an ErrBadEvent.
func FuzzEventOf(f *testing.F) {
	for _, m := range []protocol.Message{
		protocol.GameMove{GameID: 1, Color: "black", Move: "h8", Forbidden: []string{"j9"}},
		protocol.GameStart{Snapshot: protocol.Snapshot{Game: protocol.GameInfo{Rule: "renju", Size: 15}, Moves: []string{"h8"}}},
		protocol.GameOver{Result: protocol.Result{Winner: "black", Reason: "five", Line: []string{"a1", "e5"}}},
		protocol.Lobby{Challenges: []protocol.Challenge{{Settings: protocol.Settings{Rule: "renju"}}}},
	} {
		f.Add(protocol.MustEncode("", m))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fr, err := protocol.Decode(data)
		if err != nil {
			return
		}
		if _, err := eventOf(fr.Msg); err != nil && !errors.Is(err, ErrBadEvent) {
			t.Fatalf("error %v is not an ErrBadEvent", err)
		}
	})
}
