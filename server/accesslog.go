package server

import (
	"bufio"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// accessLog logs one line per HTTP request, a websocket upgrade included
// (status 101, logged once the handshake is done, not when the connection
// ends). It logs the method, the path, the status, the duration, the bytes
// written and the client's address (read from a trusted proxy's headers),
// and nothing else of the request: the query string and the headers may
// carry tokens or passwords.
func (s *Server) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now() // the wall clock: a duration, not a game decision
		rec := &statusRecorder{ResponseWriter: w}
		defer func() {
			s.env.log.LogAttrs(r.Context(), slog.LevelInfo, "http",
				slog.String("method", r.Method),
				slog.String("path", r.URL.Path),
				slog.Int("status", rec.statusOr200()),
				slog.Duration("duration", time.Since(start)),
				slog.Int64("bytes", rec.bytes),
				slog.String("client", s.env.cfg.TrustedProxies.clientIP(r)))
		}()
		next.ServeHTTP(rec, r)
	})
}

// statusRecorder remembers the status and size of a response. It lets a
// websocket upgrade hijack the connection (gorilla asserts http.Hijacker).
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (w *statusRecorder) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusRecorder) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(p)
	w.bytes += int64(n)
	return n, err
}

// Hijack hands the connection to a websocket upgrade, which then answers
// 101 on the connection itself.
func (w *statusRecorder) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	h, ok := w.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, fmt.Errorf("access log: %T cannot be hijacked", w.ResponseWriter)
	}
	c, rw, err := h.Hijack()
	if err == nil && w.status == 0 {
		w.status = http.StatusSwitchingProtocols
	}
	return c, rw, err
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *statusRecorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// statusOr200 is the status sent; a handler that wrote nothing sent 200.
func (w *statusRecorder) statusOr200() int {
	if w.status == 0 {
		return http.StatusOK
	}
	return w.status
}
