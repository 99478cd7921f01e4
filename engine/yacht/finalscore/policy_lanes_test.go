package finalscore

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/lanes"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/internal/race"
)

// The batch policy (playTurnLanes, with whichever kernels this build and
// processor use) takes, state by state, the decisions playTurn takes — the
// same scoring for every pattern, the same keep after each roll — and gives
// the same probabilities of the turn's endings, on states of every category
// set size of every preset, in batches of every size.
func TestTurnBatchEqualsPlayTurn(t *testing.T) {
	t.Logf("kernel: %s", lanes.Kernel())
	names := append(yacht.PresetNames(), yacht.Yahtzee+"+"+yacht.FreeJokerOption)
	for ni, name := range names {
		t.Run(name, func(t *testing.T) {
			var tb *strategy.Table
			sets := 120
			if race.Enabled || testing.Short() {
				var err error
				tb, err = strategy.BuildEndGame(context.Background(), mustPreset(t, name), 4)
				if err != nil {
					t.Fatal(err)
				}
				sets = 20
			} else {
				tb = fullTable(t, name)
			}
			r := tb.Rules()
			n := len(r.Categories)
			p := newTurnPolicy(tb)
			b := newTurnBatch()
			sc := &turnScratch{opts: make([]yacht.Scoring, 0, 32)}
			rng := rand.New(rand.NewPCG(uint64(ni), 17))
			checked := 0
			for trial := 0; trial < sets; trial++ {
				// A random category set with 1 to n open (the last ones
				// with few open when the table is an end game's).
				open := 1 + trial%n
				if race.Enabled || testing.Short() {
					open = 1 + trial%4
				}
				var m uint32
				for _, c := range rng.Perm(n)[:n-open] {
					m |= 1 << uint(c)
				}
				sts := tb.AppendClasses(nil, m)
				rng.Shuffle(len(sts), func(i, j int) { sts[i], sts[j] = sts[j], sts[i] })
				for len(sts) > 0 {
					k := min(len(sts), 1+rng.IntN(lanes.Width))
					b.load(sts[:k])
					p.playTurnLanes(b)
					for l := 0; l < k; l++ {
						compareLane(t, p, b, l, sts[l], sc)
						checked++
					}
					sts = sts[k:]
				}
			}
			t.Logf("%d states", checked)
		})
	}
}

// A batch holding states of several category sets (as the distribution
// packs the sets' left-overs) takes, lane by lane, playTurn's decisions and
// probabilities, also when a set's states are not next to each other.
func TestMixedTurnBatchEqualsPlayTurn(t *testing.T) {
	names := append(yacht.PresetNames(), yacht.Yahtzee+"+"+yacht.FreeJokerOption)
	for ni, name := range names {
		t.Run(name, func(t *testing.T) {
			var tb *strategy.Table
			maxOpen, trials := 0, 40
			if race.Enabled || testing.Short() {
				var err error
				tb, err = strategy.BuildEndGame(context.Background(), mustPreset(t, name), 4)
				if err != nil {
					t.Fatal(err)
				}
				maxOpen, trials = 4, 10
			} else {
				tb = fullTable(t, name)
			}
			r := tb.Rules()
			n := len(r.Categories)
			if maxOpen == 0 {
				maxOpen = n
			}
			p := newTurnPolicy(tb)
			b := newTurnBatch()
			sc := &turnScratch{opts: make([]yacht.Scoring, 0, 32)}
			rng := rand.New(rand.NewPCG(uint64(ni), 41))
			checked, mixed := 0, 0
			for trial := 0; trial < trials; trial++ {
				// Two to four sets, a few states of each.
				var sts []yacht.State
				for range 2 + rng.IntN(3) {
					open := 1 + rng.IntN(maxOpen)
					var m uint32
					for _, c := range rng.Perm(n)[:n-open] {
						m |= 1 << uint(c)
					}
					cl := tb.AppendClasses(nil, m)
					rng.Shuffle(len(cl), func(i, j int) { cl[i], cl[j] = cl[j], cl[i] })
					sts = append(sts, cl[:1+rng.IntN(min(len(cl), 4))]...)
				}
				if trial%5 == 4 { // a set's states apart
					rng.Shuffle(len(sts), func(i, j int) { sts[i], sts[j] = sts[j], sts[i] })
				}
				for len(sts) > 0 {
					k := min(len(sts), lanes.Width)
					b.load(sts[:k])
					p.playTurnLanes(b)
					for l := 0; l < k; l++ {
						compareLane(t, p, b, l, sts[l], sc)
						checked++
						if sts[l].Filled != sts[0].Filled {
							mixed++
						}
					}
					sts = sts[k:]
				}
			}
			if mixed == 0 {
				t.Fatal("no batch held more than one category set")
			}
			t.Logf("%d states, %d beside another set's", checked, mixed)
		})
	}
}

