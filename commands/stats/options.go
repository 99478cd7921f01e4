package stats

import "time"

// Periods of the standings.
const (
	PeriodWeek  = "week"  // since Monday 00:00 UTC
	PeriodMonth = "month" // since the 1st 00:00 UTC
	PeriodAll   = "all"   // all time
)

// periodStart returns when a period began at now (the zero time for all
// time), and false for an unknown period (Coerce lets none through: the
// period option's choices are these).
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
