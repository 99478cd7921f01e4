package strategy

import (
	"context"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/cputime"
)

// BenchmarkAdvise is one /yacht-advise question once the table is built:
// every keep and category for "3 3 5 6 6" after the first roll on an empty
// Yacht sheet (the time a player waits, less formatting and transport).
func BenchmarkAdvise(b *testing.B) {
	r, err := yacht.Preset(yacht.Yacht)
	if err != nil {
		b.Fatal(err)
	}
	tb, err := Build(context.Background(), r)
	if err != nil {
		b.Fatal(err)
	}
	dice, err := yacht.ParseDice("3 3 5 6 6")
	if err != nil {
		b.Fatal(err)
	}
	sheet := yacht.NewSheet(r)
	cpu0, ok := cputime.Process()
	for b.Loop() {
		if _, err := tb.Advise(sheet, &dice, 1); err != nil {
			b.Fatal(err)
		}
	}
	// the CPU time per answer (see benchBuild), which the table's build
	// before the loop does not enter: b.Loop times only the loop
	if cpu1, ok1 := cputime.Process(); ok && ok1 {
		b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
