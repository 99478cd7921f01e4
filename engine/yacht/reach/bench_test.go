package reach

import (
	"context"
	"fmt"
	"math"
	"syscall"
	"testing"
	"time"

	"github.com/alea-bot/alea/engine/yacht"
)

// openSheet fills categories of a preset (three of each upper face, the
// second possible score below) so that open categories remain: the lower
// ones are filled first, so the upper boxes (and the bonus) stay open.
func openSheet(tb testing.TB, r *yacht.Rules, open int) yacht.Sheet {
	s := yacht.NewSheet(r)
	order := []int{}
	for i := range r.Categories {
		if r.Categories[i].Kind != yacht.KindUpper {
			order = append(order, i)
		}
	}
	for i := range r.Categories {
		if r.Categories[i].Kind == yacht.KindUpper {
			order = append(order, i)
		}
	}
	for _, i := range order[:len(r.Categories)-open] {
		c := &r.Categories[i]
		if c.Kind == yacht.KindUpper {
			s.Scores[i] = 3 * c.Face
		} else if ps := r.PossibleScores(i); len(ps) > 1 {
			s.Scores[i] = ps[1]
		} else {
			s.Scores[i] = 0
		}
	}
	return s
}

// benchTarget times Advise with dice on roll 1 for a sheet whose last
// open categories are open (the lower section and the last upper boxes),
// with the target at the expected final score rounded up.
func benchTarget(b *testing.B, name string, open int) {
	tb, err := testTables.Preset(context.Background(), name)
	if err != nil {
		b.Fatal(err)
	}
	s := openSheet(b, tb.Rules(), open)
	d, _ := yacht.ParseDice("3 3 5 6 6")
	target := int(math.Ceil(float64(s.Total()) + tb.Value(s.State())))
	b.ResetTimer()
	cpu0 := processCPU()
	for i := 0; i < b.N; i++ {
		if _, err := Advise(context.Background(), tb, s, &d, 1, target); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric((processCPU()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
}

// BenchmarkAdviseTarget: target advice by the number of open categories
// (the six upper boxes among them, the hardest case: the upper total
// matters), dice on roll 1, the target at the expected final score.
func BenchmarkAdviseTarget(b *testing.B) {
	for _, c := range []struct {
		name string
		open []int
	}{{yacht.Yacht, []int{6, 8}}, {yacht.Yahtzee, []int{6, 9, 11, 13}}, {yacht.Yatzy, []int{6, 9, 12, 13, 14, 15}}} {
		for _, open := range c.open {
			b.Run(fmt.Sprintf("%s/open%d", c.name, open), func(b *testing.B) { benchTarget(b, c.name, open) })
		}
	}
}

// BenchmarkTargetTable builds a preset's whole target table (every state,
// every target) from scratch; it reports the table's states and memory.
func BenchmarkTargetTable(b *testing.B) {
	for _, name := range []string{yacht.Yacht, yacht.Pancht, yacht.Yatzy} {
		b.Run(name, func(b *testing.B) {
			tb, err := testTables.Preset(context.Background(), name)
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			cpu0 := processCPU()
			var tt *Table
			for i := 0; i < b.N; i++ {
				if tt, err = BuildTable(context.Background(), tb); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric((processCPU()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
			b.ReportMetric(float64(tt.States()), "states")
			b.ReportMetric(float64(tt.Bytes())/1e6, "MB")
		})
	}
}

// processCPU is the CPU time (user and system) the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkTargetTableAdvise answers target advice from the empty Yacht
// sheet with dice on roll 1 once the target table is built (the build,
// shared with the tests, is not timed).
func BenchmarkTargetTableAdvise(b *testing.B) {
	tb, err := testTables.Preset(context.Background(), yacht.Yacht)
	if err != nil {
		b.Fatal(err)
	}
	tt, err := testTargetTables.Get(context.Background(), tb)
	if err != nil {
		b.Fatal(err)
	}
	s := yacht.NewSheet(tb.Rules())
	d, _ := yacht.ParseDice("3 3 5 6 6")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := tt.Advise(tb, s, &d, 1, 200); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAdviseTargetPeak is BenchmarkAdviseTarget at the target that
// asks the most work of each sheet (the most rows by Estimate: the
// needs each state keeps on the way to a target peak at a middling one),
// with the rows and the process's CPU time per answer.
func BenchmarkAdviseTargetPeak(b *testing.B) {
	for _, c := range []struct {
		name string
		open []int
	}{{yacht.Yahtzee, []int{11, 12, 13}}, {yacht.Yatzy, []int{13, 14, 15}}} {
		for _, open := range c.open {
			b.Run(fmt.Sprintf("%s/open%d", c.name, open), func(b *testing.B) {
				tb, err := testTables.Preset(context.Background(), c.name)
				if err != nil {
					b.Fatal(err)
				}
				s := openSheet(b, tb.Rules(), open)
				d, _ := yacht.ParseDice("3 3 5 6 6")
				target, rows := 0, int64(0)
				for t := s.Total() + 1; t <= MaxFinal(s); t++ {
					if c := Estimate(s, t); c.Rows > rows {
						target, rows = t, c.Rows
					}
				}
				b.ResetTimer()
				cpu0 := processCPU()
				for i := 0; i < b.N; i++ {
					if _, err := Advise(context.Background(), tb, s, &d, 1, target); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric((processCPU()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
				b.ReportMetric(float64(target), "target")
				b.ReportMetric(float64(rows), "rows")
			})
		}
	}
}

// BenchmarkTargetSolutionAdvise answers target advice from the Yatzy and
// Yahtzee sheets after one turn, dice on roll 1, toward the expected
// final of the empty sheet, from the solution kept from the empty sheet
// (its induction is not timed); it reports the solution's memory.
func BenchmarkTargetSolutionAdvise(b *testing.B) {
	for _, name := range []string{yacht.Yahtzee, yacht.Yatzy} {
		b.Run(name, func(b *testing.B) {
			tb, err := testTables.Preset(context.Background(), name)
			if err != nil {
				b.Fatal(err)
			}
			empty := yacht.NewSheet(tb.Rules())
			target := int(math.Ceil(tb.Value(empty.State())))
			sol, err := Solve(context.Background(), tb, empty, target)
			if err != nil {
				b.Fatal(err)
			}
			d, _ := yacht.ParseDice("3 3 5 6 6")
			opts, err := tb.Rules().Scorings(empty.State(), d)
			if err != nil {
				b.Fatal(err)
			}
			s := empty.Fill(opts[0])
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := sol.Advise(tb, s, &d, 1, target); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(sol.Bytes())/1e6, "MB")
		})
	}
}
