// Package arena plays AI levels against each other through ai.Think: random
// balanced openings, each played twice with colours swapped, and a summary
// with an Elo estimate. It backs cmd/match and the AI's strength tests.
package arena

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/ai"
)

// Config describes a match between levels A and B.
type Config struct {
	Size     int         // board size; 0 = 15
	Rule     engine.Rule // rule set
	A, B     ai.Level
	Pairs    int           // openings; each is played twice, colours swapped
	MoveTime time.Duration // time per move for both sides; 0 = the levels' own caps
	Seed     int64         // openings and the easy level's choices
	// OpeningStones is the number of random stones before the engines take
	// over (default 3: black, white, black).
	OpeningStones int
	// Progress, if set, is called after each game.
	Progress func(g Game)
	// FreshA and FreshB make level Max of side A (B) search every move
	// with a fresh table. By default a Max side keeps its table from move
	// to move through each game (an ai.Session a game), as the server's
	// Max bots do.
	FreshA, FreshB bool
}

// Game is one finished game.
type Game struct {
	Index   int
	Opening []engine.Move
	ABlack  bool         // A played black
	Winner  engine.Color // Empty for a draw
	Reason  engine.Reason
	Moves   int
	Record  []engine.Move // every move, the opening's first
	Err     error         // a player failed to move (it loses the game)
}

// Result sums a match up from A's point of view.
type Result struct {
	Config          Config
	Wins, Draws     int
	Losses          int
	WinsAsBlack     int
	WinsAsWhite     int
	LossesAsBlack   int
	LossesAsWhite   int
	Errors          int
	MaxMoveTime     time.Duration // slowest move of the match
	MaxOverrun      time.Duration // most a move went past its time limit
	Moves           int
	ThinkTimeTotal  time.Duration
	Games           []Game
	EloDiff, EloLow float64
	EloHigh         float64
	// Pairs counts the openings whose two games were both played, by A's
	// half points over the two (0, lost both, to 4, won both); PairElo*
	// is Elo from them (PairElo), whose interval follows the pairs' spread.
	Pairs                   [5]int
	PairEloDiff, PairEloLow float64
	PairEloHigh             float64
	ScoreFraction           float64
	OpeningsRejected        int
}

// Run plays the match. It stops early, returning what it has and ctx's error,
// when ctx is cancelled.
func Run(ctx context.Context, cfg Config) (Result, error) {
	if cfg.Size == 0 {
		cfg.Size = engine.DefaultSize
	}
	if cfg.OpeningStones <= 0 {
		cfg.OpeningStones = 3
	}
	res := Result{Config: cfg}
	rng := rand.New(rand.NewPCG(uint64(cfg.Seed), 0xA7E4A))
	for pair := 0; pair < cfg.Pairs; pair++ {
		opening, rejected, err := balancedOpening(ctx, cfg, rng)
		res.OpeningsRejected += rejected
		if err != nil {
			return res.finish(), err
		}
		for swap := 0; swap < 2; swap++ {
			g := Game{Index: 2*pair + swap, Opening: opening, ABlack: swap == 0}
			if err := play(ctx, cfg, &g, rng.Int64(), &res); err != nil && ctx.Err() != nil {
				return res.finish(), err
			}
			res.add(g)
			if cfg.Progress != nil {
				cfg.Progress(g)
			}
		}
	}
	return res.finish(), nil
}

// session is the session of a side playing level lv for one game (nil: a
// fresh table every move): Max keeps its table between moves unless fresh.
func session(lv ai.Level, fresh bool) *ai.Session {
	if lv != ai.Max || fresh {
		return nil
	}
	return ai.NewSession()
}

// balancedOpening draws random stones near the centre until a quick search
// says neither side is clearly better.
func balancedOpening(ctx context.Context, cfg Config, rng *rand.Rand) ([]engine.Move, int, error) {
	c := cfg.Size / 2
	for rejected := 0; ; rejected++ {
		g, err := engine.NewGame(engine.Options{Size: cfg.Size, Rule: cfg.Rule})
		if err != nil {
			return nil, rejected, err
		}
		for g.Turn(); len(g.Moves()) < cfg.OpeningStones; {
			p := engine.Point{X: c - 3 + rng.IntN(7), Y: c - 3 + rng.IntN(7)}
			if len(g.Moves()) == 0 {
				p = engine.Point{X: c - 1 + rng.IntN(3), Y: c - 1 + rng.IntN(3)}
			}
			_ = g.Play(p) // occupied or forbidden: draw again
		}
		if rejected > 200 {
			return g.Moves(), rejected, nil
		}
		r, err := ai.Think(ctx, ai.Request{Size: cfg.Size, Rule: cfg.Rule, Moves: g.Moves(),
			Level: ai.Hard, TimeLimit: time.Minute, NodeLimit: 30000})
		if err != nil {
			return nil, rejected, fmt.Errorf("judge opening: %w", err)
		}
		if r.Score > -120 && r.Score < 120 {
			return append([]engine.Move(nil), g.Moves()...), rejected, nil
		}
	}
}

