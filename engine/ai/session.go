package ai

import (
	"runtime/debug"

	"github.com/gomokud/gomoku/engine"
)

// A Session carries the transposition table from one move of a game to the
// next, as tournament engines keep theirs: what the search of one move
// learnt about the positions ahead orders and cuts the search of the next.
// Give the same Session to every Think of one game (Request.Session), one
// call at a time: a Session is not safe for concurrent use. It starts
// afresh by itself when the board size, the rule or the level changes (at
// the size that search asks for), and its table is allocated again,
// starting afresh, when a search asks for another size (Request.TTMiB):
// a caller that keeps the size from move to move keeps the table.
// A search that uses one is not repeatable, since it depends on the earlier
// searches, so a request with a NodeLimit leaves it alone.
type Session struct {
	tt    table
	salt  uint64
	size  int
	rule  engine.Rule
	level Level
}

// NewSession returns an empty session. Its table is allocated by Reserve
// or at the first move it is used for, at the level's full size (32 MiB
// for Max) or the request's TTMiB.
func NewSession() *Session { return &Session{} }

// Reserve allocates the session's table at mib MiB, unless it has that
// size already, and touches every page of it, so that the first search
// with the table (asking for the same size) pays neither for the
// allocation nor for the page faults. A caller calls it where it has time
// to spare before a clock runs: the Gomocup brain at START, which the
// manager waits for.
func (ss *Session) Reserve(mib int) {
	if len(ss.tt.e) != newTableLen(mib) {
		ss.resize(mib)
		ss.size = 0 // the next search starts afresh
	}
	// A table a search allocated has only the pages it wrote; touching
	// the mapped ones again costs little.
	ss.tt.touch()
}

// resize replaces the table by one of mib MiB. The old table is dropped and
// collected first, so that the process never holds both: a manager's
// memory limit (INFO max_memory) may be the reason for the new size.
func (ss *Session) resize(mib int) {
	if ss.tt.e != nil {
		ss.tt = table{}
		debug.FreeOSMemory() // a collection that hands the pages back
	}
	ss.tt = newTable(mib)
	ss.tt.keep = true
}

// sessionTurnSalt tells apart, in the table, positions with the same stones
// and a different side to move, which the Zobrist hash alone does not: it
// is mixed into the salt when the side to move is not the one that the
// number of stones implies (the opening rules' swaps and colour choices).
const sessionTurnSalt = 0x5bd1e9955bd1e995

// use returns the session's table for a search of pos at level with the
// given table size, and the salt of the search's entries.
func (ss *Session) use(mib int, pos *position, level Level) (*table, uint64) {
	n := newTableLen(mib)
	if ss.tt.e == nil || ss.size != pos.size || ss.rule != pos.rule || ss.level != level || len(ss.tt.e) != n {
		if len(ss.tt.e) != n {
			ss.resize(mib)
		}
		ss.salt = mix64(salts.Add(1))
		ss.size, ss.rule, ss.level = pos.size, pos.rule, level
	}
	salt := ss.salt
	if (len(pos.moves)%2 == 0) != (pos.toMove == engine.Black) {
		salt ^= sessionTurnSalt
	}
	return &ss.tt, salt
}
