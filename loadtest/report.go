package loadtest

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// Report is the outcome of a run. Latencies are in milliseconds, memory in
// bytes, CPU in cores (CPU seconds per second).
type Report struct {
	URL        string  `json:"url"`
	Mode       string  `json:"mode"` // "game", or "echo" against a bare echo server
	Conns      int     `json:"conns"`
	Games      int     `json:"games"`
	Idle       int     `json:"idle_conns"`
	Rate       float64 `json:"rate_per_game"`
	SourceIPs  int     `json:"source_ips"`
	GOMAXPROCS int     `json:"client_gomaxprocs"`

	Connected        int     `json:"connected"`
	ConnectSeconds   float64 `json:"connect_seconds"`
	GamesStarted     int     `json:"games_started"`
	GameStartSeconds float64 `json:"game_start_seconds"`
	FirstError       string  `json:"first_error,omitempty"`

	Window      float64 `json:"window_seconds"`
	Moves       int64   `json:"moves"`         // moves sent in the window and acknowledged
	MovesPerSec float64 `json:"moves_per_sec"` // Moves / Window
	Target      float64 `json:"target_moves_per_sec"`
	Ack         Latency `json:"move_ack"`  // move sent -> its ok reply
	Echo        Latency `json:"move_echo"` // move sent -> the mover's game_move event
	Unanswered  int     `json:"unanswered_moves"`
	GamesOver   int64   `json:"games_over"` // games that ended (and were restarted) during the run

	Errors map[string]int `json:"errors"`          // error replies by code, disconnects, connect failures
	Closes map[string]int `json:"disconnects"`     // why connections were dropped
	Notes  map[string]int `json:"notes,omitempty"` // retried logins, game endings

	Server ServerStats `json:"server"`
	Client ClientStats `json:"client"`
}

// ServerStats are read from the server's /metrics. Per-connection memory
// is the growth over the reading before connecting, divided by the
// connections made: "idle" with every connection logged in and no game,
// "playing" at the end of the window. RSS is what the system sees (it
// includes garbage not yet collected and freed memory not yet returned);
// the live heap is what the last garbage collection kept (exact for idle
// when IdleGC, i.e. a collection ran after the last connection); stacks
// are the goroutines' stacks.
type ServerStats struct {
	Scraped                bool          `json:"scraped"`
	Connections            float64       `json:"connections"` // gomoku_connections with every client connected
	RSSBefore              float64       `json:"rss_before"`
	RSSIdle                float64       `json:"rss_idle"`
	RSSPlaying             float64       `json:"rss_playing"`
	IdleGC                 bool          `json:"idle_gc"`
	IdleRSSPerConn         float64       `json:"idle_rss_per_conn"`
	IdleLiveHeapPerConn    float64       `json:"idle_live_heap_per_conn"`
	IdleStackPerConn       float64       `json:"idle_stack_per_conn"`
	PlayingRSSPerConn      float64       `json:"playing_rss_per_conn"`
	PlayingLiveHeapPerConn float64       `json:"playing_live_heap_per_conn"`
	PlayingStackPerConn    float64       `json:"playing_stack_per_conn"`
	GoroutinesPerConn      float64       `json:"goroutines_per_conn"`
	CPU                    float64       `json:"cpu_cores"` // in the window
	MovesPerSec            float64       `json:"moves_per_sec"`
	MoveHandling           ServerLatency `json:"move_handling"`
	StoreAppend            ServerLatency `json:"store_append"`
	// SchedLatency is how long the server's runnable goroutines waited
	// for a CPU (the runtime's histogram: coarse buckets, ×10 apart).
	SchedLatency ServerLatency      `json:"sched_latency"`
	GCCPU        float64            `json:"gc_cpu_cores"`        // the collector's CPU in the window
	GCAssistCPU  float64            `json:"gc_assist_cpu_cores"` // part of it taken from goroutines that allocate
	SlowDropped  float64            `json:"slow_clients_dropped"`
	Errors       map[string]float64 `json:"errors,omitempty"` // error replies during the run, by code
}

// ClientStats are the load tool's own costs.
type ClientStats struct {
	CPU             float64 `json:"cpu_cores"` // in the window
	IdleHeapPerConn float64 `json:"idle_heap_stack_per_conn"`
}

