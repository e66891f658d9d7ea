package loadtest

import (
	"fmt"
	"io"
)

// Comparison is a game server's run beside a bare echo server's under the
// same load in the same invocation: the echo shows what the machine allows
// (round trip, CPU and memory of a connection that does nothing but echo),
// and the ratios show what the game costs on top.
type Comparison struct {
	Baseline *Report `json:"baseline"`
	Game     *Report `json:"game"`
	Ratios   Ratios  `json:"ratios"`
}

// Ratios are the game's figures divided by the echo's (0 when either is
// missing). CPU per move is the server's CPU in the window divided by the
// moves (or echoes) per second the tool saw answered.
type Ratios struct {
	P50            float64 `json:"p50"`
	P99            float64 `json:"p99"`
	P999           float64 `json:"p99_9"`
	IdleRSSPerConn float64 `json:"idle_rss_per_conn"`
	CPUPerMove     float64 `json:"cpu_per_move"`
}

// Compare puts a game run beside its echo baseline.
func Compare(baseline, game *Report) Comparison {
	r := Ratios{
		P50:            ratio(game.Ack.P50, baseline.Ack.P50),
		P99:            ratio(game.Ack.P99, baseline.Ack.P99),
		P999:           ratio(game.Ack.P999, baseline.Ack.P999),
		IdleRSSPerConn: ratio(game.Server.IdleRSSPerConn, baseline.Server.IdleRSSPerConn),
		CPUPerMove:     ratio(game.cpuPerMove(), baseline.cpuPerMove()),
	}
	return Comparison{Baseline: baseline, Game: game, Ratios: r}
}

// cpuPerMove is the server's CPU seconds per answered move in the window.
func (rep *Report) cpuPerMove() float64 {
	if rep.MovesPerSec <= 0 {
		return 0
	}
	return rep.Server.CPU / rep.MovesPerSec
}

func ratio(a, b float64) float64 {
	if a <= 0 || b <= 0 {
		return 0
	}
	return a / b
}

// Problems are the game run's and the baseline's.
func (c Comparison) Problems() []string {
	var out []string
	for _, p := range c.Baseline.Problems() {
		out = append(out, "baseline: "+p)
	}
	return append(out, c.Game.Problems()...)
}

// WriteText prints the baseline, the game run and the ratios.
func (c Comparison) WriteText(w io.Writer) {
	fmt.Fprintln(w, "== baseline: bare websocket echo, same load, same machine, same invocation")
	c.Baseline.WriteText(w)
	fmt.Fprintln(w, "\n== game server")
	c.Game.WriteText(w)
	b, g, r := c.Baseline, c.Game, c.Ratios
	p := func(what string, game, echo, ratio float64, unit string) {
		fmt.Fprintf(w, "%-22s %10.2f %-3s %10.2f %-3s ×%.1f\n", what, game, unit, echo, unit, ratio)
	}
	fmt.Fprintln(w, "\n== game / echo           game            echo          ratio")
	p("round trip p50", g.Ack.P50, b.Ack.P50, r.P50, "ms")
	p("round trip p99", g.Ack.P99, b.Ack.P99, r.P99, "ms")
	p("round trip p99.9", g.Ack.P999, b.Ack.P999, r.P999, "ms")
	p("idle RSS per conn", g.Server.IdleRSSPerConn/1024, b.Server.IdleRSSPerConn/1024, r.IdleRSSPerConn, "KB")
	p("server CPU per move", g.cpuPerMove()*1e6, b.cpuPerMove()*1e6, r.CPUPerMove, "µs")
}
