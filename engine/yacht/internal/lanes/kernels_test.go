package lanes

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
)

// testTol is a tie tolerance between expected scores, the one the turn
// policy uses.
const testTol = 1e-9

// supportedSets is kernelSets, logging the sets the processor lacks (their
// tests are skipped).
func supportedSets(t *testing.T) []kernelSet {
	sets, missing := kernelSets()
	for _, name := range missing {
		t.Logf("%s kernels skipped: the processor lacks the instructions", name)
	}
	names := make([]string, len(sets))
	for i, s := range sets {
		names[i] = s.name
	}
	t.Logf("kernels checked: %v; the batch functions use %s", names, Kernel())
	return sets
}

// rowValue draws the values of the policy kernels' rows: spread values,
// exact ties, near-ties around the tolerance, or signed zeros and ones.
func rowValue(rng *rand.Rand, trial int) float64 {
	switch trial % 4 {
	case 0:
		return rng.Float64() * 100
	case 1:
		return float64(rng.IntN(4)) // exact ties
	case 2:
		return 10 + float64(rng.IntN(5))*testTol*0.7 // within the tolerance
	}
	return [...]float64{math.Copysign(0, -1), 0, 1, -1}[rng.IntN(4)]
}

// The policy kernels of every set the processor runs (AverageOneDie,
// ChooseKeeps, PushOneDie, PushChoices, AddShifted, AddRows, FillRows, AddToRows) give the portable kernels' bits on
// rows full of ties, near-ties and signed zeros; the portable kernels are
// checked against the one-state policy in package finalscore.
func TestPolicyKernelsEqualPortable(t *testing.T) {
	sets := supportedSets(t)
	ref := portableKernels()
	rng := rand.New(rand.NewPCG(21, 22))
	for trial := 0; trial < 40; trial++ {
		var kv, now, top0, rank0 [yacht.NumKeeps]Row
		for k := range kv {
			for l := range kv[k] {
				kv[k][l] = rowValue(rng, trial)
				now[k][l] = rowValue(rng, trial)
				top0[k][l] = rng.Float64()
				rank0[k][l] = float64(rng.IntN(yacht.NumKeeps))
			}
		}
		nowP := (*[yacht.NumPatterns]Row)(now[:yacht.NumPatterns])
		for _, s := range sets {
			a, p := kv, kv
			s.averageOneDie(&a)
			ref.averageOneDie(&p)
			if !sameBits(a[:], p[:]) {
				t.Fatalf("trial %d: %s AverageOneDie differs from the portable kernel", trial, s.name)
			}

			topA, topP, rankA, rankP := top0, top0, rank0, rank0
			var chA, chP [yacht.NumPatterns][Width]int32
			var bestA, bestP [yacht.NumPatterns]Row
			a, p = kv, kv
			s.chooseKeeps(&a, &topA, &rankA, nowP, &chA, &bestA, testTol)
			ref.chooseKeeps(&p, &topP, &rankP, nowP, &chP, &bestP, testTol)
			if !sameBits(a[:], p[:]) || !sameBits(topA[:], topP[:]) || !sameBits(rankA[:], rankP[:]) || chA != chP || !sameBits(bestA[:], bestP[:]) {
				t.Fatalf("trial %d: %s ChooseKeeps differs from the portable kernel", trial, s.name)
			}

			a, p = kv, kv
			s.pushOneDie(&a)
			ref.pushOneDie(&p)
			if !sameBits(a[:], p[:]) {
				t.Fatalf("trial %d: %s PushOneDie differs from the portable kernel", trial, s.name)
			}

			// PushChoices: every pattern's lanes alike (keeping or
			// scoring now) or each their own, into rows holding other
			// values; in odd trials the choices are among three, so
			// patterns in a row often push into one row.
			var choice [yacht.NumPatterns][Width]int32
			for w := range choice {
				k := int32(rng.IntN(yacht.NumKeeps+1)) - 1
				if trial%2 == 1 {
					k = []int32{-1, 0, 200}[rng.IntN(3)]
				}
				mixed := rng.IntN(4) == 0
				for l := range choice[w] {
					choice[w][l] = k
					if mixed {
						choice[w][l] = int32(rng.IntN(yacht.NumKeeps+1)) - 1
					}
				}
				if rng.IntN(4) == 0 { // one lane apart, any lane
					choice[w][rng.IntN(Width)] = k + 1
				}
			}
			massA := make([]Row, yacht.NumKeeps+yacht.NumPatterns)
			for i := range massA {
				for l := range massA[i] {
					massA[i][l] = rng.Float64()
				}
			}
			massP := slices.Clone(massA)
			s.pushChoices(massA, &choice, nowP)
			ref.pushChoices(massP, &choice, nowP)
			if !sameBits(massA, massP) {
				t.Fatalf("trial %d: %s PushChoices differs from the portable kernel", trial, s.name)
			}

			// AddShifted: every length up to 40 (the loops of four
			// registers and of one, and their tails), longer ones, up to
			// 30 terms at offsets anywhere in src, and windows starting
			// off alignment; the eight entries after each window (a
			// masked tail's reach) stay as they are.
			n := trial
			if trial >= 35 {
				n = rng.IntN(1000)
			}
			off := rng.IntN(3)
			k := 1 + rng.IntN(30)
			src, dst := make([]float64, n+40+rng.IntN(8)), make([]float64, n+off+8)
			for i := range src {
				src[i] = rowValue(rng, trial) * rng.Float64()
			}
			for i := range dst {
				dst[i] = rng.Float64()
			}
			offs, ps := make([]int32, k), make([]float64, k)
			for i := range offs {
				offs[i], ps[i] = int32(rng.IntN(len(src)-n+1)), rng.Float64()
			}
			want := append([]float64(nil), dst...)
			s.addShifted(dst[off:off+n], src, offs, ps)
			ref.addShifted(want[off:off+n], src, offs, ps)
			for i := range dst {
				if math.Float64bits(dst[i]) != math.Float64bits(want[i]) {
					t.Fatalf("trial %d: %s AddShifted entry %d of %d (%d terms) is %v, portable %v", trial, s.name, i, n, k, dst[i], want[i])
				}
			}
			// A window of its own: each term added in turn.
			if trial == 37 {
				one := make([]float64, n)
				for i := range one {
					one[i] = rng.Float64()
				}
				turns := append([]float64(nil), one...)
				s.addShifted(one, src, offs, ps)
				for i := range offs {
					for j := range turns {
						turns[j] += float64(ps[i] * src[int(offs[i])+j])
					}
				}
				for j := range one {
					if math.Float64bits(one[j]) != math.Float64bits(turns[j]) {
						t.Fatalf("%s AddShifted entry %d is %v, each term in turn %v", s.name, j, one[j], turns[j])
					}
				}
			}

			// AddRows over the first rows of kv and now, into rows
			// holding other values; the row after them stays as it is.
			rows := trial % (yacht.NumPatterns - 1)
			var got, sum [yacht.NumPatterns]Row
			for i := range got {
				for l := range got[i] {
					got[i][l] = rng.Float64()
				}
			}
			sum = got
			s.addRows(got[:rows], kv[:], now[:])
			ref.addRows(sum[:rows], kv[:], now[:])
			if !sameBits(got[:], sum[:]) {
				t.Fatalf("trial %d: %s AddRows of %d rows differs from the portable kernel", trial, s.name, rows)
			}

			// FillRows and AddToRows over the first rows, the same
			// way; AddToRows adds signed zeros, ties and infinities.
			sum = got
			s.fillRows(got[:rows], &kv[trial])
			ref.fillRows(sum[:rows], &kv[trial])
			if !sameBits(got[:], sum[:]) || rows > 0 && got[rows-1] != kv[trial] {
				t.Fatalf("trial %d: %s FillRows of %d rows differs from the portable kernel", trial, s.name, rows)
			}
			xs := make([]float64, rows)
			for i := range xs {
				xs[i] = rowValue(rng, trial+i)
				if i%17 == 16 {
					xs[i] = math.Inf(1 - 2*(i%2))
				}
			}
			s.addToRows(got[:], &now[trial], xs)
			ref.addToRows(sum[:], &now[trial], xs)
			if !sameBits(got[:], sum[:]) || rows > 0 && got[0][3] != xs[0]+now[trial][3] {
				t.Fatalf("trial %d: %s AddToRows of %d rows differs from the portable kernel", trial, s.name, rows)
			}
			// A row of dst as the source: read once, before any row
			// is written.
			if rows > 1 {
				s.addToRows(got[:], &got[rows/2], xs)
				ref.addToRows(sum[:], &sum[rows/2], xs)
				s.fillRows(got[:rows], &got[rows-1])
				ref.fillRows(sum[:rows], &sum[rows-1])
				if !sameBits(got[:], sum[:]) {
					t.Fatalf("trial %d: %s AddToRows or FillRows from a row of dst differs from the portable kernel", trial, s.name)
				}
			}
		}
	}
}

