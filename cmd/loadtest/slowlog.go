package main

import (
	"bufio"
	"fmt"
	"os"
	"sync"
	"time"
)

// slowLog writes the window's slow moves, one line each: the time the move
// was sent (UTC, to the millisecond) and its round trip in milliseconds.
// Sorted by time, the lines show whether slow moves come in bursts.
type slowLog struct {
	mu sync.Mutex
	f  *os.File
	w  *bufio.Writer
}

func openSlowLog(path string) (*slowLog, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("slow-log: %w", err)
	}
	return &slowLog{f: f, w: bufio.NewWriter(f)}, nil
}

// write is loadtest.Config.OnSlow: safe from many goroutines.
func (l *slowLog) write(sent time.Time, rtt time.Duration) {
	l.mu.Lock()
	fmt.Fprintf(l.w, "%s %.2f\n", sent.UTC().Format("15:04:05.000"), float64(rtt.Microseconds())/1000)
	l.mu.Unlock()
}

func (l *slowLog) close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.w.Flush()
	l.f.Close()
}
