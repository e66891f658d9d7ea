package server

import (
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"

	"github.com/gomokud/gomoku/engine/ai"
)

func TestBotLimit(t *testing.T) {
	now := time.Now()
	p := &botPool{jobs: make(chan botJob, 10), workers: 2}
	job := botJob{req: ai.Request{TimeLimit: time.Second}, due: now.Add(time.Second)}
	if got := p.limit(job, now); got != time.Second {
		t.Fatalf("idle pool: %v", got)
	}
	for range 6 { // six waiting for two workers: a quarter of the budget
		p.jobs <- botJob{}
	}
	if got := p.limit(job, now); got != 250*time.Millisecond {
		t.Fatalf("busy pool: %v", got)
	}
	if got := p.limit(job, now.Add(900*time.Millisecond)); got != 100*time.Millisecond {
		t.Fatalf("after waiting 900ms: %v", got)
	}
	if got := p.limit(job, now.Add(5*time.Second)); got != botMinBudget {
		t.Fatalf("long past due: %v", got)
	}
}

// TestBotTables: the pool hands out kept tables up to twice its workers and
// takes them back; the gauge follows.
func TestBotTables(t *testing.T) {
	m := newMetrics()
	p := &botPool{workers: 1, tables: make(chan struct{}, 2), metrics: m}
	a, b := p.takeTable(), p.takeTable()
	if a == nil || b == nil || a == b {
		t.Fatalf("two tables for one worker: %p %p", a, b)
	}
	if c := p.takeTable(); c != nil {
		t.Fatal("a third table beyond twice the workers")
	}
	p.dropTable(a)
	p.dropTable(nil) // a game that had none
	var g dto.Metric
	if err := m.botTables.Write(&g); err != nil || g.GetGauge().GetValue() != 1 {
		t.Fatalf("gauge %v (%v), want 1", g.GetGauge().GetValue(), err)
	}
	if c := p.takeTable(); c == nil {
		t.Fatal("no table after one was given back")
	}
}