// DescribeScorings of every set gives the portable kernel's categories,
// points and gains, on random tables of up to MaxCategories open
// categories, upper or not, and random choices; a position not below the
// open categories panics in every set.
func TestDescribeScoringsEqualsPortable(t *testing.T) {
	sets := supportedSets(t)
	ref := portableKernels()
	rng := rand.New(rand.NewPCG(41, 42))
	for trial := 0; trial < 60; trial++ {
		var tab ScoringTables
		for c := range MaxCategories {
			tab.Upper[c] = rng.IntN(3) == 0
			for w := range yacht.NumPatterns {
				pts := rng.IntN(66) - 6
				tab.Entry[c<<8|w] = int32(uint16(pts))
				if tab.Upper[c] {
					// dice counts up to 7: those above NumDice read as NumDice
					tab.Entry[c<<8|w] |= int32(rng.IntN(8)) << 16
				}
			}
		}
		no := 1 + rng.IntN(MaxCategories)
		cats := rng.Perm(MaxCategories)[:no]
		open := make([]uint8, no)
		for i, c := range cats {
			open[i] = uint8(c)
		}
		var ug UpperGains
		for i := range ug.G {
			for k := range ug.G[i] {
				for l := range ug.G[i][k] {
					ug.G[i][k][l] = int16(rng.IntN(200) - 20)
				}
			}
		}
		var idx [yacht.NumPatterns][Width]int32
		for w := range idx {
			same := rng.IntN(2) == 0
			for l := range idx[w] {
				idx[w][l] = int32(rng.IntN(no))
				if same && l > 0 {
					idx[w][l] = idx[w][0]
				}
			}
		}
		var catR [yacht.NumPatterns][Width]uint8
		var ptsR, gainR [yacht.NumPatterns][Width]int16
		ref.describe(&idx, open, &tab, &ug, &catR, &ptsR, &gainR)
		for _, s := range sets {
			var cat [yacht.NumPatterns][Width]uint8
			var pts, gain [yacht.NumPatterns][Width]int16
			s.describe(&idx, open, &tab, &ug, &cat, &pts, &gain)
			if cat != catR || pts != ptsR || gain != gainR {
				t.Fatalf("trial %d: %s DescribeScorings differs from the portable kernel", trial, s.name)
			}
		}
		if trial%10 == 0 {
			// One position out of range at a time: just past the open
			// categories, further, and negative.
			for _, bad := range []int32{int32(no), int32(no) + 5, -1} {
				w, l := rng.IntN(yacht.NumPatterns), rng.IntN(Width)
				was := idx[w][l]
				idx[w][l] = bad
				for _, s := range append([]kernelSet{ref}, sets...) {
					func() {
						defer func() {
							if recover() == nil {
								t.Errorf("trial %d: %s DescribeScorings with position %d of %d did not panic", trial, s.name, bad, no)
							}
						}()
						var cat [yacht.NumPatterns][Width]uint8
						var pts, gain [yacht.NumPatterns][Width]int16
						s.describe(&idx, open, &tab, &ug, &cat, &pts, &gain)
					}()
				}
				idx[w][l] = was
			}
		}
	}
}

