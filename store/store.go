// Package store keeps finished games: one small interface, one backend per
// database engine (SQLite by default, PostgreSQL for several replicas), and
// one conformance suite that every backend passes.
//
// A game's live state never lives here (it lives in the bot's own messages);
// a game is written once, when it ends, by whichever replica handles the last
// press, and writing it twice is a no-op keyed on Game.ID.
package store

import (
	"context"
	"time"
)

// Kinds of game the store records.
const (
	KindYacht = "yacht" // a /yacht start table
	KindOrbs  = "orbs"  // a solved /orbs random puzzle
	KindCoins = "coins" // a /coins play game against the bot
)

// Game is one finished game as recorded.
type Game struct {
	// ID is the game's identity, sealed in its state from its start; the
	// store's unique key.
	ID string
	// Kind is KindYacht, KindOrbs or KindCoins.
	Kind string
	// Guild and Channel are the Discord server and channel ids ("" outside a
	// server, e.g. in DMs or the local runner).
	Guild, Channel string
	// Rules names the rule set: a Yacht preset key ("yacht", "yatzy", …), an
	// orbs grid size ("5x5"), a coins game ("bw").
	Rules string
	// Seed is the game's seed.
	Seed uint64
	// Chosen is true when a player chose the seed or entered dice by hand:
	// such a game is kept in history but never counts in standings.
	Chosen bool
	// Started and Ended are when the game began and ended (UTC).
	Started, Ended time.Time
	// Seats are the players in seat order.
	Seats []Seat
	// Decisions are every decision of the game, in order, so that it can be
	// reviewed later (Yacht only).
	Decisions []Decision
}

// Seat is one player of a finished game.
type Seat struct {
	// User is the Discord user id of a seat a user played; "" for a named
	// seat or Alea. Named seats and Alea are never linked to users.
	User string
	// Name is a named seat's name ("" for a user or Alea).
	Name string
	// Alea is true when Alea played the seat.
	Alea bool
	// Score is the final score (Yacht), the presses used (orbs), or 1 for a
	// win and 0 for a loss (coins).
	Score int
	// Lost is what the seat's decisions cost: expected points lost (Yacht),
	// presses over the minimum (orbs), 0 for coins.
	Lost float64
	// Luck is the final score minus the expected score of perfect play from
	// the start plus Lost: what the dice gave beyond the average (Yacht).
	Luck float64
	// Decisions counts the seat's decisions (Yacht: keeps and scorings).
	Decisions int
	// Winner is true for every seat sharing the best result.
	Winner bool
	// Hints is true when the seat asked for hints or the public coach was on.
	Hints bool
	// PlayedFor counts the turns somebody else (or Alea) played for the seat.
	PlayedFor int
}

// Decision is one Yacht decision: what to keep after a roll, or where to
// score after the last.
type Decision struct {
	Seat int // index into Game.Seats
	Turn int // the seat's turn, from 1
	// Roll is 1 or 2 for a keep after that roll, 3 for the scoring.
	Roll int
	// Dice are the dice as rolled, ascending digits ("33566").
	Dice string
	// Chosen and Best are the decision made and the best one, in the
	// canonical form of the engine: the kept dice as digits ("336", "" for
	// none) for a keep, a category key ("fives") for a scoring.
	Chosen, Best string
	// Loss is the expected points the decision lost against Best (≥ 0).
	Loss float64
}

// Recorder records finished games. Record is idempotent: recording a game
// whose ID is already stored does nothing and reports inserted == false.
type Recorder interface {
	Record(ctx context.Context, g Game) (inserted bool, err error)
}
