package memory

import (
	"strings"
	"testing"
	"time"
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
func TestGradeBands(t *testing.T) {
	for _, c := range []struct {
		lost      float64
		decisions int
		want      Grade
	}{
		// The mean as shown, to the hundredth: 7.60/39 shows 0.19, 7.61/39 shows 0.20.
		{0, 39, GradePerfect}, {0.01, 39, GradeExpert}, {7.6, 39, GradeExpert}, {7.61, 39, GradeGood}, {7.8, 39, GradeGood},
		{19.3, 39, GradeGood}, {19.31, 39, GradeFair}, {38.8, 39, GradeFair}, {38.81, 39, GradeLearning}, {120, 39, GradeLearning},
	} {
		if g := GradeOf(c.lost, c.decisions); g != c.want {
			t.Errorf("%.2f over %d: %s, want %s", c.lost, c.decisions, g.Key(), c.want.Key())
		}
	}
}

func FuzzParseGameID(f *testing.F) {
	for _, s := range []string{"k7qm2xapb3dz", "review/1/ABC", " `G0001X` ", "", "a b", "review/1/", strings.Repeat("x", 65), "ü"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, ok := parseGameID(s)
		if !ok {
			if id != "" {
				t.Fatalf("%q refused but gave %q", s, id)
			}
			return
		}
		if id == "" || len(id) > maxGameID || strings.Trim(id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != "" {
			t.Fatalf("%q gave the id %q", s, id)
		}
		if again, ok := parseGameID(id); !ok || again != id {
			t.Fatalf("%q: the id %q does not read as itself", s, id)
		}
		if len(reviewPrefix+id) > 100 {
			t.Fatalf("%q: custom_id too long", id)
		}
	})
}

func FuzzOptions(f *testing.F) {
	f.Add("week", "skill", int64(0))
	f.Add("month", "wins", int64(1<<40))
	f.Add("all", "", int64(-5))
	f.Add("year", "luck", int64(7))
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
		r, ok := parseRanking(by)
		if ok != (by == "" || by == "wins" || by == "average" || by == "skill") || ok && r == "" {
			t.Fatalf("by %q: %q %v", by, r, ok)
		}
	})
}

// TestSigned pins the luck figures' signs around zero.
func TestSigned(t *testing.T) {
	for x, want := range map[float64]string{3.65: "+3.6", 0.04: "±0.0", 0.05: "+0.1", -0.04: "±0.0", -0.06: "−0.1", -5: "−5.0", 0: "±0.0", 12.34: "+12.3"} {
		if got := signed(x); got != want {
			t.Errorf("signed(%v) = %q, want %q", x, got, want)
		}
	}
}