// SumEndings of every set gives the portable kernel's sums, Yacht sums and
// fresh lanes, on tables of random layout where the lanes' endings often
// repeat, with every category up to MaxCategories, negative gains (within
// the table) and points, probabilities of 0, −0 and NaN, and every number
// of lanes; the entries after the table stay as they are. A category or
// an entry out of range panics in every set, as in the portable kernel.
func TestSumEndingsEqualsPortable(t *testing.T) {
	sets := supportedSets(t)
	ref := portableKernels()
	rng := rand.New(rand.NewPCG(31, 32))
	type input struct {
		tab  EndingTables
		p    [yacht.NumPatterns]Row
		cat  [yacht.NumPatterns][Width]uint8
		gain [yacht.NumPatterns][Width]int16
		pts  [yacht.NumPatterns][Width]int16
		n    int
	}
	draw := func(trial int) *input {
		in := &input{n: 1 + trial%Width}
		cats := 1 + rng.IntN(MaxCategories)
		if trial%3 == 0 {
			cats = MaxCategories
		}
		gains := make([]int, cats)
		in.tab.Slots = 2 // room for gains down to -2
		for c := 0; c < cats; c++ {
			gains[c] = 1 + rng.IntN(40)
			in.tab.Base[c] = int64(in.tab.Slots)
			in.tab.Slots += gains[c] + 1
			if rng.IntN(4) == 0 {
				in.tab.Yacht[c] = -1
			}
		}
		few := min(cats, 1+trial%4) // few categories, so that endings repeat, or all of them
		if trial%2 == 1 {
			few = cats
		}
		for w := range in.p {
			for l := range in.p[w] {
				switch rng.IntN(8) {
				case 0:
					in.p[w][l] = 0
				case 1:
					in.p[w][l] = math.Copysign(0, -1)
				case 2:
					if trial%5 == 0 {
						in.p[w][l] = math.NaN()
						break
					}
					fallthrough
				default:
					in.p[w][l] = rng.Float64()
				}
				c := cats - 1 - rng.IntN(few)
				in.cat[w][l] = uint8(c)
				in.gain[w][l] = int16(rng.IntN(min(gains[c], 3)+3) - 2)
				in.pts[w][l] = int16(rng.IntN(5) - 2)
			}
		}
		return in
	}
	run := func(s kernelSet, in *input) (sum []float64, y Row, f [yacht.NumPatterns]uint8) {
		sum = make([]float64, in.tab.Slots*Width+Width)
		for i := in.tab.Slots * Width; i < len(sum); i++ {
			sum[i] = 7 // the guard
		}
		s.sumEndings(&in.p, &in.cat, &in.gain, &in.pts, &in.tab, in.n, sum[:in.tab.Slots*Width], &y, &f)
		return sum, y, f
	}
	for trial := 0; trial < 80; trial++ {
		in := draw(trial)
		sumRef, yRef, fRef := run(ref, in)
		for _, s := range sets {
			sum, y, f := run(s, in)
			for i := range sum {
				if math.Float64bits(sum[i]) != math.Float64bits(sumRef[i]) {
					t.Fatalf("trial %d: %s SumEndings entry %d is %v, portable %v", trial, s.name, i, sum[i], sumRef[i])
				}
			}
			if !sameBits([]Row{y}, []Row{yRef}) || f != fRef {
				t.Fatalf("trial %d: %s SumEndings Yacht sums %v or fresh lanes %v differ from the portable kernel's %v, %v", trial, s.name, y, f[:8], yRef, fRef[:8])
			}
		}
	}
	// Out of range: a gain past the table's end or before its start, a
	// category of MaxCategories. A lane whose probability is 0 is not
	// looked at.
	for _, bad := range []func(in *input){
		func(in *input) { in.gain[100][0] = int16(in.tab.Slots) },
		func(in *input) { in.gain[7][in.n-1] = -1 - int16(in.tab.Base[in.cat[7][in.n-1]]) },
		func(in *input) { in.cat[251][0] = MaxCategories },
	} {
		for _, s := range append([]kernelSet{ref}, sets...) {
			in := draw(1)
			for w := range in.p {
				for l := range in.p[w] {
					in.p[w][l] = 0.5
				}
			}
			bad(in)
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("%s SumEndings with a category or entry out of range did not panic (%d lanes)", s.name, in.n)
					}
				}()
				run(s, in)
			}()
		}
	}
}

