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
	"errors"
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
	// Chosen is true when a player chose the seed (or the dice were not
	// secret): such a game is kept in history but counts toward no
	// standing (Count).
	Chosen bool
	// Entered is true when a player entered dice by hand (real dice,
	// which nobody can check): such a game counts toward skill only.
	Entered bool
	// Size is the puzzle's size, for the kinds whose results count only
	// from a size up (MinSize): an orbs grid's cells, a coins game's coins
	// at the start; 0 for Yacht.
	Size int
	// Puzzle names the puzzle played (an orbs grid as dealt, a coins
	// position with its bot and who moved first; "" for Yacht), so that a
	// player's results of one puzzle count once per RepeatWindow.
	Puzzle string
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
	// Hints is true when the seat's player took advice: Assisted > 0 (a
	// game recorded before assisted decisions were counted: hints or the
	// public coach were offered).
	Hints bool
	// PlayedFor counts the turns somebody else (or Alea) played for the seat.
	PlayedFor int
	// Assisted counts the decisions among Decisions its player took with
	// advice (the public coach, a hint, /yacht-advise asked on the same
	// position), and AssistedLost is what they lost (part of Lost): they
	// never count toward skill.
	Assisted     int
	AssistedLost float64
	// Starter is true for the seat of the player who started the game,
	// who also presses for its named seats.
	Starter bool
	// Counts is what the seat counts toward, as the store decided when it
	// recorded the game (Count, and the repeat of a puzzle): read back by
	// Game, History and Export; Record ignores it.
	Counts Counts
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
// A game of a server with recording off, or any game when memory is off
// (DATABASE_URL=off), is not recorded: Record returns ErrRecordingOff.
type Recorder interface {
	Record(ctx context.Context, g Game) (inserted bool, err error)
}

// ErrRecordingOff is what Record returns for a game it does not record on
// purpose: its server has recording off, or memory is off.
var ErrRecordingOff = errors.New("store: recording is off")

// Ranking orders standings.
type Ranking string

// The rankings of StandingsQuery.By.
const (
	// ByWins ranks by wins, then average score, then fewer games.
	ByWins Ranking = "wins"
	// ByAverage ranks by average score (for orbs, fewer presses first),
	// then wins; players with no scored game come last.
	ByAverage Ranking = "average"
	// BySkill ranks by expected points lost per decision, fewest first;
	// players with no decision recorded come last.
	BySkill Ranking = "skill"
)

// StandingsQuery asks for a server's standings in one kind of game.
type StandingsQuery struct {
	// Guild is the server ("" for games played outside a server).
	Guild string
	// Kind is the kind of game (KindYacht, …); Rules the rule set ("" for
	// every rule set of that kind).
	Kind, Rules string
	// Since keeps the games ended at or after it (zero: all time).
	Since time.Time
	// MinGames is the fewest games a ranked player has; the players with
	// fewer are listed apart, unranked.
	MinGames int
	// By is the ranking (default ByWins).
	By Ranking
	// Limit caps the ranked players returned (≤ 0: all).
	Limit int
}

// Standings are a server's standings in one kind of game, ranked once,
// here: the players with at least MinGames games in rank order, and the
// others apart.
type Standings struct {
	// Ranked are the players with at least MinGames games (at most Limit
	// of them), Rank 1, 2, … in the order of the query's ranking.
	Ranked []Standing
	// Unranked are the players with at least one game but fewer than
	// MinGames, Rank 0, most games first (ties by user id).
	Unranked []Standing
}

// Standing is one player's line in the standings: the sums of the
// player's seats as they count (Counts; docs/memory.md has the rules).
type Standing struct {
	Rank int    // from 1 (0: unranked); ties are broken deterministically (last by user id)
	User string // Discord user id
	// Games counts the player's games that count toward anything;
	// Contests those whose result counts toward wins, and Wins those of
	// them the player won or shared the win of; Scored those whose score
	// counts toward the average.
	Games, Contests, Wins, Scored int
	// AvgScore is the mean final score of the scored games (0 without any).
	AvgScore float64
	// Decisions counts the player's unassisted decisions; Skill is the
	// expected points they lost per decision (lower is better; 0 when
	// Decisions is 0). Assisted counts the decisions taken with advice,
	// which skill leaves out.
	Decisions int
	Skill     float64
	Assisted  int
	// Luck is the mean luck per scored game.
	Luck float64
}

