package server

import "github.com/gomokud/gomoku/rating"

// RateGame returns both players' Glicko-2 ratings after one game (a rating
// period of its own for each, tau 0.5). winner is "black", "white" or "" for
// a draw. Store implementations call it inside FinishGame's transaction.
func RateGame(black, white Rating, winner string) (newBlack, newWhite Rating) {
	score := rating.Draw
	switch winner {
	case "black":
		score = rating.Win
	case "white":
		score = rating.Loss
	}
	b, w := rating.Game(toPlayer(black), toPlayer(white), score)
	return fromPlayer(b), fromPlayer(w)
}

func toPlayer(r Rating) rating.Player {
	return rating.Player{Rating: r.Rating, RD: r.RD, Volatility: r.Volatility}
}

func fromPlayer(p rating.Player) Rating {
	return Rating{Rating: p.Rating, RD: p.RD, Volatility: p.Volatility}
}