// The scoring maxima of every set (MaxIndexed) give the portable kernel's
// bits on non-negative rows with ties, and panic as it does on an index out
// of range.
func TestMaxIndexedEqualsPortable(t *testing.T) {
	sets := supportedSets(t)
	ref := portableKernels()
	rng := rand.New(rand.NewPCG(31, 32))
	for trial := 0; trial < 40; trial++ {
		var e3 [yacht.NumPatterns]Row
		vals := make([]Row, 1+rng.IntN(40))
		for _, rows := range [][]Row{e3[:], vals} {
			for i := range rows {
				for l := range rows[i] {
					rows[i][l] = float64(rng.IntN(6)) // ties
					if trial%2 == 0 {
						rows[i][l] = rng.Float64() * 50
					}
				}
			}
		}
		var idx [yacht.NumPatterns]uint8
		for w := range idx {
			idx[w] = uint8(rng.IntN(len(vals)))
		}
		var list []uint8
		for w := 0; w < yacht.NumPatterns; w++ {
			if rng.IntN(3) > 0 {
				list = append(list, uint8(w))
			}
		}
		list = list[:rng.IntN(len(list)+1)]
		want := e3
		ref.maxIndexed(&want, vals, &idx, list)
		for _, s := range sets {
			got := e3
			s.maxIndexed(&got, vals, &idx, list)
			if !sameBits(got[:], want[:]) {
				t.Fatalf("trial %d: %s MaxIndexed differs from the portable kernel", trial, s.name)
			}
		}
	}
	for _, s := range sets {
		for _, bad := range []struct {
			idx  uint8
			list []uint8
		}{{idx: 3, list: []uint8{0, 1, 2}}, {idx: 0, list: []uint8{0, yacht.NumPatterns}}} {
			var e3 [yacht.NumPatterns]Row
			var idx [yacht.NumPatterns]uint8
			idx[2] = bad.idx
			if !panics(func() { s.maxIndexed(&e3, make([]Row, 3), &idx, bad.list) }) {
				t.Errorf("%s MaxIndexed accepted index %d of 3 values, list %v", s.name, bad.idx, bad.list)
			}
		}
	}
}