// play plays one game to the end.
func play(ctx context.Context, cfg Config, g *Game, seed int64, res *Result) error {
	game, err := engine.NewGame(engine.Options{Size: cfg.Size, Rule: cfg.Rule})
	if err != nil {
		return err
	}
	for _, m := range g.Opening {
		if err := game.PlayAs(m.Color, m.Point); err != nil {
			return fmt.Errorf("opening: %w", err)
		}
	}
	sa, sb := session(cfg.A, cfg.FreshA), session(cfg.B, cfg.FreshB)
	for !game.Over() {
		if b := game.Board(); b.Full() {
			break
		}
		turn := game.Turn()
		lv, ss := cfg.B, sb
		if (turn == engine.Black) == g.ABlack {
			lv, ss = cfg.A, sa
		}
		limit := cfg.MoveTime
		if limit == 0 {
			limit = lv.MoveTime()
		}
		start := time.Now()
		r, err := ai.Think(ctx, ai.Request{Size: cfg.Size, Rule: cfg.Rule, Moves: game.Moves(),
			Level: lv, TimeLimit: limit, Seed: seed + int64(len(game.Moves())), Session: ss})
		took := time.Since(start)
		res.Moves++
		res.ThinkTimeTotal += took
		res.MaxMoveTime = max(res.MaxMoveTime, took)
		res.MaxOverrun = max(res.MaxOverrun, took-effectiveLimit(lv, limit))
		if err == nil {
			err = game.Play(r.Move)
		}
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			g.Err = fmt.Errorf("%s (%s) at move %d: %w", lv, turn, len(game.Moves())+1, err)
			g.Winner, g.Reason = turn.Opponent(), engine.ReasonAbandon
			g.Moves, g.Record = len(game.Moves()), game.Moves()
			return g.Err
		}
	}
	r := game.Result()
	g.Winner, g.Reason, g.Moves, g.Record = r.Winner, r.Reason, len(game.Moves()), game.Moves()
	if !r.Over() {
		g.Winner, g.Reason = engine.Empty, engine.ReasonFullBoard
	}
	return nil
}

// effectiveLimit is the time Think may take: Max uses the whole given time,
// the other levels are capped by their MoveTime.
func effectiveLimit(lv ai.Level, limit time.Duration) time.Duration {
	if lv == ai.Max {
		return limit
	}
	return min(limit, lv.MoveTime())
}

func (r *Result) add(g Game) {
	r.Games = append(r.Games, g)
	if g.Err != nil {
		r.Errors++
	}
	aColor := engine.White
	if g.ABlack {
		aColor = engine.Black
	}
	switch g.Winner {
	case engine.Empty:
		r.Draws++
	case aColor:
		r.Wins++
		if g.ABlack {
			r.WinsAsBlack++
		} else {
			r.WinsAsWhite++
		}
	default:
		r.Losses++
		if g.ABlack {
			r.LossesAsBlack++
		} else {
			r.LossesAsWhite++
		}
	}
}

func (r Result) finish() Result {
	r.ScoreFraction, r.EloDiff, r.EloLow, r.EloHigh = Elo(r.Wins, r.Draws, r.Losses)
	r.Pairs = [5]int{}
	for i := 0; i+1 < len(r.Games); i += 2 {
		a, b := r.Games[i], r.Games[i+1]
		if a.Index/2 == b.Index/2 {
			r.Pairs[halfPoints(a)+halfPoints(b)]++
		}
	}
	_, r.PairEloDiff, r.PairEloLow, r.PairEloHigh = PairElo(r.Pairs)
	return r
}

// halfPoints is A's result of a game in half points: 0 lost, 1 drawn, 2 won.
func halfPoints(g Game) int {
	switch {
	case g.Winner == engine.Empty:
		return 1
	case (g.Winner == engine.Black) == g.ABlack:
		return 2
	}
	return 0
}

// String prints the summary.
func (r Result) String() string {
	c := r.Config
	s := fmt.Sprintf("%s vs %s, %s %dx%d, %d games (%d openings x 2 colours), %v/move\n",
		sideName(c.A, c.FreshA), sideName(c.B, c.FreshB), c.Rule, c.Size, c.Size, len(r.Games), len(r.Games)/2,
		moveTimeName(c.MoveTime))
	s += fmt.Sprintf("%s: W %d  D %d  L %d  (as black W%d L%d, as white W%d L%d)  score %.1f%%\n",
		c.A, r.Wins, r.Draws, r.Losses, r.WinsAsBlack, r.LossesAsBlack, r.WinsAsWhite, r.LossesAsWhite, 100*r.ScoreFraction)
	s += fmt.Sprintf("Elo %s - %s: %+.0f (95%% CI %+.0f .. %+.0f)\n", c.A, c.B, r.EloDiff, r.EloLow, r.EloHigh)
	if n := r.Pairs[0] + r.Pairs[1] + r.Pairs[2] + r.Pairs[3] + r.Pairs[4]; n > 0 {
		s += fmt.Sprintf("by pairs (%d openings, %s's points 0/0.5/1/1.5/2: %d/%d/%d/%d/%d): Elo %+.0f (95%% CI %+.0f .. %+.0f)\n",
			n, c.A, r.Pairs[0], r.Pairs[1], r.Pairs[2], r.Pairs[3], r.Pairs[4], r.PairEloDiff, r.PairEloLow, r.PairEloHigh)
	}
	if r.Moves > 0 {
		s += fmt.Sprintf("moves %d, mean think %v, slowest %v, worst overrun %v, errors %d\n",
			r.Moves, (r.ThinkTimeTotal / time.Duration(r.Moves)).Round(time.Microsecond),
			r.MaxMoveTime.Round(time.Microsecond), r.MaxOverrun.Round(time.Microsecond), r.Errors)
	}
	return s
}

// sideName names a side's level, and says when Max searches each move
// with a fresh table.
func sideName(lv ai.Level, fresh bool) string {
	if lv == ai.Max && fresh {
		return lv.String() + " (fresh table)"
	}
	return lv.String()
}

func moveTimeName(d time.Duration) string {
	if d == 0 {
		return "level caps"
	}
	return d.String()
}
