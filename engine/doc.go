// Package engine is the pure game logic of five-in-a-row: the board, points and
// their notations, the freestyle, standard (exact five), renju and caro rule
// sets with renju's forbidden moves, win and draw judging, and game records.
//
// The package does no I/O, starts no goroutines and keeps no mutable globals.
// The move path (Board.Set, Board.Win, Board.ForbiddenAt, Game.Play) allocates
// nothing.
//
// Coordinates: Point{X, Y} counts X from the left and Y from the bottom, both
// from 0, so the human notation "h8" is Point{7, 7}, the centre of a 15x15
// board. The Gomocup notation "x,y" counts y from the top.
package engine