// PushChoices refuses a choice of no row: a keep past the rows, or
// scoring now with too few rows for the patterns.
func TestPushChoicesRefuses(t *testing.T) {
	var p [yacht.NumPatterns]Row
	for _, s := range supportedSets(t) {
		var choice [yacht.NumPatterns][Width]int32
		choice[7][3] = yacht.NumKeeps + yacht.NumPatterns
		if !panics(func() { s.pushChoices(make([]Row, yacht.NumKeeps+yacht.NumPatterns), &choice, &p) }) {
			t.Errorf("%s: a choice past the rows", s.name)
		}
		choice[7][3] = 0
		choice[yacht.NumPatterns-1][3] = -1
		if !panics(func() { s.pushChoices(make([]Row, yacht.NumKeeps+yacht.NumPatterns-1), &choice, &p) }) {
			t.Errorf("%s: scoring the last pattern with one row too few", s.name)
		}
		s.pushChoices(make([]Row, yacht.NumKeeps+yacht.NumPatterns), &choice, &p)
		// The same with every lane alike.
		all := func(k int32) (ks [Width]int32) {
			for l := range ks {
				ks[l] = k
			}
			return ks
		}
		choice = [yacht.NumPatterns][Width]int32{}
		choice[7] = all(yacht.NumKeeps + yacht.NumPatterns)
		if !panics(func() { s.pushChoices(make([]Row, yacht.NumKeeps+yacht.NumPatterns), &choice, &p) }) {
			t.Errorf("%s: every lane's choice past the rows", s.name)
		}
		choice[7] = [Width]int32{}
		choice[yacht.NumPatterns-1] = all(-1)
		if !panics(func() { s.pushChoices(make([]Row, yacht.NumKeeps+yacht.NumPatterns-1), &choice, &p) }) {
			t.Errorf("%s: every lane scoring the last pattern with one row too few", s.name)
		}
	}
}

// AddShifted refuses a term outside its source and offsets without factors.
func TestAddShiftedRefuses(t *testing.T) {
	for _, s := range supportedSets(t) {
		src := make([]float64, 10)
		for _, bad := range []struct {
			n    int
			offs []int32
			ps   []float64
		}{
			{8, []int32{0, 3}, []float64{1, 1}},
			{1, []int32{-1}, []float64{1}},
			{1, []int32{0}, nil},
		} {
			if !panics(func() { s.addShifted(make([]float64, bad.n), src, bad.offs, bad.ps) }) {
				t.Errorf("%s: %d entries from offsets %v of 10, %d factors", s.name, bad.n, bad.offs, len(bad.ps))
			}
		}
		s.addShifted(make([]float64, 10), src, []int32{0}, []float64{1})
		s.addShifted(nil, src, []int32{10}, []float64{1})
	}
}

