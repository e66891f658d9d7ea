package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
)

// Message is one wire message. Type returns its constant type name (the
// "type" field); it is defined on the value, so both T and *T are Messages.
type Message interface {
	Type() string
}

// GameEvent is a numbered event of one game: Ref returns the game and the
// event's number (1, 2, ... in the order the server produced them).
type GameEvent interface {
	Message
	Ref() (gameID, seq int64)
}

// Frame is one decoded frame: the message and the request id ("" for events
// and for requests sent without one).
type Frame struct {
	ID  string
	Msg Message
}

// ErrBadFrame is wrapped by every Decode error: not JSON, not an object, no
// or unknown type, fields of the wrong JSON type, an over-long id.
var ErrBadFrame = errors.New("bad frame")

// registry maps each type name to the Go type of its message (a struct).
var registry = map[string]reflect.Type{}

func register(msgs ...Message) {
	for _, m := range msgs {
		t := reflect.TypeOf(m)
		if t.Kind() != reflect.Struct {
			panic(fmt.Sprintf("protocol: %T is not a struct", m))
		}
		if _, dup := registry[m.Type()]; dup {
			panic("protocol: duplicate message type " + m.Type())
		}
		registry[m.Type()] = t
		registerFlat(m.Type(), t)
	}
}

// Types returns every registered message type name, sorted.
func Types() []string {
	out := make([]string, 0, len(registry))
	for name := range registry {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// New returns a pointer to a new zero message of the named type, or false
// for an unknown name.
func New(typ string) (Message, bool) {
	t, ok := registry[typ]
	if !ok {
		return nil, false
	}
	return reflect.New(t).Interface().(Message), true
}

// Encode returns the frame of m with request id id ("" for events and
// omitted then). The message's own fields follow "type" and "id". The
// frame is one allocation of its exact size.
func Encode(id string, m Message) ([]byte, error) {
	e := getEncoder()
	defer e.put()
	b, err := e.frame(e.out[:0], id, m)
	e.out = b
	if err != nil {
		return nil, err
	}
	return bytes.Clone(b), nil
}

// AppendEncode appends the frame of m (as Encode makes it) to dst and
// returns the extended slice; dst is returned unchanged on error. A server
// that keeps frames back to back in one buffer allocates nothing per frame.
func AppendEncode(dst []byte, id string, m Message) ([]byte, error) {
	e := getEncoder()
	defer e.put()
	return e.frame(dst, id, m)
}

// MustAppendEncode is AppendEncode for messages that cannot fail to
// encode; it panics otherwise.
func MustAppendEncode(dst []byte, id string, m Message) []byte {
	b, err := AppendEncode(dst, id, m)
	if err != nil {
		panic(err)
	}
	return b
}

// MustEncode is Encode for messages that cannot fail to encode (every type
// of this package); it panics otherwise, so use it only with them.
func MustEncode(id string, m Message) []byte {
	b, err := Encode(id, m)
	if err != nil {
		panic(err)
	}
	return b
}

// header is the part of every frame read before the message itself.
type header struct {
	Type string `json:"type"`
	ID   string `json:"id"`
}

// Decode reads one frame. The message is a pointer to the registered type
// (*Hello, *Move...). Unknown fields are ignored. On error the returned
// Frame still holds the id when it could be read, so a server can address
// its error reply. Errors wrap ErrBadFrame.
func Decode(data []byte) (Frame, error) {
	if f, ok := decodeFlat(data); ok {
		return f, nil
	}
	return decodeJSON(data)
}

// decodeJSON is Decode by encoding/json: any frame.
func decodeJSON(data []byte) (Frame, error) {
	var h header
	if err := json.Unmarshal(data, &h); err != nil {
		// Try to salvage the id for the error reply.
		var idOnly struct {
			ID string `json:"id"`
		}
		if json.Unmarshal(data, &idOnly) == nil && len(idOnly.ID) <= MaxIDLen {
			h.ID = idOnly.ID
		}
		return Frame{ID: h.ID}, fmt.Errorf("%w: %v", ErrBadFrame, err)
	}
	if len(h.ID) > MaxIDLen {
		return Frame{}, fmt.Errorf("%w: id longer than %d bytes", ErrBadFrame, MaxIDLen)
	}
	f := Frame{ID: h.ID}
	if h.Type == "" {
		return f, fmt.Errorf("%w: no type", ErrBadFrame)
	}
	m, ok := New(h.Type)
	if !ok {
		return f, fmt.Errorf("%w: unknown type %q", ErrBadFrame, truncate(h.Type, 32))
	}
	if err := json.Unmarshal(data, m); err != nil {
		return f, fmt.Errorf("%w: %s: %v", ErrBadFrame, h.Type, err)
	}
	f.Msg = m
	return f, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
