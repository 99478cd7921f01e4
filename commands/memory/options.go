package memory

import (
	"strings"
	"time"

	"github.com/alea-bot/alea/store"
)

// Periods of the standings.
const (
	PeriodWeek  = "week"  // since Monday 00:00 UTC
	PeriodMonth = "month" // since the 1st 00:00 UTC
	PeriodAll   = "all"   // all time
)

// periodStart returns when a period began at now (the zero time for all
// time), and false for an unknown period.
func periodStart(period string, now time.Time) (time.Time, bool) {
	now = now.UTC()
	midnight := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	switch period {
	case PeriodWeek:
		back := (int(now.Weekday()) + 6) % 7 // days since Monday
		return midnight.AddDate(0, 0, -back), true
	case PeriodMonth:
		return time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC), true
	case PeriodAll, "":
		return time.Time{}, true
	}
	return time.Time{}, false
}

// parseRanking reads the by option ("" is wins).
func parseRanking(s string) (store.Ranking, bool) {
	switch store.Ranking(s) {
	case store.ByWins, "":
		return store.ByWins, true
	case store.ByAverage:
		return store.ByAverage, true
	case store.BySkill:
		return store.BySkill, true
	}
	return "", false
}

// Bounds of a game id.
const maxGameID = 64

// parseGameID reads a game id as a player pastes it: the id itself, or
// the Review button's custom_id ("review/1/<id>"), trimmed. Ids are
// letters, digits, '-' and '_', at most maxGameID long.
func parseGameID(s string) (string, bool) {
	s = strings.TrimSpace(s)
	s = strings.Trim(s, "`")
	if rest, ok := strings.CutPrefix(s, "review/1/"); ok {
		s = rest
	}
	if s == "" || len(s) > maxGameID {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return "", false
		}
	}
	return s, true
}
