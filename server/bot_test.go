package server

import (
	"testing"
	"time"

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
