// Package ai chooses moves for five-in-a-row under the freestyle, standard
// (exact five) and renju rules, at four strengths.
//
// Think is the whole API: give it the stones on the board, the rule, a level
// and a time budget; it returns a legal move by the deadline. It keeps no
// state between calls and may be called from many goroutines at once; each
// search owns its memory (a transposition table of a few MiB, see
// Request.TTMiB), which is recycled through small free lists. A caller that
// plays one game at a time may give every move's request the same Session,
// which keeps the table from one move to the next (the Gomocup brain does).
//
// # Levels
//
//   - Easy is the seeds' tuple (five-window) scorer with a random choice
//     among equally scored points. It does not look ahead, so it misses
//     open threes: a floor, not an opponent.
//   - Medium searches two plies with a four-threat (VCF) solver at the
//     root: it never misses a five, a four to block or an open three to stop,
//     but plans little. At most 0.3 s a move.
//   - Hard searches four plies with VCF at the leaves. At most 1 s a move.
//   - Max adds threat-space search for fours and threes (VCT) at the root,
//     the classical searcher below it, deeper leaf VCFs and unlimited
//     iterative deepening, using the whole budget (3 s when none is given),
//     on as many goroutines as the request asks for (Request.Threads).
//
// # How it searches
//
// The search keeps its own board (a padded one-dimensional array) and every
// line of it (rows, columns, diagonals) as one word of two-bit cell codes, so
// a stone is one store per direction. An empty point's key along a line, the
// codes of the five points on either side, is cut out of its line's word. A
// table built once per rule maps a key to the shape a stone there would make
// for each side (five, straight four, four, open three, three, open two ...),
// computed by a small recursive line analysis; a second table combines the
// four directions into a category (five, open four or double four,
// four-three, four, double three, three); the ordering values are sums over
// the four shapes, kept with them. Only the points along the four lines
// through a placed or removed stone change. Counts of each category per side are kept, so "can the
// opponent make five?" or "does the opponent have an open three?" are
// answered without looking at the board.
//
// At the root Think plays a five, blocks a four, makes an open four, then
// looks for the shortest VCF (victory by continuous fours: every attacking
// move a four, every defence forced), then (Max) a VCT with a node budget.
// Otherwise it runs iterative-deepening principal-variation alpha-beta with
// a Zobrist-keyed transposition table, killer and history move ordering and
// late-move reductions. Max deepens to its deadline, stopping mid-iteration
// with the best move so far; with Request.Threads above one, helpers deepen
// the same position beside it and share its table (lazy SMP, smp.go), and a
// Session keeps the table from one move of a game to the next (session.go).
// Below the root Medium and Hard run
// negamax, whose plies next to the horizon search only threats and whose
// width narrows towards the leaves. Max runs the classical searcher
// (classic.go): the evaluation, averaged over two plies, at every node,
// razoring, futility and move-count pruning, reductions for every late move,
// and at the horizon a narrow VCF that grows with the ply (only fours that
// make a second threat, near the last one). Candidate moves are the empty
// points near stones, ordered by pattern value (Max: in steps of 8 to 16
// from one shape to the next, so that the few moves a node searches are its
// strongest threats and blocks); when the opponent threatens an open four only
// exact defences are generated (every point that could spoil all of the
// opponent's open-four points, checked by playing it) plus own fours. A
// four of the opponent is answered by its one blocking point without using
// depth. Leaves run a short VCF for the side to move.
//
// # Renju
//
// Black never plays a forbidden point: the pattern tables flag the points
// that might be a double three, double four or overline, and only those are
// judged, by engine.Board.ForbiddenAt on a board kept in step with the
// search, so the engine stays the single source of truth for the rules.
// White's search knows that black cannot block on a forbidden point, so a
// white four whose only defence is forbidden wins, and a forbidden point is
// never counted as a black defence or a black threat. The evaluation counts
// a point that is a double three, double four or overline for black as worth
// nothing to black (a foul, flagged in the tables without asking the engine).
package ai
