// Package opening holds the opening rules of five-in-a-row as pure state
// machines: who places which stone where, who may swap colours, and how the
// fifth move is offered and chosen, until normal play takes over.
//
// A State tracks players, not colours: the first player (who opens, the
// "tentative black") and the second. At every point it says which player
// holds black, who must act, what kind of decision is due, where the next
// stone may go, the number of fifth moves declared, the fifth moves offered
// and the stones placed so far. The stones alternate black, white, black...,
// so they can be played into an engine.Game as they come. Apply refuses an
// action that breaks the rule with a *RefusalError naming the Reason.
//
// The rules, each exact to its published text (where the issue that asked
// for them differs in detail, the published rule is followed and the
// difference noted on the rule):
//
//   - None: no opening; black (the first player) plays the first move.
//   - Swap2 (freestyle, standard, caro): the rule of the Gomoku World
//     Championships, as Piskvork's SWAP2BOARD command runs it for Gomocup
//     (github.com/plastovicka/Piskvork, source/doc/protocl2en.htm).
//   - Soosorv8 (renju, 15x15): Soosõrv-N with N = 8, certified by the RIF in
//     2011 and the rule of the Renju World Championship since 2017
//     (renju.net rule pages; en.wikipedia.org/wiki/Soosõrv_opening_rule).
//   - Taraguchi10 (renju, 15x15): Taraguchi-N with N = 10, certified by the
//     RIF in 2011 (renju.net rule pages; en.wikipedia.org/wiki/
//     Taraguchi_opening_rule; A. Meritee, "An introduction of Taraguchi
//     rule", renju.net blog, 2008).
//
// The package does no I/O, starts no goroutines and reads no clock. A State
// holds no pointers or slices, so assigning it copies it: a caller can keep a
// spare copy to roll back to.
package opening
