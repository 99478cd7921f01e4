package yacht

import (
	"context"
	"testing"
)

func benchDistribution(b *testing.B, name string) {
	tb, err := testTables.Preset(context.Background(), name)
	if err != nil {
		b.Fatal(err)
	}
	s := NewSheet(tb.Rules())
	b.ResetTimer()
	var d Distribution
	for i := 0; i < b.N; i++ {
		d, err = tb.Distribution(context.Background(), s)
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(d.States), "states")
}

// BenchmarkDistributionYacht: the exact distribution of the final score
// from an empty Yacht sheet.
func BenchmarkDistributionYacht(b *testing.B) { benchDistribution(b, Yacht) }

// BenchmarkDistributionYatzy: the same for Yatzy.
func BenchmarkDistributionYatzy(b *testing.B) { benchDistribution(b, Yatzy) }
