package strategy

import (
	"context"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/cputime"
)

// benchBuild measures building a preset's table. Besides the wall time it
// reports cpu-s/op, the CPU time of the whole process per build (both
// workers): on a machine shared with other work the wall time also counts
// the others' turns, while the CPU time stays close to the quiet figure, and
// cpu-s/op ÷ cores bounds the quiet wall time from below.
func benchBuild(b *testing.B, name string) {
	r, err := yacht.Preset(name)
	if err != nil {
		b.Fatal(err)
	}
	var t *Table
	cpu0, ok := cputime.Process()
	for b.Loop() {
		t, err = Build(context.Background(), r)
		if err != nil {
			b.Fatal(err)
		}
	}
	if cpu1, ok1 := cputime.Process(); ok && ok1 {
		b.ReportMetric((cpu1-cpu0).Seconds()/float64(b.N), "cpu-s/op")
	}
	b.ReportMetric(float64(t.Bytes())/(1<<20), "MB")
	b.ReportMetric(float64(t.States()), "states")
}

func BenchmarkBuildYacht(b *testing.B)   { benchBuild(b, yacht.Yacht) }
func BenchmarkBuildPancht(b *testing.B)  { benchBuild(b, yacht.Pancht) }
func BenchmarkBuildYahtzee(b *testing.B) { benchBuild(b, yacht.Yahtzee) }
func BenchmarkBuildYatzy(b *testing.B)   { benchBuild(b, yacht.Yatzy) }

func BenchmarkStateValue(b *testing.B) {
	r, _ := yacht.Preset(yacht.Yacht)
	s, _ := compile(r)
	ev := make([]float64, s.size())
	sc := &scratch{}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.fillE3(ev, yacht.State{Filled: 0, Upper: 0}, sc)
		rollBack(sc)
	}
}
