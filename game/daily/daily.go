// Package daily is the daily challenge's floor: one solo Yacht game a
// day for every player of a deployment. A day is a UTC date (Day); its
// fresh dice are dealt by rule set, day, turn, roll and position under
// the deployment's secret (yachtdice.Dice, source yachtdice.Daily), so every
// player who keeps the same dice sees the same dice and nobody without
// the secret can compute them; a turn's cost is told as a coloured
// square (Square), without the dice or the boxes; a streak counts the
// days in a row with an official attempt (StreakOf). The table itself is
// a yachttable.Table marked Daily (MarkDaily). No words and no Discord:
// the command (commands/daily) says it.
package daily

import (
	"errors"
	"time"

	"github.com/alea-bot/alea/game/yachttable"
)

// Day is a UTC date, in days since 1970-01-01: the challenge of that
// date.
type Day int

// Today is the UTC date at now.
func Today(now time.Time) Day { return Day(yachttable.UnixDay(now)) }

// dayLayout is how a day is written and read: 2026-12-02.
const dayLayout = "2006-01-02"

// ErrDay refuses a date that is not written YYYY-MM-DD, or does not exist.
var ErrDay = errors.New("daily: not a date written YYYY-MM-DD")

// ParseDay reads a date written YYYY-MM-DD (ten characters, a real date).
func ParseDay(s string) (Day, error) {
	if len(s) != len(dayLayout) {
		return 0, ErrDay
	}
	t, err := time.Parse(dayLayout, s)
	if err != nil {
		return 0, ErrDay
	}
	return Today(t), nil
}

// String writes d as YYYY-MM-DD.
func (d Day) String() string { return d.Start().Format(dayLayout) }

// Start is when d begins: 00:00 UTC.
func (d Day) Start() time.Time { return yachttable.DayStart(int(d)) }

// Monday is the first day of d's week (weeks run Monday to Sunday, UTC).
func (d Day) Monday() Day {
	// 1970-01-01 was a Thursday: day 0 is 3 days after a Monday.
	back := (int(d)%7 + 7 + 3) % 7
	return d - Day(back)
}

// First is the earliest day of a challenge: the game floor's epoch.
var First = Day(yachttable.FirstDay)

// Streak is a player's days in a row with an official attempt.
type Streak struct {
	// Current counts the days in a row up to the last day played, when
	// that day is today or yesterday (today's attempt may still come);
	// 0 otherwise.
	Current int
	// Longest is the longest run of days in a row ever.
	Longest int
	// Today reports whether today has an official attempt.
	Today bool
}

// StreakOf is the streak of a player whose official attempts were on
// days (in any order, repeats allowed: one a rule set), at today.
func StreakOf(days []Day, today Day) Streak {
	seen := make(map[Day]bool, len(days))
	for _, d := range days {
		if d <= today {
			seen[d] = true
		}
	}
	var s Streak
	for d := range seen {
		if seen[d-1] {
			continue // not the first day of a run
		}
		n := 0
		for seen[d+Day(n)] {
			n++
		}
		s.Longest = max(s.Longest, n)
		if last := d + Day(n-1); last == today || last == today-1 {
			s.Current = n
		}
	}
	s.Today = seen[today]
	return s
}
