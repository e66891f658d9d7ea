package opening_test

import (
	"errors"
	"fmt"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

func act(s string) opening.Action {
	a, err := opening.ParseAction(s, 15)
	if err != nil {
		panic(err)
	}
	return a
}

// A swap2 opening: the first player puts three stones, the second places
// two more and hands the choice back; the first player takes white.
func ExampleState_swap2() {
	s, _ := opening.New(opening.Swap2, engine.Freestyle, 15)
	for _, a := range []string{"place h8", "place i9", "place j8"} {
		s.Apply(opening.First, act(a))
	}
	s.Apply(opening.Second, act("two"))
	s.Apply(opening.Second, act("place g7"))
	s.Apply(opening.Second, act("place k9"))
	fmt.Println(s.Phase(), s.ToMove(), s.Allowed())
	s.Apply(opening.First, act("white"))
	fmt.Println(s.Done(), "black:", s.Black(), "to move:", s.ToMove(), s.Stones())
	// Output:
	// color-choice first [black white]
	// true black: second to move: first [h8 i9 j8 g7 k9]
}

// A Soosõrv-8 opening with a swap after the 4th move: black offers the
// declared two fifth moves and white chooses one, then plays the 6th in the
// game.
func ExampleState_soosorv8() {
	s, _ := opening.New(opening.Soosorv8, engine.Renju, 15)
	for _, a := range []string{"place h8", "place h9", "place j10"} {
		s.Apply(opening.First, act(a))
	}
	s.Apply(opening.Second, act("stay"))
	s.Apply(opening.Second, act("place i8"))
	s.Apply(opening.Second, act("declare 2"))
	s.Apply(opening.First, act("swap")) // the first player takes white; the second offers as black
	err := s.Apply(opening.Second, act("offer g7 o15"))
	fmt.Println(err, s.Phase(), s.ToMove(), s.Offers())
	s.Apply(opening.First, act("choose g7"))
	g, _ := s.Game()
	fmt.Println(s.Done(), "black:", s.Black(), "to move:", s.ToMove(), g.Turn(), len(g.Moves()))

	var r engine.Record
	s.Annotate(&r)
	fmt.Println(r.Opening, r.Opener, r.Offers, len(r.OpeningLog))
	// Output:
	// <nil> choose first [g7 o15]
	// true black: second to move: first white 5
	// soosorv-8 white [g7 o15] 9
}

// A refusal names its reason.
func ExampleRefusalError() {
	s, _ := opening.New(opening.Taraguchi10, engine.Renju, 15)
	err := s.Apply(opening.First, act("place h9"))
	fmt.Println(err)
	var re *opening.RefusalError
	if errors.As(err, &re) {
		fmt.Println(re.Reason, errors.Is(err, opening.ErrOutsideArea))
	}
	// Output:
	// opening: place refused (outside-area): h9 is outside h8-h8
	// outside-area true
}
