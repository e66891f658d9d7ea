package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestEncodeDecodeRoundTrip(t *testing.T) {
	msgs := []Message{
		Hello{Version: Version, Client: "test"},
		&Move{GameID: 7, Move: "h8"},
		GameMove{GameID: 7, Seq: 3, Ply: 3, Color: ColorBlack, Move: "j9", Clock: &Clock{BlackMS: 1, WhiteMS: 2, Running: ColorWhite}},
		GameOver{GameID: 7, Seq: 9, Result: Result{Winner: ColorWhite, Reason: "five", Line: []string{"a1", "b2", "c3", "d4", "e5"}}},
		GameStart{Snapshot{Game: GameInfo{GameID: 1, Rule: "renju", Size: 15}, Moves: []string{}, Turn: ColorBlack}},
		OK{},
		Error{Code: CodeForbidden, Message: "no", Kind: "double-three"},
	}
	for _, m := range msgs {
		t.Run(m.Type(), func(t *testing.T) {
			for _, id := range []string{"", "42", `we"ird\id`} {
				b, err := Encode(id, m)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.HasPrefix(string(b), `{"type":"`+m.Type()+`"`) {
					t.Errorf("frame %s does not start with its type", b)
				}
				f, err := Decode(b)
				if err != nil {
					t.Fatalf("Decode(%s): %v", b, err)
				}
				if f.ID != id {
					t.Errorf("id %q, want %q", f.ID, id)
				}
				want := reflect.ValueOf(m)
				if want.Kind() == reflect.Pointer {
					want = want.Elem()
				}
				if got := reflect.ValueOf(f.Msg).Elem().Interface(); !reflect.DeepEqual(got, want.Interface()) {
					t.Errorf("decoded %#v, want %#v", got, want.Interface())
				}
			}
		})
	}
}

func TestEveryTypeRoundTrips(t *testing.T) {
	for _, name := range Types() {
		m, ok := New(name)
		if !ok || m.Type() != name {
			t.Fatalf("New(%q) = %v, %v", name, m, ok)
		}
		b, err := Encode("x", m)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		f, err := Decode(b)
		if err != nil || f.Msg.Type() != name || f.ID != "x" {
			t.Fatalf("%s: Decode(%s) = %+v, %v", name, b, f, err)
		}
		var obj map[string]any
		if err := json.Unmarshal(b, &obj); err != nil {
			t.Fatalf("%s: frame %s is not JSON: %v", name, b, err)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		frame  string
		wantID string
	}{
		{``, ""},
		{`nonsense`, ""},
		{`[]`, ""},
		{`"hello"`, ""},
		{`{}`, ""},
		{`{"id":"3"}`, "3"},
		{`{"type":"nope","id":"4"}`, "4"},
		{`{"type":5,"id":"5"}`, "5"},
		{`{"type":"move","id":"6","game_id":"seven"}`, "6"},
		{`{"type":"move","id":"7","move":8}`, "7"},
		{`{"type":"hello","id":7}`, ""},
		{`{"type":"hello","id":"` + strings.Repeat("x", MaxIDLen+1) + `"}`, ""},
		{`{"type":"hello","version":1`, ""},
	}
	for _, tt := range tests {
		f, err := Decode([]byte(tt.frame))
		if !errors.Is(err, ErrBadFrame) {
			t.Errorf("Decode(%q) error %v, want ErrBadFrame", tt.frame, err)
		}
		if f.ID != tt.wantID || f.Msg != nil {
			t.Errorf("Decode(%q) = %+v, want id %q and no message", tt.frame, f, tt.wantID)
		}
	}
}

func TestDecodeIgnoresUnknownFields(t *testing.T) {
	f, err := Decode([]byte(`{"type":"move","id":"1","game_id":3,"move":"a1","future":{"x":1}}`))
	if err != nil {
		t.Fatal(err)
	}
	if m, ok := f.Msg.(*Move); !ok || m.GameID != 3 || m.Move != "a1" {
		t.Fatalf("got %#v", f.Msg)
	}
}

func TestGameEventsAreNumbered(t *testing.T) {
	for _, name := range Types() {
		m, _ := New(name)
		_, isEvent := m.(GameEvent)
		_, hasSeq := reflect.TypeOf(m).Elem().FieldByName("Seq")
		snapshot := name == "game_start" || name == "game_state"
		if hasSeq != isEvent && !snapshot {
			t.Errorf("%s: has seq %v but GameEvent %v", name, hasSeq, isEvent)
		}
	}
}

func TestErrorIsAnError(t *testing.T) {
	var err error = Errorf(CodeOccupied, "point %s is taken", "h8")
	if err.Error() != "occupied: point h8 is taken" {
		t.Errorf("Error() = %q", err.Error())
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"type":"move","id":"1","game_id":3,"move":"h8"}`))
	f.Add([]byte(`{"type":"challenge_create","id":"2","to":"bob","settings":{"rule":"renju","time":{"main_ms":1}}}`))
	f.Add([]byte(`{"type":"game_events","events":[{"type":"ok"}]}`))
	f.Add([]byte(`{"type":"hello"`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fr, err := Decode(data)
		if err != nil {
			if !errors.Is(err, ErrBadFrame) || fr.Msg != nil {
				t.Fatalf("Decode error %v with message %v", err, fr.Msg)
			}
			return
		}
		if len(fr.ID) > MaxIDLen {
			t.Fatalf("id of %d bytes accepted", len(fr.ID))
		}
		b, err := Encode(fr.ID, fr.Msg)
		if err != nil {
			t.Fatalf("re-encode %T: %v", fr.Msg, err)
		}
		fr2, err := Decode(b)
		if err != nil {
			t.Fatalf("decode of re-encoded %s: %v", b, err)
		}
		b2, err := Encode(fr2.ID, fr2.Msg)
		if err != nil || !bytes.Equal(b, b2) {
			t.Fatalf("encoding is not stable: %s then %s (%v)", b, b2, err)
		}
	})
}
