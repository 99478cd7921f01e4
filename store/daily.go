package store

import (
	"context"
	"time"
)

// KindDaily is a daily challenge's game (commands/daily): a solo Yacht
// game with the day's dice. Its Rules are the preset's key, its Seed the
// challenge's day (days since 1970-01-01, UTC); Chosen marks practice (a
// later start, or an earlier day), which no board counts.
const KindDaily = "daily"

// DailyAttempt is a player's official attempt at a day's challenge under
// one rule set: kept when it starts (ClaimDaily), with its result once
// its game is recorded.
type DailyAttempt struct {
	User, Rules string
	// Day is the challenge's UTC date, in days since 1970-01-01.
	Day int
	// Game is the attempt's game id (the record of its result).
	Game string
	// Started is when the attempt started (UTC).
	Started time.Time
	// Done is set once its game was recorded (Kind KindDaily, not Chosen,
	// seat 0 the player's); Guild, Score, Lost and Decisions are then its
	// result: where it was played ("" outside a server), the final score,
	// the expected points its decisions lost (to the hundredth, as the
	// game showed them) and how many decisions there were. Assisted is
	// set when the game's seat took advice (Seat.Assisted > 0: decisions
	// taken on positions its player asked advice on elsewhere): such a
	// result is kept but never ranked.
	Done, Assisted bool
	Guild          string
	Score          int
	Lost           float64
	Decisions      int
}

// DailyBoardQuery asks for a board of the daily challenges: the official
// results of one rule set on a day, or over its week, in one server or
// everywhere.
type DailyBoardQuery struct {
	Rules string
	// Day is the board's day (days since 1970-01-01, UTC); with Week,
	// the board is of the week that holds it, Monday to Sunday.
	Day  int
	Week bool
	// Guild keeps the results played in one server ("" outside servers);
	// Everyone keeps every result, wherever played (Guild unused).
	Guild    string
	Everyone bool
	// MinDailies is the fewest results a ranked player has (a day's
	// board has one each).
	MinDailies int
	// Limit caps the lines returned (≤ 0: all).
	Limit int
	// User is who asks: their line comes back in Mine, whatever its rank.
	User string
}

// Monday is the first day of the week (Monday to Sunday) that holds day
// (days since 1970-01-01, a Thursday).
func Monday(day int) int { return day - (day%7+7+3)%7 }

// DailyBoard is a board of the daily challenges, ranked once, here: by
// the mean expected points lost per daily (fewest first), then the mean
// score (highest first), then more dailies, and last the user id.
type DailyBoard struct {
	// Lines are the ranked players, Rank 1, 2, … (at most Limit).
	Lines []DailyLine
	// Players counts every ranked player.
	Players int
	// Mine is the asker's line, nil when they are not ranked.
	Mine *DailyLine
}

// DailyLine is one player's line of a daily board.
type DailyLine struct {
	Rank int
	User string
	// Public is set when the player chose to be named on the
	// deployment-wide board, as Name.
	Public bool
	Name   string
	// Dailies counts the player's results in the span; Lost and Score
	// are their means (a day's board: the day's result).
	Dailies int
	Lost    float64
	Score   float64
}

// DailyPlayer is what the store keeps of a player's daily challenges.
type DailyPlayer struct {
	User string
	// Public is set when the player chose to be named on the
	// deployment-wide board, as Name.
	Public bool
	Name   string
	// Attempts are the player's official attempts, by day then rule set.
	Attempts []DailyAttempt
}

// Dailies keeps the daily challenges' official attempts and answers their
// boards. An attempt's result comes from Record: recording a daily's
// game (KindDaily, not Chosen) fills in the attempt whose Game it is, in
// the same transaction, once; the boards rank the results whose seat
// took no advice (no Seat.Assisted decision).
type Dailies interface {
	// ClaimDaily keeps a as the player's official attempt at a.Day's
	// challenge under a.Rules and returns it with true, unless one is
	// kept already (by any replica): then it returns that one and false.
	ClaimDaily(ctx context.Context, a DailyAttempt) (DailyAttempt, bool, error)
	// DailyBoard ranks the official results of q's span.
	DailyBoard(ctx context.Context, q DailyBoardQuery) (DailyBoard, error)
	// DailyPlayer returns what is kept of a player's daily challenges.
	DailyPlayer(ctx context.Context, user string) (DailyPlayer, error)
	// SetDailyName names the player on the deployment-wide board as name
	// (public), or as nobody (not public).
	SetDailyName(ctx context.Context, user, name string, public bool) error
}
