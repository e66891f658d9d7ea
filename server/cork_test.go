package server

import (
	"bytes"
	"errors"
	"net"
	"testing"
)

// writeLog is a net.Conn that records each Write call.
type writeLog struct {
	net.Conn
	writes [][]byte
	err    error
}

func (w *writeLog) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	w.writes = append(w.writes, append([]byte(nil), p...))
	return len(p), nil
}

func TestCorkGathersWrites(t *testing.T) {
	log := &writeLog{}
	c := &corkConn{Conn: log}
	if _, err := c.Write([]byte("a")); err != nil || len(log.writes) != 1 {
		t.Fatalf("uncorked write: err %v, %d writes, want it through at once", err, len(log.writes))
	}
	c.cork()
	for _, s := range []string{"b", "cc", "d"} {
		if n, err := c.Write([]byte(s)); err != nil || n != len(s) {
			t.Fatalf("corked write %q: %d, %v", s, n, err)
		}
	}
	if len(log.writes) != 1 {
		t.Fatalf("corked writes reached the socket: %q", log.writes)
	}
	if err := c.uncork(); err != nil {
		t.Fatal(err)
	}
	if len(log.writes) != 2 || string(log.writes[1]) != "bccd" {
		t.Fatalf("after uncork: %q, want one write of bccd", log.writes)
	}
	if err := c.uncork(); err != nil || len(log.writes) != 2 {
		t.Fatalf("second uncork wrote again: %q, %v", log.writes, err)
	}
}

func TestCorkBoundsItsBuffer(t *testing.T) {
	log := &writeLog{}
	c := &corkConn{Conn: log}
	c.cork()
	small := bytes.Repeat([]byte("s"), corkMax-10)
	big := bytes.Repeat([]byte("B"), corkMax+1)
	c.Write(small)
	c.Write([]byte("0123456789x")) // would pass corkMax: small goes out first
	c.Write(big)                   // too big to gather: what is gathered, then big
	c.Write([]byte("t"))
	if err := c.uncork(); err != nil {
		t.Fatal(err)
	}
	var got []byte
	for _, w := range log.writes {
		got = append(got, w...)
	}
	want := append(append(append(append([]byte(nil), small...), "0123456789x"...), big...), 't')
	if !bytes.Equal(got, want) {
		t.Fatalf("bytes out of order or lost: %d bytes, want %d", len(got), len(want))
	}
	if len(log.writes) != 4 {
		t.Fatalf("%d writes, want 4 (small, the 11 bytes, big, t)", len(log.writes))
	}
}

func TestCorkReportsWriteErrors(t *testing.T) {
	boom := errors.New("broken pipe")
	log := &writeLog{err: boom}
	c := &corkConn{Conn: log}
	c.cork()
	if _, err := c.Write([]byte("x")); err != nil {
		t.Fatalf("corked write failed early: %v", err)
	}
	if err := c.uncork(); !errors.Is(err, boom) {
		t.Fatalf("uncork: %v, want %v", err, boom)
	}
}
