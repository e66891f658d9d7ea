package server

import (
	"regexp"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// metrics are the server's Prometheus metrics, in a registry of its own so
// several servers can live in one process (tests).
type metrics struct {
	reg         *prometheus.Registry
	connections prometheus.Gauge
	games       prometheus.Gauge
	moves       prometheus.Counter
	moveLatency prometheus.Histogram
	storeAppend prometheus.Histogram
	errors      *prometheus.CounterVec
	botThink    prometheus.Histogram
	botTables   prometheus.Gauge
	dropped     prometheus.Counter
}

// latencyBuckets: 0.1 ms to 60 s, each bound ~1.4 times the last, fine
// enough to tell a 20 ms p99 from a 30 ms one.
var latencyBuckets = prometheus.ExponentialBucketsRange(0.0001, 60, 40)

// runtimeMetrics adds the Go runtime's view of a latency tail to the
// default Go metrics: how long runnable goroutines waited for a CPU
// (go_sched_latencies_seconds), the collector's CPU time
// (go_cpu_classes_gc_*) and what it scanned (go_gc_scan_*).
var runtimeMetrics = collectors.GoRuntimeMetricsRule{
	Matcher: regexp.MustCompile(`^/sched/latencies:seconds$|^/cpu/classes/gc/|^/cpu/classes/total:|^/gc/scan/`)}

func newMetrics() *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		connections: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "gomoku_connections", Help: "Open websocket connections."}),
		games: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "gomoku_games_running", Help: "Games being played."}),
		moves: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "gomoku_moves_total", Help: "Moves accepted."}),
		moveLatency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "gomoku_move_seconds",
			Help:    "Time from receiving a move to broadcasting it (validation and storage).",
			Buckets: latencyBuckets}),
		storeAppend: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "gomoku_store_append_seconds",
			Help:    "Time to store an accepted move durably (part of gomoku_move_seconds).",
			Buckets: latencyBuckets}),
		errors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "gomoku_errors_total", Help: "Error replies sent, by code."}, []string{"code"}),
		botThink: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "gomoku_bot_think_seconds", Help: "Time bots spent choosing a move.",
			Buckets: prometheus.ExponentialBuckets(0.001, 2, 14)}),
		botTables: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "gomoku_bot_tables", Help: "Games against the Max bot keeping its search table between moves."}),
		dropped: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "gomoku_slow_clients_dropped_total", Help: "Connections closed because their send queue was full."}),
	}
	m.reg.MustRegister(m.connections, m.games, m.moves, m.moveLatency, m.storeAppend, m.errors, m.botThink, m.botTables, m.dropped,
		collectors.NewGoCollector(collectors.WithGoCollectorRuntimeMetrics(runtimeMetrics)), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}
