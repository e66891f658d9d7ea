package loadtest

import (
	"bytes"
	"strings"
	"testing"
)

// TestReportUnknownHeap: a live heap difference below zero (no GC between
// the two readings) is printed as unknown, for idle and playing alike.
func TestReportUnknownHeap(t *testing.T) {
	rep := &Report{Server: ServerStats{Scraped: true, IdleLiveHeapPerConn: -2048, PlayingLiveHeapPerConn: -1024,
		IdleRSSPerConn: 30 << 10}}
	var out bytes.Buffer
	rep.WriteText(&out)
	if n := strings.Count(out.String(), "live heap unknown"); n != 2 {
		t.Fatalf("want two unknown live heaps, got %d in:\n%s", n, out.String())
	}
	rep.Server.PlayingLiveHeapPerConn = 18 << 10
	out.Reset()
	rep.WriteText(&out)
	if !strings.Contains(out.String(), "playing: 0.0 KB RSS, live heap 18.0 KB") {
		t.Fatalf("known heap not printed:\n%s", out.String())
	}
}
