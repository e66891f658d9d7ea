package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/client/config"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
	"github.com/gomokud/gomoku/server"
)

// waitLimit bounds every wait of the end-to-end tests: generous, as -race on
// two busy cores is slow; only a hang reaches it.
const waitLimit = time.Minute

// user is one player of the end-to-end tests: a config file of their own,
// used by the commands, and a client library connection for what a human
// does at the board.
type user struct {
	t    *testing.T
	name string
	cfg  string
	url  string
}

func newUser(t *testing.T, url, name string) *user {
	return &user{t: t, name: name, url: url, cfg: filepath.Join(t.TempDir(), name+".json")}
}

// result is what a command printed and its exit status.
type result struct {
	out, err string
	code     int
}

// run runs the gomoku command line as the user, with stdin piped in.
func (u *user) run(ctx context.Context, stdin string, args ...string) result {
	var out, errb bytes.Buffer
	env := &Env{In: strings.NewReader(stdin), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
	code := run(ctx, append([]string{"--config", u.cfg, "--server", u.url}, args...), env)
	return result{out: out.String(), err: errb.String(), code: code}
}

// must runs a command that has to succeed.
func (u *user) must(stdin string, args ...string) string {
	u.t.Helper()
	r := u.run(context.Background(), stdin, args...)
	if r.code != 0 {
		u.t.Fatalf("%s: gomoku %s: status %d: %s%s", u.name, strings.Join(args, " "), r.code, r.out, r.err)
	}
	return r.out
}

// connect opens a library connection with the user's saved session.
func (u *user) connect() (*client.Client, protocol.Session) {
	u.t.Helper()
	cfg, err := config.Load(u.cfg)
	if err != nil || cfg.Token == "" {
		u.t.Fatalf("%s: no saved session (%v)", u.name, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	c, err := client.Dial(ctx, u.url, client.Options{Name: "e2e"})
	if err != nil {
		u.t.Fatal(err)
	}
	u.t.Cleanup(func() { c.Close() })
	sess, err := c.Resume(ctx, cfg.Token)
	if err != nil {
		u.t.Fatalf("%s: resume: %v", u.name, err)
	}
	return c, sess
}

// waitFor reads c's events until one of type T (and accepted by ok, when
// given) arrives.
func waitFor[T any](t *testing.T, c *client.Client, ok func(*T) bool) *T {
	t.Helper()
	m := nextOf(t, c, func(m protocol.Message) bool {
		e, is := any(m).(*T)
		return is && (ok == nil || ok(e))
	})
	return any(m).(*T)
}

// nextOf reads c's events until one accepted by ok arrives.
func nextOf(t *testing.T, c *client.Client, ok func(protocol.Message) bool) protocol.Message {
	t.Helper()
	timeout := time.After(waitLimit)
	for {
		select {
		case m, open := <-c.Events():
			if !open {
				t.Fatal("events closed")
			}
			if os.Getenv("E2E_DEBUG") != "" {
				t.Logf("event %T %+v", m, m)
			}
			if ok(m) {
				return m
			}
		case <-timeout:
			t.Fatal("no event")
		}
	}
}

func startServer(t *testing.T) *servertest.Server {
	if testing.Short() {
		t.Skip("end-to-end: starts the server")
	}
	// Every command logs in again: lift the per-address login limit.
	return servertest.Start(t, servertest.Options{Config: server.Config{AuthPerIP: 1000, AuthBurst: 1000}})
}

func mustContain(t *testing.T, what, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("%s: want %q in:\n%s", what, w, got)
		}
	}
}

// TestTwoPlayersWholeGame drives two accounts through a rated game with the
// commands (register, login, who, challenge, games, show, export, profile,
// leaderboard) and the client library (accepting, moving).
func TestTwoPlayersWholeGame(t *testing.T) {
	s := startServer(t)
	alice, bob := newUser(t, s.URL, "alice"), newUser(t, s.URL, "bob")

	// Accounts: register, a bad password, logout, login.
	mustContain(t, "register", alice.must("secret-alice\nsecret-alice\n", "register", "alice"), "registered and logged in as alice")
	bob.must("bob\nsecret-bob-1\nsecret-bob-1\n", "register") // the name read from stdin too
	if r := alice.run(context.Background(), "password-one\npassword-two\n", "register", "carol"); r.code != 1 || !strings.Contains(r.err, "differ") {
		t.Errorf("register with differing passwords: %+v", r)
	}
	mustContain(t, "logout", alice.must("", "logout"), "logged out alice")
	if r := alice.run(context.Background(), "", "games"); r.code != 1 || !strings.Contains(r.err, "not logged in") {
		t.Errorf("games after logout: %+v", r)
	}
	if r := alice.run(context.Background(), "wrong-password\n", "login", "alice"); r.code != 1 || !strings.Contains(r.err, "gomoku: login: wrong username or password") {
		t.Errorf("login with a wrong password: %+v", r)
	}
	mustContain(t, "login", alice.must("secret-alice\n", "login", "alice"), "logged in as alice")

	// Bob sits at the board; alice sees him online.
	bc, _ := bob.connect()
	mustContain(t, "who", alice.must("", "who"), "alice (you)", "bob", "bot:easy", "bot:max")
	var lobby protocol.Lobby
	if err := json.Unmarshal([]byte(alice.must("", "who", "--json")), &lobby); err != nil || len(lobby.Bots) != 4 {
		t.Errorf("who --json: %v %+v", err, lobby)
	}

	// A declined challenge: the command says so and fails.
	done := make(chan result, 1)
	go func() { done <- alice.run(context.Background(), "", "challenge", "bob") }()
	ch := waitFor[protocol.Challenge](t, bc, nil)
	if err := bc.Decline(context.Background(), ch.ChallengeID); err != nil {
		t.Fatal(err)
	}
	if r := <-done; r.code != 1 || !strings.Contains(r.out, "bob declined") {
		t.Errorf("declined challenge: %+v", r)
	}

	// An interrupted challenge is withdrawn.
	ctx, cancel := context.WithCancel(context.Background())
	go func() { done <- alice.run(ctx, "", "challenge", "bob") }()
	ch = waitFor[protocol.Challenge](t, bc, nil)
	cancel()
	waitFor(t, bc, func(e *protocol.ChallengeCancelled) bool { return e.ChallengeID == ch.ChallengeID })
	// (The command withdraws it, or, interrupted before the server's reply,
	// closes the connection, which withdraws it too.)
	if r := <-done; r.code != 1 {
		t.Errorf("interrupted challenge: %+v", r)
	}

	// The game: alice challenges with black, bob accepts.
	go func() {
		done <- alice.run(context.Background(), "", "challenge", "bob", "--rule", "standard", "--time", "10+5",
			"--color", "black", "--rated", "--json", "--opening", "none")
	}()
	ch = waitFor[protocol.Challenge](t, bc, nil)
	if ch.Settings.Rule != "standard" || ch.Settings.Color != "black" || !ch.Settings.Rated ||
		ch.Settings.Time.MainMS != 600_000 || ch.Settings.Time.IncrementMS != 5_000 {
		t.Errorf("challenge settings: %+v", ch.Settings)
	}
	if err := bc.Accept(context.Background(), ch.ChallengeID); err != nil {
		t.Fatal(err)
	}
	r := <-done
	var cj challengeJSON
	if err := json.Unmarshal([]byte(r.out), &cj); r.code != 0 || err != nil {
		t.Fatalf("challenge: %v %+v", err, r)
	}
	if cj.Status != client.ChallengeAccepted || cj.GameID == 0 || cj.Color != "black" || cj.White != "bob" {
		t.Fatalf("challenge outcome: %+v", cj)
	}
	id := cj.GameID
	mustContain(t, "who during the game", alice.must("", "who"), "playing", "standard 15x15 10+5 rated")

	// Alice comes back to the board: her running game is in her session.
	ac, sess := alice.connect()
	if len(sess.Games) != 1 || sess.Games[0] != id {
		t.Fatalf("alice's running games: %v, want [%d]", sess.Games, id)
	}
	if err := ac.Follow(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	if st := waitFor[protocol.GameState](t, ac, nil); st.Game.GameID != id || st.YourColor != "black" {
		t.Fatalf("followed state: %+v", st)
	}

	ctx = context.Background()
	play := func(c *client.Client, move string) error {
		return c.Move(ctx, id, mustPoint(t, move, 15))
	}
	// Black h8..l8 (five), white h9..k9 in between; bad moves on the way.
	blacks, whites := []string{"h8", "i8", "j8", "k8", "l8"}, []string{"h9", "i9", "j9", "k9"}
	for i, bm := range blacks {
		if err := play(ac, bm); err != nil {
			t.Fatalf("black %s: %v", bm, err)
		}
		if i == len(whites) {
			break
		}
		if i == 0 {
			if err := play(ac, "a1"); client.Code(err) != protocol.CodeNotYourTurn {
				t.Errorf("black out of turn: %v", err)
			}
			if err := play(bc, "h8"); client.Code(err) != protocol.CodeOccupied {
				t.Errorf("white on an occupied point: %v", err)
			}
		}
		if err := play(bc, whites[i]); err != nil {
			t.Fatalf("white %s: %v", whites[i], err)
		}
	}
	over := waitFor[protocol.GameOver](t, bc, nil)
	if over.GameID != id || over.Winner != "black" || over.Reason != "five" || len(over.Line) != 5 {
		t.Fatalf("game over: %+v", over)
	}
	if over.BlackRating == nil || over.BlackRating.After <= over.BlackRating.Before {
		t.Errorf("black's rating change: %+v", over.BlackRating)
	}
	waitFor(t, ac, func(e *protocol.GameOver) bool { return e.GameID == id })

	// History and records.
	ids := " " + jsonInt(id)
	mustContain(t, "games", alice.must("", "games"), "GAME", ids, "bob (", "black", "standard 15x15 10+5 rated", "won by five")
	mustContain(t, "games of bob", alice.must("", "games", "bob"), "alice (", "white", "lost by five")
	var hist protocol.History
	if err := json.Unmarshal([]byte(bob.must("", "games", "--json")), &hist); err != nil || len(hist.Games) != 1 ||
		hist.Games[0].GameID != id || hist.Games[0].Plies != 9 {
		t.Errorf("games --json: %v %+v", err, hist)
	}
	show := bob.must("", "show", jsonInt(id))
	mustContain(t, "show", show, "alice (black) vs bob (white)", "black wins by five", " 8 ")
	if strings.Count(show, "●")+strings.Count(show, "X") < 5 {
		t.Errorf("show: no black stones drawn:\n%s", show)
	}
	var sj showJSON
	if err := json.Unmarshal([]byte(bob.must("", "show", "#"+jsonInt(id), "--json")), &sj); err != nil ||
		strings.Join(sj.Moves, " ") != "h8 h9 i8 i9 j8 j9 k8 k9 l8" || sj.Result != "black wins by five" {
		t.Errorf("show --json: %v %+v", err, sj)
	}

	txt := alice.must("", "export", jsonInt(id))
	rec, err := engine.ParseText([]byte(txt))
	if err != nil || len(rec.Points()) != 9 || rec.Black != "alice" || rec.Result.Winner != engine.Black {
		t.Errorf("export txt: %v %+v\n%s", err, rec, txt)
	}
	psq := alice.must("", "export", jsonInt(id), "--format", "PSQ") // any letter case
	if rec, err := engine.ParsePSQ([]byte(psq), engine.Standard); err != nil || len(rec.Points()) != 9 {
		t.Errorf("export psq: %v\n%s", err, psq)
	}
	file := filepath.Join(t.TempDir(), "game.sgf")
	alice.must("", "export", jsonInt(id), "--format", "sgf", "-o", file)
	sgf, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if rec, err := engine.ParseSGF(sgf); err != nil || len(rec.Points()) != 9 || rec.White != "bob" {
		t.Errorf("export sgf: %v\n%s", err, sgf)
	}
	if r := alice.run(ctx, "", "export", jsonInt(id), "--format", "pdf"); r.code != 1 {
		t.Errorf("export --format pdf: %+v", r)
	}
	if r := alice.run(ctx, "", "show", "999"); r.code != 1 || !strings.Contains(r.err, "gomoku: game 999: not found") {
		t.Errorf("show of a missing game: %+v", r)
	}

	// Ratings.
	mustContain(t, "profile", alice.must("", "profile"), "alice", "1 win, 0 losses", "(1 rated game)")
	var prof protocol.Profile
	if err := json.Unmarshal([]byte(alice.must("", "profile", "bob", "--json")), &prof); err != nil || prof.Losses != 1 || prof.Rating >= 1500 {
		t.Errorf("profile bob --json: %v %+v", err, prof)
	}
	lb := alice.must("", "leaderboard", "--rule", "standard") // the game was standard: ratings are per rule
	if a, b := strings.Index(lb, "alice"), strings.Index(lb, "bob"); a < 0 || b < 0 || a > b {
		t.Errorf("leaderboard: alice should lead bob:\n%s", lb)
	}
}

// TestGameAgainstBot challenges bot:easy with the command and plays the game
// to its end with the client library.
func TestGameAgainstBot(t *testing.T) {
	s := startServer(t)
	dan := newUser(t, s.URL, "dan")
	dan.must("secret-dan-1\nsecret-dan-1\n", "register", "dan")

	if r := dan.run(context.Background(), "", "challenge", "bot:easy", "--rated"); r.code != 1 || !strings.Contains(r.err, "gomoku: challenge bot:easy: games against bots are casual") {
		t.Errorf("rated game against a bot: %+v", r)
	}
	out := dan.must("", "challenge", "bot:easy", "--rule", "freestyle", "--time", "none", "--color", "black", "--json", "--opening", "none")
	var cj challengeJSON
	if err := json.Unmarshal([]byte(out), &cj); err != nil || cj.Status != client.ChallengeAccepted || cj.White != "bot:easy" {
		t.Fatalf("challenge bot:easy: %v %s", err, out)
	}

	// Without a terminal the command returns once the game started, and
	// says how to play it; the game has the rule's default opening.
	eve := newUser(t, s.URL, "eve")
	eve.must("secret-eve-1\nsecret-eve-1\n", "register", "eve")
	r := eve.run(context.Background(), "", "challenge", "bot:easy", "--time", "none", "--color", "black")
	if r.code != 0 || !strings.Contains(r.out, "eve (1500) (black) vs bot:easy") || !strings.Contains(r.out, ", opening swap2\n") ||
		!strings.Contains(r.err, "started, you play black: run `gomoku play` to play it\n") {
		t.Errorf("challenge without a terminal: %+v", r)
	}

	c, _ := dan.connect()
	ctx := context.Background()
	if err := c.Follow(ctx, cj.GameID); err != nil {
		t.Fatal(err)
	}
	st := waitFor[protocol.GameState](t, c, nil)
	g, err := engine.NewGame(engine.Options{Size: 15, Rule: engine.Freestyle})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range st.Moves {
		if err := g.Play(mustPoint(t, m, 15)); err != nil {
			t.Fatal(err)
		}
	}
	// Dan plays the free point nearest the centre (a weak but legal game)
	// until the server ends it.
	var over *protocol.GameOver
	for over == nil {
		if g.Turn() == engine.Black && !g.Over() {
			if err := c.Move(ctx, cj.GameID, nearestFree(g)); err != nil {
				t.Fatalf("move %d: %v", len(g.Moves())+1, err)
			}
		}
		switch e := nextOf(t, c, func(m protocol.Message) bool {
			switch m.(type) {
			case *protocol.GameMove, *protocol.GameOver:
				return true
			}
			return false
		}).(type) {
		case *protocol.GameMove:
			if err := g.Play(mustPoint(t, e.Move, 15)); err != nil {
				t.Fatalf("server move %s: %v", e.Move, err)
			}
		case *protocol.GameOver:
			over = e
		}
	}
	if over.Reason != "five" && over.Reason != "full-board" {
		t.Errorf("bot game ended by %q", over.Reason)
	}
	t.Logf("bot game: %s wins by %s after %d moves", over.Winner, over.Reason, len(g.Moves()))
	mustContain(t, "games", dan.must("", "games"), "bot:easy", "freestyle 15x15 none", "black", over.Reason)
	sgf := dan.must("", "export", jsonInt(cj.GameID), "--format", "sgf")
	if rec, err := engine.ParseSGF([]byte(sgf)); err != nil || len(rec.Points()) != len(g.Moves()) {
		t.Errorf("export sgf: %v\n%s", err, sgf)
	}
}

// nearestFree is the empty point nearest the centre (first in reading order).
func nearestFree(g *engine.Game) engine.Point {
	n := g.Size()
	best, bestD := engine.NoPoint, 1<<30
	for y := n - 1; y >= 0; y-- {
		for x := 0; x < n; x++ {
			p := engine.Point{X: x, Y: y}
			dx, dy := x-n/2, y-n/2
			if d := dx*dx + dy*dy; g.At(p) == engine.Empty && d < bestD {
				best, bestD = p, d
			}
		}
	}
	return best
}

func jsonInt(id int64) string {
	b, _ := json.Marshal(id)
	return string(b)
}

func mustPoint(t *testing.T, s string, size int) engine.Point {
	t.Helper()
	p, err := engine.ParsePoint(s, size)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestOneShotGuestLeavesNoSession: a command run without an account enters
// as a guest for that connection only, and logs that guest out after: no
// stored guest session is left behind.
func TestOneShotGuestLeavesNoSession(t *testing.T) {
	s := startServer(t)
	anon := newUser(t, s.URL, "anon")
	who := anon.must("", "who")
	mustContain(t, "who as a guest", who, "bot:easy")
	if strings.Contains(who, "(you)") || strings.Contains(who, "guest:") {
		t.Errorf("who lists the guest that only asked:\n%s", who)
	}
	anon.must("", "leaderboard")
	left, err := s.Store.GuestSessions(context.Background(), time.Now())
	if err != nil || len(left) != 0 {
		t.Fatalf("guest sessions left: %+v, %v", left, err)
	}
}