// HistoryQuery asks for a player's history.
type HistoryQuery struct {
	// User is the Discord user id.
	User string
	// Guild keeps one server's games ("" for every server).
	Guild string
	// Limit caps the recent games returned (≤ 0: DefaultHistoryLimit).
	Limit int
	// Series caps the points of the chart series (≤ 0:
	// DefaultSeriesLength).
	Series int
}

// Defaults of HistoryQuery.
const (
	DefaultHistoryLimit = 10
	DefaultSeriesLength = 100
)

// PlayerHistory is a player's history.
type PlayerHistory struct {
	// Games are the player's most recent games, newest first (chosen-seed
	// games included).
	Games []PlayedGame
	// Totals sum the player's games whose seed was not chosen, one line
	// per kind and rule set, ordered by kind then rules.
	Totals []Totals
	// Series are the player's most recent games whose seed was not
	// chosen, oldest first, for a chart.
	Series []Point
}

// PlayedGame is a game with the seat the player played.
type PlayedGame struct {
	Game Game
	Seat int // index into Game.Seats
}

// Totals sum a player's games of one kind and rule set as they count
// (the fields are Standing's).
type Totals struct {
	Kind, Rules                   string
	Games, Contests, Wins, Scored int
	AvgScore                      float64
	// Best is the best scored score (for orbs, the fewest presses; 0
	// without a scored game).
	Best      int
	Decisions int     // unassisted decisions
	Skill     float64 // expected points they lost per decision
	Assisted  int     // decisions taken with advice
	Luck      float64 // mean luck per scored game
}

// Point is one counted game of a player's chart series: Lost and
// Decisions are the unassisted decisions' (skill's); Scored says whether
// the score counts toward the average, Winner whether a win counted.
type Point struct {
	GameID      string
	Ended       time.Time
	Kind, Rules string
	Score       int
	Lost, Luck  float64
	Decisions   int
	Winner      bool
	Scored      bool
}

// Export is everything the store keeps about a user: every game they
// played, with the other users' ids removed and only their own decisions,
// and the advice they asked for in the last AdviceKept.
type Export struct {
	User   string
	Games  []PlayedGame
	Advice []Advice
	// Daily is what is kept of the user's daily challenges: their
	// official attempts and how the deployment-wide board names them.
	Daily DailyPlayer
}

// Forgotten counts what a deletion removed or unlinked.
type Forgotten struct {
	Games int // games deleted
	Seats int // seats deleted or unlinked from the user
}

// Store keeps finished games and answers the questions asked of them,
// and the advice asked outside games' boards for a day at most. Every
// method is safe for concurrent use.
type Store interface {
	Recorder
	AdviceLog
	Dailies
	// Game returns a recorded game, and false when none has the id.
	Game(ctx context.Context, id string) (Game, bool, error)
	// Standings ranks a server's players.
	Standings(ctx context.Context, q StandingsQuery) (Standings, error)
	// History returns a player's recent games, totals and chart series.
	History(ctx context.Context, q HistoryQuery) (PlayerHistory, error)
	// Export returns everything kept about a user.
	Export(ctx context.Context, user string) (Export, error)
	// ForgetUser unlinks the user from every seat they played: the seats
	// stay, anonymous, so the other players' results (and who won) are
	// unchanged, but nothing names or finds the user any more; the user's
	// standings and totals, the advice they asked, their daily attempts
	// and board name are deleted.
	ForgetUser(ctx context.Context, user string) (Forgotten, error)
	// ForgetGuild deletes every game played in a server, and the results
	// of the daily attempts played there (the attempts stay, so that none
	// can be started again). The server's recording setting stays.
	ForgetGuild(ctx context.Context, guild string) (Forgotten, error)
	// SetRecording turns recording a server's games on or off; Record
	// records nothing for a server with recording off (ErrRecordingOff).
	SetRecording(ctx context.Context, guild string, on bool) error
	// Recording reports whether a server's games are recorded (on unless
	// turned off).
	Recording(ctx context.Context, guild string) (bool, error)
	// Health checks cheaply that the store can serve now: the database
	// answers a trivial query before ctx ends, and an SQLite file is still
	// the one opened (not deleted, moved or replaced). It returns nil when
	// it can, else why not, for an operator (/readyz). Memory off is
	// healthy.
	Health(ctx context.Context) error
	// Engine names the backend: "sqlite", "postgres" or "off".
	Engine() string
	// Close releases the database.
	Close() error
}