// compareLane checks lane l of batch b against playTurn and outcomes for
// state st.
func compareLane(t *testing.T, p *turnPolicy, b *turnBatch, l int, st yacht.State, sc *turnScratch) {
	t.Helper()
	p.playTurn(st, sc)
	for w := 0; w < yacht.NumPatterns; w++ {
		if int32(sc.keep1[w]) != b.keep1[w][l] || int32(sc.keep2[w]) != b.keep2[w][l] {
			t.Fatalf("state %+v pattern %v: keeps %d, %d; playTurn %d, %d", st, yacht.Pattern(w), b.keep1[w][l], b.keep2[w][l], sc.keep1[w], sc.keep2[w])
		}
		o := sc.score[w]
		if int(b.cat[w][l]) != o.Category || int(b.points[w][l]) != o.Points || int(b.gain[w][l]) != o.Gain() {
			t.Fatalf("state %+v pattern %v: scores %d, %d points, gain %d; playTurn %+v", st, yacht.Pattern(w), b.cat[w][l], b.points[w][l], b.gain[w][l], o)
		}
		if b.e3[w][l] != sc.e3[w] {
			t.Fatalf("state %+v pattern %v: value %v, playTurn %v", st, yacht.Pattern(w), b.e3[w][l], sc.e3[w])
		}
		if d := b.p3[w][l] - sc.p3[w]; d > 1e-12 || d < -1e-12 {
			t.Fatalf("state %+v pattern %v: probability %v, playTurn %v", st, yacht.Pattern(w), b.p3[w][l], sc.p3[w])
		}
	}
	want := distState{st: st}
	p.outcomes(&want, sc)
	var ds [lanes.Width]*distState
	for i := range b.n {
		ds[i] = &distState{st: b.sts[i]}
	}
	p.outcomesLanes(&ds, b)
	got := *ds[l]
	if len(got.out) != len(want.out) || got.yacht != want.yacht {
		t.Fatalf("state %+v: %d outcomes (Yacht %v), outcomes gives %d (%v)", st, len(got.out), got.yacht, len(want.out), want.yacht)
	}
	for i := range got.out {
		g, w := got.out[i], want.out[i]
		if d := g.p - w.p; g.to != w.to || g.gain != w.gain || g.cat != w.cat || g.upper != w.upper || d > 1e-12 || d < -1e-12 {
			t.Fatalf("state %+v: outcome %d is %+v, outcomes gives %+v", st, i, g, w)
		}
		if g.gain < 0 || int(g.gain) > p.maxGain[g.cat] {
			t.Fatalf("state %+v: outcome %d gains %d, outside 0…%d (the table of endings would mix them up)", st, i, g.gain, p.maxGain[g.cat])
		}
		// Each ending's probability is the sum, in pattern order, of the
		// lane's patterns that end so: the same bits as outcomes adds.
		sum := 0.0
		for w := 0; w < yacht.NumPatterns; w++ {
			if b.p3[w][l] != 0 && b.cat[w][l] == g.cat && b.gain[w][l] == g.gain {
				sum += b.p3[w][l]
			}
		}
		if g.p != sum {
			t.Fatalf("state %+v: outcome %d has probability %v, its patterns in order sum to %v", st, i, g.p, sum)
		}
	}
}

// The batch kernels carry a keep's index as its rank among tied keeps:
// keepBefore's order is the index order, because the dice space lists the
// keeps by size first.
func TestTurnBatchRankIsIndex(t *testing.T) {
	for k := 1; k < yacht.NumKeeps; k++ {
		if !keepBefore(k-1, k) || keepBefore(k, k-1) {
			t.Fatalf("keep %d does not come before keep %d", k-1, k)
		}
	}
}