// fill completes the report from the counters and the metrics readings
// (any may be nil).
func (r *runner) fill(rep *Report, before, idle, from, to *scrape) {
	rep.Moves = r.movesAcked.Load()
	if rep.Window > 0 {
		rep.MovesPerSec = float64(rep.Moves) / rep.Window
	}
	rep.Target = float64(rep.GamesStarted) * r.cfg.Rate
	rep.Ack, rep.Echo = r.ack.summary(), r.echo.summary()
	rep.GamesOver = r.gamesOver.Load()
	r.mu.Lock()
	rep.Errors, rep.Closes, rep.Notes = maps.Clone(r.errs), maps.Clone(r.closes), maps.Clone(r.notes)
	r.mu.Unlock()
	if rep.Unanswered > 0 {
		rep.Errors["unanswered"] += rep.Unanswered
	}

	s := &rep.Server
	if before == nil || idle == nil {
		return
	}
	s.Scraped = true
	n := float64(max(rep.Connected, 1))
	rss := func(x *scrape) float64 { return x.get("process_resident_memory_bytes") }
	stack := func(x *scrape) float64 { return x.get("go_memstats_stack_inuse_bytes") }
	s.Connections = idle.get("gomoku_connections")
	s.RSSBefore, s.RSSIdle = rss(before), rss(idle)
	s.IdleGC = idle.gcSince(r.connected)
	s.IdleRSSPerConn = (rss(idle) - rss(before)) / n
	s.IdleLiveHeapPerConn = (idle.liveHeap() - before.liveHeap()) / n
	s.IdleStackPerConn = (stack(idle) - stack(before)) / n
	s.GoroutinesPerConn = (idle.get("go_goroutines") - before.get("go_goroutines")) / n
	if to == nil {
		return
	}
	s.RSSPlaying = rss(to)
	s.PlayingRSSPerConn = (rss(to) - rss(before)) / n
	s.PlayingLiveHeapPerConn = (to.liveHeap() - before.liveHeap()) / n
	s.PlayingStackPerConn = (stack(to) - stack(before)) / n
	s.SlowDropped = to.get("gomoku_slow_clients_dropped_total") - before.get("gomoku_slow_clients_dropped_total")
	s.Errors = map[string]float64{}
	for code, v := range to.errors {
		if d := v - before.errors[code]; d > 0 {
			s.Errors[code] = d
		}
	}
	if from != nil {
		if dt := to.at.Sub(from.at).Seconds(); dt > 0 {
			s.CPU = (to.get("process_cpu_seconds_total") - from.get("process_cpu_seconds_total")) / dt
			s.MovesPerSec = (to.get("gomoku_moves_total") - from.get("gomoku_moves_total")) / dt
			rate := func(name string) float64 { return (to.get(name) - from.get(name)) / dt }
			s.GCCPU = rate("go_cpu_classes_gc_total_cpu_seconds_total")
			s.GCAssistCPU = rate("go_cpu_classes_gc_mark_assist_cpu_seconds_total")
		}
		s.SchedLatency = serverLatency(from, to, schedHistogram)
		s.MoveHandling = serverLatency(from, to, moveHistogram)
		s.StoreAppend = serverLatency(from, to, storeHistogram)
	}
}

// Problems lists what went wrong: failed connections, dropped connections,
// error replies, unanswered moves, no move at all. Empty for a clean run.
func (rep *Report) Problems() []string {
	var out []string
	if rep.Connected < rep.Conns {
		out = append(out, fmt.Sprintf("%d of %d connections failed", rep.Conns-rep.Connected, rep.Conns))
	}
	if rep.GamesStarted < rep.Games {
		out = append(out, fmt.Sprintf("%d of %d games did not start", rep.Games-rep.GamesStarted, rep.Games))
	}
	if rep.Games > 0 && rep.Moves == 0 {
		out = append(out, "no move was acknowledged")
	}
	for _, k := range slices.Sorted(maps.Keys(rep.Errors)) {
		if k != "connect" {
			out = append(out, fmt.Sprintf("%d × %s", rep.Errors[k], k))
		}
	}
	return out
}

