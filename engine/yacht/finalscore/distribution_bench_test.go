package finalscore

import (
	"context"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/cputime"
)

// benchDistribution measures the exact distribution from an empty sheet.
// Like benchBuild it also reports cpu-s/op, the process's CPU time per
// distribution, which a shared machine disturbs less than the wall time.
func benchDistribution(b *testing.B, name string) {
	tb, err := testTables.Preset(context.Background(), name)
	if err != nil {
		b.Fatal(err)
	}
	s := yacht.NewSheet(tb.Rules())
	var d Distribution
	cpu0, ok := cputime.Process()
	for b.Loop() {
		d, err = Of(context.Background(), tb, s)
		if err != nil {
			b.Fatal(err)
		}
	}
	if cpu1, ok1 := cputime.Process(); ok && ok1 {
		b.ReportMetric((cpu1-cpu0).Seconds()/float64(b.N), "cpu-s/op")
	}
	b.ReportMetric(float64(d.States), "states")
}

// BenchmarkDistributionYacht: the exact distribution of the final score
// from an empty Yacht sheet.
func BenchmarkDistributionYacht(b *testing.B) { benchDistribution(b, yacht.Yacht) }

// BenchmarkDistributionYatzy: the same for Yatzy.
func BenchmarkDistributionYatzy(b *testing.B) { benchDistribution(b, yacht.Yatzy) }

// BenchmarkTurnPolicy: the policy of one turn (both keeps and the
// scoring, for every roll) and the probabilities of its endings, from an
// empty Yatzy sheet, by the one-state reference (policy_reference_test.go);
// BenchmarkTurnBatch measures what the distribution runs.
func BenchmarkTurnPolicy(b *testing.B) {
	tb, err := testTables.Preset(context.Background(), yacht.Yatzy)
	if err != nil {
		b.Fatal(err)
	}
	p := newTurnPolicy(tb)
	sc := &turnScratch{opts: make([]yacht.Scoring, 0, 32)}
	states := []yacht.State{{}, {Filled: 0b101010101, Upper: 20}, {Filled: 0b111111000000, Upper: 0}}
	for b.Loop() {
		for i := range states {
			ds := distState{st: states[i]}
			p.outcomes(&ds, sc)
		}
	}
}

// BenchmarkBuildBreakdownTable: the breakdown table of each preset, one
// pass of the policy over every class; it reports the process's CPU time,
// the classes and the table's memory.
func BenchmarkBuildBreakdownTable(b *testing.B) {
	for _, name := range yacht.PresetNames() {
		b.Run(name, func(b *testing.B) {
			tb, err := testTables.Preset(context.Background(), name)
			if err != nil {
				b.Fatal(err)
			}
			var bt *BreakdownTable
			cpu0, ok := cputime.Process()
			for b.Loop() {
				if bt, err = BuildBreakdownTable(context.Background(), tb); err != nil {
					b.Fatal(err)
				}
			}
			if cpu1, ok1 := cputime.Process(); ok && ok1 {
				b.ReportMetric((cpu1-cpu0).Seconds()/float64(b.N), "cpu-s/op")
			}
			b.ReportMetric(float64(bt.Classes()), "classes")
			b.ReportMetric(float64(bt.Bytes())/1e6, "MB")
		})
	}
}

// BenchmarkBreakdowns: the breakdown of every action of dice 3 3 5 6 6 on
// the first roll, once the table is built (not timed): from the empty
// sheet, and from a mid game (every other box open, and the Yacht box).
func BenchmarkBreakdowns(b *testing.B) {
	for _, name := range []string{yacht.Yacht, yacht.Yatzy} {
		b.Run(name, func(b *testing.B) {
			tb, bt := breakdownTable(b, name)
			r := tb.Rules()
			var open []string
			for c := range r.Categories {
				if c%2 == 0 || c == r.YachtIndex() {
					open = append(open, r.Categories[c].Key)
				}
			}
			d, _ := yacht.ParseDice("3 3 5 6 6")
			for _, c := range []struct {
				name  string
				sheet yacht.Sheet
			}{{"empty", yacht.NewSheet(r)}, {"position", endSheet(b, r, "", open...)}} {
				b.Run(c.name, func(b *testing.B) {
					for b.Loop() {
						if _, err := bt.Breakdowns(c.sheet, &d, 1); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		})
	}
}
