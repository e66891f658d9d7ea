package server

import (
	"errors"
	"io"
	"sync"

	"github.com/gorilla/websocket"
)

// framePool holds the buffers incoming frames are read into. A frame is
// decoded (copied out) before its buffer goes back, so no request keeps
// one; the read limit (maxMessageSize) bounds their size. Reading into a
// pooled buffer rather than a fresh one per frame (gorilla's ReadMessage)
// saves an allocation on every move, and keeps no buffer on an idle
// connection.
var framePool = sync.Pool{New: func() any {
	b := make([]byte, 0, 512)
	return &b
}}

// readFrame reads the next message into a pooled buffer; the caller gives
// it back with putFrame once done with the bytes.
func readFrame(ws *websocket.Conn) (int, *[]byte, error) {
	typ, r, err := ws.NextReader()
	if err != nil {
		return 0, nil, err
	}
	bp := framePool.Get().(*[]byte)
	b := (*bp)[:0]
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // grow
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			*bp = b
			putFrame(bp)
			return 0, nil, err
		}
	}
	*bp = b
	return typ, bp, nil
}

func putFrame(bp *[]byte) { framePool.Put(bp) }