// WriteText prints the report for people.
func (rep *Report) WriteText(w io.Writer) {
	p := func(format string, args ...any) { fmt.Fprintf(w, format+"\n", args...) }
	if rep.Mode == "echo" {
		p("echo baseline against %s (pairs send a move-sized frame in turn; \"ok\" is its echo)", rep.URL)
	} else {
		p("gomoku load test against %s", rep.URL)
	}
	p("connections  %d of %d in %.1fs (%d source addresses); %d idle", rep.Connected, rep.Conns,
		rep.ConnectSeconds, rep.SourceIPs, rep.Idle)
	p("games        %d of %d started in %.1fs, %.2f moves/s each; %d ended and restarted during the run",
		rep.GamesStarted, rep.Games, rep.GameStartSeconds, rep.Rate, rep.GamesOver)
	p("window       %.1fs: %d moves, %.1f moves/s (target %.0f)", rep.Window, rep.Moves, rep.MovesPerSec, rep.Target)
	p("move → ok    %s", rep.Ack)
	if rep.Echo.Count > 0 {
		p("move → echo  %s", rep.Echo)
	}
	if s := rep.Server; s.Scraped {
		if s.MoveHandling.Count > 0 {
			p("server       %.0f moves/s, CPU %.2f cores; move handling mean %.2fms, p50 ≤%s, p99 ≤%s (histogram)",
				s.MovesPerSec, s.CPU, s.MoveHandling.Mean, bound(s.MoveHandling.P50), bound(s.MoveHandling.P99))
		} else {
			p("server       CPU %.2f cores", s.CPU)
		}
		if s.StoreAppend.Count > 0 {
			p("server store mean %.2fms, p50 ≤%s, p99 ≤%s (storing a move, part of move handling)",
				s.StoreAppend.Mean, bound(s.StoreAppend.P50), bound(s.StoreAppend.P99))
		}
		if s.SchedLatency.Count > 0 {
			p("server sched goroutines waited for a CPU p50 ≤%s, p99 ≤%s; GC %.2f cores (assists %.2f)",
				bound(s.SchedLatency.P50), bound(s.SchedLatency.P99), s.GCCPU, s.GCAssistCPU)
		}
		p("server mem   RSS %s before, %s idle, %s playing", mb(s.RSSBefore), mb(s.RSSIdle), mb(s.RSSPlaying))
		gc := "a GC after connecting"
		if !s.IdleGC {
			gc = "no GC since connecting: live heap from an older GC"
		}
		p("per conn     idle: %s RSS, live heap %s, stacks %s, %.1f goroutines (%s)",
			kb(s.IdleRSSPerConn), heapKB(s.IdleLiveHeapPerConn), kb(s.IdleStackPerConn), s.GoroutinesPerConn, gc)
		p("per conn     playing: %s RSS, live heap %s, stacks %s",
			kb(s.PlayingRSSPerConn), heapKB(s.PlayingLiveHeapPerConn), kb(s.PlayingStackPerConn))
		if s.SlowDropped > 0 || len(s.Errors) > 0 {
			p("server saw   %.0f slow clients dropped; errors %v", s.SlowDropped, s.Errors)
		}
	} else {
		p("server       no /metrics readings")
	}
	p("load tool    CPU %.2f cores (GOMAXPROCS %d), %s heap+stacks per connection",
		rep.Client.CPU, rep.GOMAXPROCS, kb(rep.Client.IdleHeapPerConn))
	if len(rep.Closes) > 0 {
		p("disconnects  %v", rep.Closes)
	}
	if len(rep.Notes) > 0 {
		p("notes        %v", rep.Notes)
	}
	if probs := rep.Problems(); len(probs) > 0 {
		p("PROBLEMS     %s", strings.Join(probs, "; "))
		if rep.FirstError != "" {
			p("first connect error: %s", rep.FirstError)
		}
	} else {
		p("no errors")
	}
}

func (l Latency) String() string {
	if l.Count == 0 {
		return "no samples"
	}
	return fmt.Sprintf("p50 %.2fms  p90 %.2fms  p99 %.2fms  p99.9 %.2fms  max %.2fms  (mean %.2fms, n=%d)",
		l.P50, l.P90, l.P99, l.P999, l.Max, l.Mean, l.Count)
}

func bound(v float64) string {
	if v < 0 {
		return "∞"
	}
	return fmt.Sprintf("%.2fms", v)
}

func kb(b float64) string { return fmt.Sprintf("%.1f KB", b/1024) }

// heapKB is a live heap difference per connection; "unknown" when negative:
// the live heap is the last GC's figure, and with no GC in between it can be
// below the one taken before.
func heapKB(b float64) string {
	if b < 0 {
		return "unknown"
	}
	return kb(b)
}
func mb(b float64) string { return fmt.Sprintf("%.1f MB", b/(1024*1024)) }
