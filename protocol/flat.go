package protocol

import (
	"reflect"
	"strings"
)

// The frames a client sends most (a move, a takeback, a resign...) are flat
// objects of plain strings and integers. decodeFlat reads those without
// encoding/json, whose two passes per frame (header, then message) were a
// fifth of the bytes the server allocated per move at 10,000 players: it
// allocates only the message and its strings.
//
// It answers only frames whose reading is beyond doubt and leaves every
// other one to Decode's encoding/json path, which then gives the same
// answer it always gave: keys must match a field's JSON name exactly (no
// case folding, no repeats of a field), strings must be printable ASCII
// without escapes, integers plain and in range, no null, nothing after the
// object. FuzzDecodeFlat checks that wherever it answers, encoding/json
// answers the same.

// flatField is one field of a flat message: its index and kind.
type flatField struct {
	index int
	kind  reflect.Kind
}

// flatType is a message type decodeFlat can fill: its fields by JSON name.
type flatType struct {
	t      reflect.Type
	fields map[string]flatField
}

// flatTypes holds the registered types that qualify, by type name.
var flatTypes = map[string]*flatType{}

// registerFlat adds t to flatTypes when every field is a string or an
// integer with a plain JSON name (no ",string" option, nothing embedded,
// no field that could catch the header's "type" or "id").
func registerFlat(name string, t reflect.Type) {
	ft := &flatType{t: t, fields: map[string]flatField{}}
	for i := range t.NumField() {
		f := t.Field(i)
		tag, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous || !f.IsExported() || tag == "-" || strings.Contains(opts, "string") {
			return
		}
		if tag == "" {
			tag = f.Name
		}
		if strings.EqualFold(tag, "type") || strings.EqualFold(tag, "id") || !plainKey(tag) {
			return
		}
		switch f.Type.Kind() {
		case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		default:
			return
		}
		ft.fields[tag] = flatField{index: i, kind: f.Type.Kind()}
	}
	flatTypes[name] = ft
}

func plainKey(s string) bool {
	for i := range len(s) {
		if c := s[i]; c != '_' && (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			return false
		}
	}
	return s != ""
}

// flatReader walks one frame.
type flatReader struct {
	data []byte
	pos  int
}

// decodeFlat decodes data when it is a flat frame of a flat type; false
// leaves it to encoding/json.
func decodeFlat(data []byte) (Frame, bool) {
	r := flatReader{data: data}
	typ, id, ok := r.header()
	if !ok {
		return Frame{}, false
	}
	ft := flatTypes[string(typ)]
	if ft == nil || len(id) > MaxIDLen {
		return Frame{}, false
	}
	ptr := reflect.New(ft.t)
	if !r.fill(ft, ptr.Elem()) {
		return Frame{}, false
	}
	return Frame{ID: string(id), Msg: ptr.Interface().(Message)}, true
}

// header scans the frame once for "type" and "id" (the last of each wins,
// as with encoding/json) and checks that it is well formed.
func (r *flatReader) header() (typ, id []byte, ok bool) {
	ok = r.object(func(key, str []byte, isStr bool) bool {
		switch {
		case string(key) == "type":
			typ = str
			return isStr
		case string(key) == "id":
			id = str
			return isStr
		}
		return true
	})
	if !ok || typ == nil {
		return nil, nil, false
	}
	return typ, id, true
}

// fill sets v's fields from the frame's other keys; a key that is not one
// of ft's fields, or a value of the wrong kind, fails.
func (r *flatReader) fill(ft *flatType, v reflect.Value) bool {
	r.pos = 0
	seen := uint64(0)
	return r.object(func(key, val []byte, isStr bool) bool {
		if string(key) == "type" || string(key) == "id" {
			return true
		}
		f, known := ft.fields[string(key)]
		if !known || f.index >= 64 || seen&(1<<f.index) != 0 {
			return false
		}
		seen |= 1 << f.index
		fv := v.Field(f.index)
		if f.kind == reflect.String {
			if isStr {
				fv.SetString(string(val))
			}
			return isStr
		}
		if isStr {
			return false
		}
		n, ok := parseInt(val, fv.Type().Bits())
		if ok {
			fv.SetInt(n)
		}
		return ok
	})
}

// object reads one object of plain keys and plain string or integer values
// up to the end of the frame, calling each for every member (a string's
// bytes without quotes, or an integer's digits).
func (r *flatReader) object(each func(key, val []byte, isStr bool) bool) bool {
	if !r.skip('{') {
		return false
	}
	if r.skip('}') {
		return r.end()
	}
	for {
		key, ok := r.str()
		if !ok || !r.skip(':') {
			return false
		}
		r.space()
		val, isStr := r.str()
		if !isStr {
			if val, ok = r.integer(); !ok {
				return false
			}
		}
		if !each(key, val, isStr) {
			return false
		}
		if r.skip('}') {
			return r.end()
		}
		if !r.skip(',') {
			return false
		}
	}
}

// str reads a string of printable ASCII without escapes.
func (r *flatReader) str() ([]byte, bool) {
	r.space()
	if r.pos >= len(r.data) || r.data[r.pos] != '"' {
		return nil, false
	}
	start := r.pos + 1
	for i := start; i < len(r.data); i++ {
		switch c := r.data[i]; {
		case c == '"':
			r.pos = i + 1
			return r.data[start:i], true
		case c == '\\' || c < 0x20 || c > 0x7e:
			return nil, false
		}
	}
	return nil, false
}

// integer reads -?(0|[1-9][0-9]*) followed by a delimiter.
func (r *flatReader) integer() ([]byte, bool) {
	start := r.pos
	if r.pos < len(r.data) && r.data[r.pos] == '-' {
		r.pos++
	}
	digits := r.pos
	for r.pos < len(r.data) && r.data[r.pos] >= '0' && r.data[r.pos] <= '9' {
		r.pos++
	}
	n := r.pos - digits
	if n == 0 || n > 1 && r.data[digits] == '0' || n > 19 {
		return nil, false
	}
	return r.data[start:r.pos], true
}

// parseInt reads the digits integer found, in range for a bits-wide int.
func parseInt(b []byte, bits int) (int64, bool) {
	neg := b[0] == '-'
	if neg {
		b = b[1:]
	}
	limit := uint64(1) << (bits - 1) // |min|; max is one less
	var n uint64
	for _, c := range b {
		n = n*10 + uint64(c-'0')
		if n > limit {
			return 0, false
		}
	}
	if !neg && n == limit {
		return 0, false
	}
	if neg {
		return -int64(n), true
	}
	return int64(n), true
}

// skip consumes c after optional white space.
func (r *flatReader) skip(c byte) bool {
	r.space()
	if r.pos < len(r.data) && r.data[r.pos] == c {
		r.pos++
		return true
	}
	return false
}

func (r *flatReader) space() {
	for r.pos < len(r.data) {
		switch r.data[r.pos] {
		case ' ', '\t', '\n', '\r':
			r.pos++
		default:
			return
		}
	}
}

// end holds when only white space follows.
func (r *flatReader) end() bool {
	r.space()
	return r.pos == len(r.data)
}
