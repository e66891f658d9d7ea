package engine_test

import (
	"fmt"

	"github.com/gomokud/gomoku/engine"
)

// A server turns a finished game into a record, fills in what the engine
// does not know, and writes it in any of the three formats.
func ExampleRecordOf() {
	g, _ := engine.NewGame(engine.Options{Size: 15, Rule: engine.Renju})
	for _, s := range []string{"h8", "i9", "h9", "g7"} {
		p, _ := engine.ParsePoint(s, g.Size())
		g.Play(p)
	}
	g.Finish(engine.White, engine.ReasonResign)

	r := engine.RecordOf(g)
	r.Black, r.White, r.Date = "alice", "bob", "2026-11-23"
	text, _ := r.EncodeText()
	sgf, _ := r.EncodeSGF()
	psq, _ := r.EncodePSQ()
	fmt.Printf("%s\n%s\n%s", text, sgf, psq)

	back, err := engine.ParseSGF(sgf)
	fmt.Println(back.Result, err)
	// Output:
	// Black: alice
	// White: bob
	// Rule: renju
	// Size: 15
	// Date: 2026-11-23
	// Result: white wins by resign
	//
	// 1. [Black] h8
	// 2. [White] i9
	// 3. [Black] h9
	// 4. [White] g7
	//
	// (;FF[4]GM[4]CA[UTF-8]AP[gomokud]SZ[15]RU[renju]PB[alice]PW[bob]DT[2026-11-23]RE[W+R]
	// ;B[hh];W[ig];B[hg];W[gi])
	//
	// Piskvorky 15x15, 11:11, 0
	// 8,8,0
	// 9,7,0
	// 8,7,0
	// 7,9,0
	// alice
	// bob
	// -1
	// white wins by resign <nil>
}