// panics reports whether f panics.
func panics(f func()) (p bool) {
	defer func() { p = recover() != nil }()
	f()
	return false
}

// sameBits reports whether a and b hold the same bits (so +0 and −0
// differ).
func sameBits(a, b []Row) bool {
	for i := range a {
		for l := range a[i] {
			if math.Float64bits(a[i][l]) != math.Float64bits(b[i][l]) {
				return false
			}
		}
	}
	return true
}

// BenchmarkPolicyKernels is the policy kernels of one turn of a batch
// (AverageOneDie and ChooseKeeps twice, PushOneDie twice), by each kernel
// set the processor runs.
func BenchmarkPolicyKernels(b *testing.B) {
	sets, _ := kernelSets()
	for _, s := range sets {
		b.Run(s.name, func(b *testing.B) {
			var kv, top, rank, m [yacht.NumKeeps]Row
			var now, best [yacht.NumPatterns]Row
			var choice [yacht.NumPatterns][Width]int32
			for k := range kv {
				for l := range kv[k] {
					kv[k][l] = float64((k*7+l*3)%50) / 3
				}
			}
			for b.Loop() {
				for range 2 {
					s.averageOneDie(&kv)
					s.chooseKeeps(&kv, &top, &rank, &now, &choice, &best, testTol)
				}
				for range 2 {
					s.pushOneDie(&m)
				}
			}
		})
	}
}

// The scoring choice of every set (ScoreRows) gives the portable kernel's
// bits, values and positions, on candidate rows full of ties and
// near-ties, with every number of open categories.
func TestScoreRowsEqualsPortable(t *testing.T) {
	sets := supportedSets(t)
	ref := portableKernels()
	rng := rand.New(rand.NewPCG(41, 42))
	tabs := &ScoreTables{Sel: make([][yacht.NumPatterns]uint8, 15), Add: make([][yacht.NumPatterns]float64, 15)}
	for trial := 0; trial < 48; trial++ {
		var cand [MaxCategories][CandidateRows]Row
		for i := range cand {
			for s := range cand[i] {
				for l := range cand[i][s] {
					cand[i][s][l] = math.Abs(rowValue(rng, trial))
				}
			}
		}
		for c := range tabs.Sel {
			for w := range tabs.Sel[c] {
				tabs.Sel[c][w] = uint8(rng.IntN(CandidateRows))
				tabs.Add[c][w] = [...]float64{math.Copysign(0, -1), 0, 1, 3}[rng.IntN(4)]
				if trial%4 == 2 {
					tabs.Add[c][w] = float64(rng.IntN(3)) * testTol * 0.7
				}
			}
		}
		cats := make([]uint8, 1+trial%MaxCategories)
		for i := range cats {
			cats[i] = uint8(rng.IntN(len(tabs.Sel)))
		}
		var wantScratch [MaxCategories]Row
		var want [yacht.NumPatterns]Row
		var wantIdx [yacht.NumPatterns][Width]int32
		ref.scoreRows(&cand, cats, tabs, &wantScratch, &want, &wantIdx, testTol)
		for _, s := range sets {
			var scratch [MaxCategories]Row
			var got [yacht.NumPatterns]Row
			var idx [yacht.NumPatterns][Width]int32
			s.scoreRows(&cand, cats, tabs, &scratch, &got, &idx, testTol)
			if !sameBits(got[:], want[:]) || idx != wantIdx || !sameBits(scratch[:], wantScratch[:]) {
				t.Fatalf("trial %d (%d categories): %s ScoreRows differs from the portable kernel", trial, len(cats), s.name)
			}
		}
	}
	for _, s := range sets {
		var cand [MaxCategories][CandidateRows]Row
		var scratch [MaxCategories]Row
		var e3 [yacht.NumPatterns]Row
		var idx [yacht.NumPatterns][Width]int32
		for _, cats := range [][]uint8{nil, {15}, make([]uint8, MaxCategories+1)} {
			if !panics(func() { s.scoreRows(&cand, cats, tabs, &scratch, &e3, &idx, testTol) }) {
				t.Errorf("%s ScoreRows accepted categories %v of %d", s.name, cats, len(tabs.Sel))
			}
		}
	}
}
