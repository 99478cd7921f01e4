package yacht

import (
	"context"
	"testing"
)

func benchBuild(b *testing.B, name string) {
	r, err := Preset(name)
	if err != nil {
		b.Fatal(err)
	}
	var t *Table
	for i := 0; i < b.N; i++ {
		t, err = Build(context.Background(), r)
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(t.Bytes())/(1<<20), "MB")
	b.ReportMetric(float64(t.States()), "states")
}

func BenchmarkBuildYacht(b *testing.B)   { benchBuild(b, Yacht) }
func BenchmarkBuildPancht(b *testing.B)  { benchBuild(b, Pancht) }
func BenchmarkBuildYahtzee(b *testing.B) { benchBuild(b, Yahtzee) }
func BenchmarkBuildYatzy(b *testing.B)   { benchBuild(b, Yatzy) }

func BenchmarkStateValue(b *testing.B) {
	r, _ := Preset(Yacht)
	s, _ := compile(r)
	ev := make([]float64, s.size())
	sc := &scratch{}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.fillE3(ev, State{Filled: 0, Upper: 0}, sc)
		rollBack(sc)
	}
}

func BenchmarkRollBack(b *testing.B) {
	sc := &scratch{}
	for i := 0; i < b.N; i++ {
		rollBack(sc)
	}
}

// BenchmarkRollBackLanes is one batch of laneWidth classes through the
// turn's recurrences.
func BenchmarkRollBackLanes(b *testing.B) {
	bt := newBatch()
	for i := range bt.kv {
		for j := range bt.kv[i] {
			bt.kv[i][j] = float64(i*laneWidth + j)
		}
	}
	for b.Loop() {
		rollBackLanes(&bt.kv)
	}
}
