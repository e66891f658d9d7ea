package loadtest

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/gomokud/gomoku/protocol"
)

// The echo server's connection hygiene: the game server's limits (read
// limit, pong deadline, write deadline, ping interval, send queue), so the
// baseline pays for the same per-connection machinery and nothing else.
const (
	echoPongWait  = 60 * time.Second
	echoPing      = 10 * time.Second
	echoSendQueue = 64
)

// EchoServer is a bare websocket echo server: gorilla's chat example (a
// reader and a writer goroutine per connection) that sends every text frame
// back to its sender. Under the same load as the game server it shows what
// the machine allows: the floor of the round trip, the CPU and the memory
// per connection. It serves the echo at /ws and Prometheus' process and Go
// metrics at /metrics (the figures the load tool reads from the game server).
type EchoServer struct {
	up  websocket.Upgrader
	reg *prometheus.Registry

	mu    sync.Mutex
	conns map[*websocket.Conn]struct{}
}

// NewEchoServer returns an echo server with the game server's upgrader
// settings (1 KB buffers, pooled write buffers).
func NewEchoServer() *EchoServer {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return &EchoServer{
		up: websocket.Upgrader{ReadBufferSize: 1024, WriteBufferSize: 1024, WriteBufferPool: &sync.Pool{},
			CheckOrigin: func(*http.Request) bool { return true }},
		reg:   reg,
		conns: map[*websocket.Conn]struct{}{},
	}
}

// Serve serves ln until ctx is done, then closes every connection.
func (e *EchoServer) Serve(ctx context.Context, ln net.Listener) error {
	mux := http.NewServeMux()
	mux.HandleFunc("/ws", e.serveWS)
	mux.Handle("/metrics", promhttp.HandlerFor(e.reg, promhttp.HandlerOpts{}))
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	stop := context.AfterFunc(ctx, func() {
		_ = hs.Close()
		e.mu.Lock()
		for ws := range e.conns {
			_ = ws.Close()
		}
		e.mu.Unlock()
	})
	defer stop()
	if err := hs.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func (e *EchoServer) serveWS(w http.ResponseWriter, r *http.Request) {
	ws, err := e.up.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	e.mu.Lock()
	e.conns[ws] = struct{}{}
	e.mu.Unlock()
	out := make(chan []byte, echoSendQueue)
	done := make(chan struct{})
	go echoWriter(ws, out, done)
	echoReader(ws, out)
	close(done)
	e.mu.Lock()
	delete(e.conns, ws)
	e.mu.Unlock()
}

// echoReader queues every text frame back to the writer; a full queue
// closes the connection, as the game server does.
func echoReader(ws *websocket.Conn, out chan<- []byte) {
	ws.SetReadLimit(protocol.MaxFrameSize)
	_ = ws.SetReadDeadline(time.Now().Add(echoPongWait))
	ws.SetPongHandler(func(string) error { return ws.SetReadDeadline(time.Now().Add(echoPongWait)) })
	for {
		typ, data, err := ws.ReadMessage()
		if err != nil {
			return
		}
		_ = ws.SetReadDeadline(time.Now().Add(echoPongWait))
		if typ != websocket.TextMessage {
			continue
		}
		select {
		case out <- data:
		default:
			return
		}
	}
}

// echoWriter owns the writes: the queued frames and a ping every echoPing.
func echoWriter(ws *websocket.Conn, out <-chan []byte, done <-chan struct{}) {
	ping := time.NewTicker(echoPing)
	defer func() {
		ping.Stop()
		_ = ws.Close()
	}()
	for {
		select {
		case data := <-out:
			_ = ws.SetWriteDeadline(time.Now().Add(writeWait))
			if ws.WriteMessage(websocket.TextMessage, data) != nil {
				return
			}
		case <-ping.C:
			if ws.WriteControl(websocket.PingMessage, nil, time.Now().Add(writeWait)) != nil {
				return
			}
		case <-done:
			return
		}
	}
}
