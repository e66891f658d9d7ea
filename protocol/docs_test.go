package protocol

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"testing"
)

var jsonBlock = regexp.MustCompile("(?s)```json\n(.*?)\n```")

// TestDocsCoverEveryMessage checks that docs/protocol.md has, for every
// registered type, a heading and an example that decodes to that type with
// no field the Go type lacks.
func TestDocsCoverEveryMessage(t *testing.T) {
	doc, err := os.ReadFile("../docs/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	examples := map[string]int{}
	for _, m := range jsonBlock.FindAllSubmatch(doc, -1) {
		raw := m[1]
		f, err := Decode(raw)
		if err != nil {
			t.Errorf("example does not decode: %v\n%s", err, raw)
			continue
		}
		checkStrict(t, f.Msg, raw)
		examples[f.Msg.Type()]++
	}
	for _, name := range Types() {
		if examples[name] == 0 {
			t.Errorf("docs/protocol.md has no example of %q", name)
		}
		if !bytes.Contains(doc, []byte("### `"+name+"`")) {
			t.Errorf("docs/protocol.md has no heading for %q", name)
		}
	}
}

// checkStrict decodes raw (minus type and id) into a fresh message of the
// same type, rejecting unknown fields, so a typo in the docs fails. Nested
// game_events frames are checked the same way.
func checkStrict(t *testing.T, m Message, raw []byte) {
	t.Helper()
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		t.Errorf("%s: %v", m.Type(), err)
		return
	}
	delete(obj, "type")
	delete(obj, "id")
	rest, _ := json.Marshal(obj)
	fresh, _ := New(m.Type())
	dec := json.NewDecoder(bytes.NewReader(rest))
	dec.DisallowUnknownFields()
	if err := dec.Decode(fresh); err != nil {
		t.Errorf("example of %s: %v\n%s", m.Type(), err, raw)
	}
	if ev, ok := m.(*GameEvents); ok {
		for _, e := range ev.Events {
			f, err := Decode(e)
			if err != nil {
				t.Errorf("nested event: %v", err)
				continue
			}
			checkStrict(t, f.Msg, e)
		}
	}
}
