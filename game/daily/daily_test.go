package daily

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

func TestParseDay(t *testing.T) {
	for _, s := range []string{"2026-12-02", "2020-01-01", "2024-02-29", "1999-12-31"} {
		d, err := ParseDay(s)
		if err != nil || d.String() != s || d.Start().Format(time.DateOnly) != s || Today(d.Start().Add(23*time.Hour)) != d {
			t.Errorf("%s: %v %v (%s)", s, d, err, d)
		}
	}
	for _, s := range []string{"", "2026-2-01", "2026-02-1", "2026-02-30", "2025-02-29", "02-12-2026", "2026/12/02", " 2026-12-02", "2026-12-02T00:00", "tomorrow", "２０２６-12-02"} {
		if d, err := ParseDay(s); err != ErrDay {
			t.Errorf("%q: %v, %v; want ErrDay", s, d, err)
		}
	}
}

func FuzzParseDay(f *testing.F) {
	for _, s := range []string{"2026-12-02", "2026-02-30", "", "9999-99-99", "0000-01-01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDay(s)
		if err != nil {
			return
		}
		if d.String() != s {
			t.Fatalf("%q reads as %s", s, d)
		}
	})
}

// Weeks run Monday to Sunday: time's own weekdays say so, before 1970 too.
func TestMonday(t *testing.T) {
	for d := Day(-400); d < 21000; d += 37 {
		m := d.Monday()
		if m.Start().Weekday() != time.Monday || m > d || d-m > 6 {
			t.Fatalf("the Monday of %s is %s (%s)", d, m, m.Start().Weekday())
		}
	}
}

func TestSquareBands(t *testing.T) {
	for centi, want := range map[int]Square{0: Green, -3: Green, 1: Yellow, 99: Yellow, 100: Orange, 499: Orange, 500: Red, 4000: Red} {
		if got := SquareOf(centi); got != want {
			t.Errorf("%d hundredths: square %d, want %d", centi, got, want)
		}
	}
}

// bruteStreak walks the calendar back from today, and every run.
func bruteStreak(days []Day, today Day) Streak {
	played := func(d Day) bool { return slices.Contains(days, d) }
	var s Streak
	s.Today = played(today)
	from := today
	if !s.Today {
		from = today - 1
	}
	for d := from; played(d); d-- {
		s.Current++
	}
	run := 0
	for d := Day(0); d <= today; d++ {
		if played(d) {
			run++
			s.Longest = max(s.Longest, run)
		} else {
			run = 0
		}
	}
	return s
}

func TestStreakAgainstTheCalendar(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		today := Day(30 + rng.IntN(20))
		var days []Day
		for range rng.IntN(40) {
			days = append(days, Day(rng.IntN(52))) // some after today: not yet counted
		}
		if got, want := StreakOf(days, today), bruteStreak(days, today); got != want {
			t.Fatalf("days %v at %d: %+v, want %+v", days, today, got, want)
		}
	}
}

func ExampleStreakOf() {
	mon, _ := ParseDay("2026-11-30")
	// Official attempts Monday to Wednesday and on Friday (two rule
	// sets that day); today is Saturday, not played yet.
	days := []Day{mon, mon + 1, mon + 2, mon + 4, mon + 4}
	fmt.Printf("%+v\n", StreakOf(days, mon+5))
	// On Sunday, with Saturday missed, the streak is over.
	fmt.Printf("%+v\n", StreakOf(days, mon+6))
	// Output:
	// {Current:1 Longest:3 Today:false}
	// {Current:0 Longest:3 Today:false}
}

func ExampleSquareOf() {
	for _, lost := range []float64{0, 0.004, 0.42, 2.5, 7.25} {
		fmt.Println(lost, SquareOf(int(lost*100+0.5)))
	}
	// Output:
	// 0 green
	// 0.004 green
	// 0.42 yellow
	// 2.5 orange
	// 7.25 red
}