// The policy's batch kernels (AVX-512 or AVX2 assembly on amd64 when
// the processor has it, else the portable ones) give the portable kernels'
// bits, on random rows full of ties and near-ties.
func TestTurnBatchKernelsEqualPortable(t *testing.T) {
	t.Logf("kernel: %s", lanes.Kernel())
	rng := rand.New(rand.NewPCG(21, 22))
	value := func(trial int) float64 {
		switch trial % 3 {
		case 0:
			return rng.Float64() * 100
		case 1:
			return float64(rng.IntN(4)) // exact ties
		}
		return 10 + float64(rng.IntN(5))*TieTolerance*0.7 // within the tolerance
	}
	for trial := 0; trial < 30; trial++ {
		var kv, now [yacht.NumKeeps]lanes.Row
		for k := range kv {
			for l := range kv[k] {
				kv[k][l] = value(trial)
				now[k][l] = value(trial)
			}
		}
		nowP := (*[yacht.NumPatterns]lanes.Row)(now[:yacht.NumPatterns])

		a, p := kv, kv
		lanes.AverageOneDie(&a)
		lanes.AverageOneDiePortable(&p)
		if a != p {
			t.Fatalf("trial %d: AverageOneDie differs from the portable kernel", trial)
		}

		var topA, topP, rankA, rankP [yacht.NumKeeps]lanes.Row
		var chA, chP [yacht.NumPatterns][lanes.Width]int32
		var bestA, bestP [yacht.NumPatterns]lanes.Row
		a, p = kv, kv
		lanes.ChooseKeeps(&a, &topA, &rankA, nowP, &chA, &bestA, TieTolerance)
		lanes.ChooseKeepsPortable(&p, &topP, &rankP, nowP, &chP, &bestP, TieTolerance)
		if a != p || topA != topP || rankA != rankP || chA != chP || bestA != bestP {
			t.Fatalf("trial %d: ChooseKeeps differs from the portable kernel", trial)
		}

		a, p = kv, kv
		lanes.PushOneDie(&a)
		lanes.PushOneDiePortable(&p)
		if a != p {
			t.Fatalf("trial %d: PushOneDie differs from the portable kernel", trial)
		}

		n := rng.IntN(300)
		src, dst := make([]float64, n+64), make([]float64, n)
		for i := range src {
			src[i] = rng.Float64()
		}
		for i := range dst {
			dst[i] = rng.Float64()
		}
		k := 1 + rng.IntN(26)
		offs, ps := make([]int32, k), make([]float64, k)
		for i := range offs {
			offs[i], ps[i] = int32(rng.IntN(65)), rng.Float64()
		}
		want := append([]float64(nil), dst...)
		lanes.AddShifted(dst, src, offs, ps)
		lanes.AddShiftedPortable(want, src, offs, ps)
		for i := range dst {
			if dst[i] != want[i] {
				t.Fatalf("trial %d: AddShifted entry %d of %d is %v, AddShiftedPortable %v", trial, i, n, dst[i], want[i])
			}
		}
	}
}

// BenchmarkTurnBatch: the policy of one turn and the probabilities of its
// endings for a full batch (eight Yatzy states of one category set), as
// the distribution works them out; ns/state divides by the eight.
func BenchmarkTurnBatch(b *testing.B) {
	tb, err := testTables.Preset(context.Background(), yacht.Yatzy)
	if err != nil {
		b.Fatal(err)
	}
	p := newTurnPolicy(tb)
	bt := newTurnBatch()
	level := make([]distState, lanes.Width)
	idx := make([]int32, lanes.Width)
	for i := range level {
		level[i].st = yacht.State{Filled: 0b101010101, Upper: 3 * i}
		idx[i] = int32(i)
	}
	for b.Loop() {
		bt.arena.reset()
		p.outcomesBatch(level, idx, bt)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lanes.Width), "ns/state")
}

// The turn batch's rows start on 64-byte lines.
func TestTurnRowsOnLines(t *testing.T) {
	if bad := lanes.Misaligned(reflect.TypeOf(turnRows{})); len(bad) > 0 {
		t.Fatalf("rows of turnRows off a line: %v", bad)
	}
	if p := uintptr(unsafe.Pointer(newTurnBatch().turnRows)); p%64 != 0 {
		t.Fatalf("turn rows at %#x", p)
	}
}
