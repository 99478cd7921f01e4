package stats

import (
	"testing"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/store"
)

// TestPeriodStart checks the week (Monday 00:00 UTC) and the month on
// every day of 2026 against a walk back through the calendar.
func TestPeriodStart(t *testing.T) {
	for d := time.Date(2026, 1, 1, 13, 45, 0, 0, time.UTC); d.Year() == 2026; d = d.Add(24 * time.Hour) {
		week, _ := periodStart(PeriodWeek, d)
		w := d.Truncate(24 * time.Hour)
		for w.Weekday() != time.Monday {
			w = w.Add(-24 * time.Hour)
		}
		if !week.Equal(w) {
			t.Fatalf("%v: week from %v, want %v", d, week, w)
		}
		month, _ := periodStart(PeriodMonth, d)
		m := d.Truncate(24 * time.Hour)
		for m.Day() != 1 {
			m = m.Add(-24 * time.Hour)
		}
		if !month.Equal(m) {
			t.Fatalf("%v: month from %v, want %v", d, month, m)
		}
	}
	if all, ok := periodStart(PeriodAll, time.Now()); !ok || !all.IsZero() {
		t.Error("all time")
	}
}

// TestGradeBands pins the grade of the boundaries.
// FuzzOptions: a period is a known one with its start no later than now
// and within a month of it, at midnight; and whatever is typed for the
// standings' by and period, what Coerce lets through is a ranking of the
// store and a period (the handler checks neither again).
func FuzzOptions(f *testing.F) {
	f.Add("week", "skill", int64(0))
	f.Add("month", "wins", int64(1<<40))
	f.Add("all", "", int64(-5))
	f.Add("year", "luck", int64(7))
	f.Add("이번 주", "실력", int64(7))
	f.Add("今月", "平均点", int64(7))
	var opts []commands.Option
	for _, s := range Command(Deps{}).Subcommands {
		if s.Name.En == "standings" {
			opts = s.Options
		}
	}
	f.Fuzz(func(t *testing.T, period, by string, sec int64) {
		at := time.Unix(sec%(1<<36), 0)
		start, ok := periodStart(period, at)
		known := period == PeriodWeek || period == PeriodMonth || period == PeriodAll || period == ""
		if ok != known {
			t.Fatalf("period %q: ok %v", period, ok)
		}
		if ok && !start.IsZero() && (start.After(at) || at.Sub(start) > 31*24*time.Hour || start.Hour() != 0 || start.Minute() != 0) {
			t.Fatalf("period %q at %v starts %v", period, at, start)
		}
		got, err := commands.Coerce(opts, map[string]any{"period": period, "by": by})
		if err != nil {
			return
		}
		if _, ok := periodStart(got.String("period", ""), at); !ok {
			t.Fatalf("Coerce let the period %q through as %q", period, got.String("period", ""))
		}
		switch store.Ranking(got.String("by", "")) {
		case store.ByWins, store.ByAverage, store.BySkill:
		default:
			t.Fatalf("Coerce let the ranking %q through as %q", by, got.String("by", ""))
		}
	})
}
