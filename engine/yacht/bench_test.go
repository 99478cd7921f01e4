package yacht

import (
	"context"
	"testing"
)

// benchBuild measures building a preset's table. Besides the wall time it
// reports cpu-s/op, the CPU time of the whole process per build (both
// workers): on a machine shared with other work the wall time also counts
// the others' turns, while the CPU time stays close to the quiet figure, and
// cpu-s/op ÷ cores bounds the quiet wall time from below.
func benchBuild(b *testing.B, name string) {
	r, err := Preset(name)
	if err != nil {
		b.Fatal(err)
	}
	var t *Table
	cpu0, ok := processCPU()
	for b.Loop() {
		t, err = Build(context.Background(), r)
		if err != nil {
			b.Fatal(err)
		}
	}
	if cpu1, ok1 := processCPU(); ok && ok1 {
		b.ReportMetric((cpu1-cpu0).Seconds()/float64(b.N), "cpu-s/op")
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
// turn's recurrences by each kernel the build and processor can run;
// cpu-ns/op is the process's CPU time per batch (see benchBuild).
func BenchmarkRollBackLanes(b *testing.B) {
	for name, k := range rollBackKernels() {
		b.Run(name, func(b *testing.B) {
			bt := newBatch()
			for i := range bt.kv {
				for j := range bt.kv[i] {
					bt.kv[i][j] = float64(i*laneWidth + j)
				}
			}
			cpu0, ok := processCPU()
			for b.Loop() {
				k(&bt.kv)
			}
			if cpu1, ok1 := processCPU(); ok && ok1 {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
