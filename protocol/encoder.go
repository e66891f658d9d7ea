package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"
)

// encoder builds frames without json.Marshal's allocations: the message is
// encoded into a reused buffer and the frame assembled after dst. Encoders
// are pooled; a server encodes thousands of frames a second.
type encoder struct {
	body bytes.Buffer
	enc  *json.Encoder
	out  []byte // Encode's scratch frame
}

// maxPooled bounds the buffers an encoder keeps when it goes back to the
// pool: a rare large frame (a long game's record) is not held for ever.
const maxPooled = 64 << 10

var encoders = sync.Pool{New: func() any {
	e := &encoder{}
	e.enc = json.NewEncoder(&e.body)
	return e
}}

func getEncoder() *encoder { return encoders.Get().(*encoder) }

func (e *encoder) put() {
	if e.body.Cap() > maxPooled || cap(e.out) > maxPooled {
		return
	}
	encoders.Put(e)
}

// frame appends {"type":T[,"id":I],<m's fields>} to dst. The fields are
// json.Marshal's (HTML characters escaped alike).
func (e *encoder) frame(dst []byte, id string, m Message) ([]byte, error) {
	e.body.Reset()
	if err := e.enc.Encode(m); err != nil {
		return dst, fmt.Errorf("encode %s: %w", m.Type(), err)
	}
	body := bytes.TrimSuffix(e.body.Bytes(), []byte("\n")) // Encode ends the value with a newline
	if len(body) < 2 || body[0] != '{' {
		return dst, fmt.Errorf("encode %s: not a JSON object", m.Type())
	}
	dst = append(dst, `{"type":`...)
	dst = appendString(dst, m.Type())
	if id != "" {
		dst = append(dst, `,"id":`...)
		dst = appendString(dst, id)
	}
	if len(body) > 2 {
		dst = append(dst, ',')
	}
	return append(dst, body[1:]...), nil
}

// appendString appends s as a JSON string, escaped as json.Marshal escapes
// it: printable ASCII other than the quote, the backslash and <, >, & goes
// as it is, anything else through json.Marshal.
func appendString(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string always encodes
			return append(dst, q...)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}
