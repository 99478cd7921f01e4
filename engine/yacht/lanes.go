package yacht

import (
	"math"
	"math/bits"
	"unsafe"
)

// laneWidth is how many classes of one category set the solver evaluates
// together. The classes of a category set (its reachable upper totals, and
// the Yacht-bonus flag) share the dice: the same 252 patterns, 462 keeps and
// transitions, and differ only in the values they read from the next states
// and in the upper bonus. So every step of the turn's recurrences runs over
// a short vector of classes, and each transition is read once per vector
// instead of once per class; laneWidth vectors of every keep fit in the
// first-level cache.
const laneWidth = 8

// lanes holds one value per class of a batch.
type lanes [laneWidth]float64

// batch is one worker's buffers for solving the classes of a category set
// laneWidth at a time; the inner loops never allocate.
type batch struct {
	// kv[k] is, per class, the value of keep k; the last NumPatterns keeps
	// (the patterns) start as Ẽ3.
	kv [NumKeeps]lanes
	// upper[j][n] is the value of scoring n dice of upper category j's face
	// (points, bonus and the next state); lower[i] the value of the next state
	// after lower category i.
	upper [6][NumDice + 1]lanes
	lower [maxCategories]lanes
	// withFlag is the next state's value after a Yacht scored in the Yacht
	// box, for rules with the Yacht-bonus flag.
	withFlag lanes
	// points[k] is, per class, the value of scoring the k-th point value of
	// a lower category (solver.pointValues) and then the next state.
	points  []lanes
	classes []State
	// solve and same split classes into those computed and those equal to
	// the class below them.
	solve, same []State
	opts        []Scoring
}

// maxCategories bounds the categories of a rule set (see Rules.Validate).
const maxCategories = 16

func newBatch() *batch { return &batch{opts: make([]Scoring, 0, 32)} }

// solveClasses computes Ẽ for the classes of category set m (listed by
// appendClasses) into ev. Classes with the same bonus key and flag have the
// same value (see bonusKey): one of each is computed, laneWidth at a time
// (a partial last batch repeats its last class in the unused lanes), and
// the others copy it.
func (s *solver) solveClasses(ev []float64, m uint32, classes []State, b *batch) {
	b.solve, b.same = s.splitByKey(m, classes, b.solve[:0], b.same[:0])
	var sts [laneWidth]State
	for c := 0; c < len(b.solve); c += laneWidth {
		n := copy(sts[:], b.solve[c:])
		for i := n; i < laneWidth; i++ {
			sts[i] = sts[n-1]
		}
		s.fillE3Lanes(ev, m, &sts, b)
		out := rollBackBatch(&b.kv)
		for i := 0; i < n; i++ {
			ev[s.stateIndex(sts[i])] = out[i]
		}
	}
	// Classes come in ascending upper totals, and equal keys are runs, so
	// the class just below has the same value.
	reach := s.reachable(m)
	for _, st := range b.same {
		below := st
		below.Upper = 63 - bits.LeadingZeros64(reach&(1<<uint(st.Upper)-1))
		ev[s.stateIndex(st)] = ev[s.stateIndex(below)]
	}
}

// splitByKey appends to solve the first class of each run with the same
// bonus key and flag, and to same the others.
func (s *solver) splitByKey(m uint32, classes, solve, same []State) ([]State, []State) {
	rest := &s.rest[s.upperMask(m)]
	lastKey := [2]int{-1, -1}
	for _, st := range classes {
		fl := 0
		if st.YachtBonus {
			fl = 1
		}
		key := s.bonusKey(rest, st.Upper)
		if key == lastKey[fl] {
			same = append(same, st)
			continue
		}
		lastKey[fl] = key
		solve = append(solve, st)
	}
	return solve, same
}

// fillE3Lanes is fillE3 for a batch of classes of category set m: kv's
// patterns get Ẽ3(s, ω), the best over open categories of the points, the
// bonus and the next state's value. Every category scoring 0 for a pattern
// is worth just the next state's value, so the best of those (zero) is where
// every pattern starts, and each category then visits only the patterns it
// scores points for.
func (s *solver) fillE3Lanes(ev []float64, m uint32, sts *[laneWidth]State, b *batch) {
	var zero lanes
	first := true
	take := func(v *lanes) {
		if first {
			zero, first = *v, false
			return
		}
		maxLanes(&zero, v)
	}
	for j, ci := range s.upperCats {
		if m&(1<<uint(ci)) != 0 {
			continue
		}
		next := m | 1<<uint(ci)
		f := s.face[ci]
		for n := 0; n <= NumDice; n++ {
			p := n * f
			v := &b.upper[j][n]
			for i := range v {
				u := min(sts[i].Upper, s.threshold)
				x := float64(p)
				if u < s.threshold && u+p >= s.threshold {
					x += float64(s.bonus)
				}
				v[i] = x + ev[s.index(next, u+p, sts[i].YachtBonus)]
			}
		}
		take(&b.upper[j][0])
	}
	for _, ci := range s.lowerCats {
		if m&(1<<uint(ci)) != 0 {
			continue
		}
		next := m | 1<<uint(ci)
		v := &b.lower[ci]
		for i := range v {
			v[i] = ev[s.index(next, sts[i].Upper, sts[i].YachtBonus)]
		}
		if ci == s.yacht && s.flagBits != 0 {
			for i := range v {
				b.withFlag[i] = ev[s.index(next, sts[i].Upper, true)]
			}
		}
		take(v)
	}
	e3 := (*[NumPatterns]lanes)(b.kv[firstPattern:])
	for w := range e3 {
		e3[w] = zero
	}
	for j, ci := range s.upperCats {
		if m&(1<<uint(ci)) != 0 {
			continue
		}
		maxIndexedBatch(e3, b.upper[j][:], &s.faceCount[s.face[ci]-1], s.scoring[ci])
	}
	for _, ci := range s.lowerCats {
		if m&(1<<uint(ci)) != 0 {
			continue
		}
		next := &b.lower[ci]
		if ci == s.yacht && s.flagBits != 0 {
			next = &b.withFlag
		}
		// The category's few point values, each plus the next state, then
		// the best per pattern by index (the same sums as pts[w] + next).
		vals := s.pointValues[ci]
		if cap(b.points) < len(vals) {
			b.points = make([]lanes, len(vals))
		}
		points := b.points[:len(vals)]
		for k, p := range vals {
			x, v := float64(p), &points[k]
			for i := range v {
				v[i] = x + next[i]
			}
		}
		maxIndexedBatch(e3, points, &s.pointIndex[ci], s.scoring[ci])
	}
	if s.special && s.yacht >= 0 && m&(1<<uint(s.yacht)) != 0 {
		s.fillYachtsLanes(ev, m, sts, b)
	}
}

// fillYachtsLanes sets Ẽ3 of the six five-of-a-kind patterns when the Yacht
// box is filled and the rules give them jokers or extra bonuses, by the
// rules' own list of scorings. The list depends on the class only through
// the flag and, for an upper box, whether it completes the bonus: it is made
// once per flag and face, and the bonus added per class.
func (s *solver) fillYachtsLanes(ev []float64, m uint32, sts *[laneWidth]State, b *batch) {
	e3 := (*[NumPatterns]lanes)(b.kv[firstPattern:])
	for fl := 0; fl < 2; fl++ {
		flag := fl == 1
		used := false
		for i := range sts {
			used = used || sts[i].YachtBonus == flag
		}
		if !used {
			continue
		}
		for f := 0; f < 6; f++ {
			w := s.yachtPattern[f]
			b.opts = s.r.appendScorings(b.opts[:0], State{Filled: m, YachtBonus: flag}, Pattern(w))
			for i := range sts {
				st := sts[i]
				if st.YachtBonus != flag {
					continue
				}
				best := math.Inf(-1)
				for _, o := range b.opts {
					o.UpperBonus = 0
					if s.face[o.Category] != 0 && st.Upper < s.threshold && st.Upper+o.Points >= s.threshold {
						o.UpperBonus = s.bonus
					}
					best = max(best, float64(o.Gain())+ev[s.stateIndex(s.r.Next(st, o))])
				}
				e3[w][i] = best
			}
		}
	}
}

// maxNonNegative is max(a, b) for a, b ≥ 0 (not NaN): the IEEE 754 bits of
// non-negative doubles order like the unsigned integers they spell, and the
// integer maximum compiles to a compare and a conditional move where the
// floating-point max must also order NaNs and signed zeros. Every value the
// solver compares is a non-negative expected score.
func maxNonNegative(a, b float64) float64 {
	return math.Float64frombits(max(math.Float64bits(a), math.Float64bits(b)))
}

// maxLanes sets d = max(d, a) lane by lane (non-negative values).
func maxLanes(d, a *lanes) {
	for i := range d {
		d[i] = maxNonNegative(d[i], a[i])
	}
}

// maxIndexedLanes sets e3[w] = max(e3[w], vals[idx[w]]) for the patterns w
// of list: scoring a category whose value for pattern w is vals[idx[w]]
// (for an upper category, idx counts the dice of its face).
func maxIndexedLanes(e3 *[NumPatterns]lanes, vals []lanes, idx *[NumPatterns]uint8, list []uint8) {
	// The maxima compare the values' bits as integers (see maxNonNegative).
	e3b := (*[NumPatterns][laneWidth]uint64)(unsafe.Pointer(e3))
	valsB := unsafe.Slice((*[laneWidth]uint64)(unsafe.Pointer(unsafe.SliceData(vals))), len(vals))
	for _, w := range list {
		d, a := &e3b[w], &valsB[idx[w]]
		d[0] = max(d[0], a[0])
		d[1] = max(d[1], a[1])
		d[2] = max(d[2], a[2])
		d[3] = max(d[3], a[3])
		d[4] = max(d[4], a[4])
		d[5] = max(d[5], a[5])
		d[6] = max(d[6], a[6])
		d[7] = max(d[7], a[7])
	}
}

// rollBackLanes is rollBack for a batch: from Ẽ3 in kv's patterns it runs
// E2' → E2 → E1' → E1 → Ẽ, one die at a time (see rollBack), and returns Ẽ
// per class. kv is overwritten. It follows keepOrder: rows are found by
// their byte offsets (no index arithmetic or bounds checks), the maxima of
// each size run in groups of equal neighbour count (no branch per keep), and
// the lanes are written out one by one, which the compiler turns into
// straight-line code.
func rollBackLanes(kv *[NumKeeps]lanes) lanes {
	base := unsafe.Pointer(kv)
	row := func(off uint16) *[laneWidth]float64 { return (*[laneWidth]float64)(unsafe.Add(base, off)) }
	bits := func(off uint16) *[laneWidth]uint64 { return (*[laneWidth]uint64)(unsafe.Add(base, off)) }
	for pass := 0; pass < 2; pass++ {
		// Keeps of fewer than five dice: the average over the six faces of
		// the keep with one more die.
		for i := range keepOrder.avg {
			o := &keepOrder.avg[i]
			d := row(o[0])
			a0, a1, a2, a3, a4, a5 := row(o[1]), row(o[2]), row(o[3]), row(o[4]), row(o[5]), row(o[6])
			d[0] = (a0[0] + a1[0] + a2[0] + a3[0] + a4[0] + a5[0]) * sixth
			d[1] = (a0[1] + a1[1] + a2[1] + a3[1] + a4[1] + a5[1]) * sixth
			d[2] = (a0[2] + a1[2] + a2[2] + a3[2] + a4[2] + a5[2]) * sixth
			d[3] = (a0[3] + a1[3] + a2[3] + a3[3] + a4[3] + a5[3]) * sixth
			d[4] = (a0[4] + a1[4] + a2[4] + a3[4] + a4[4] + a5[4]) * sixth
			d[5] = (a0[5] + a1[5] + a2[5] + a3[5] + a4[5] + a5[5]) * sixth
			d[6] = (a0[6] + a1[6] + a2[6] + a3[6] + a4[6] + a5[6]) * sixth
			d[7] = (a0[7] + a1[7] + a2[7] + a3[7] + a4[7] + a5[7]) * sixth
		}
		// Every keep: the best of itself and its keeps with one die less,
		// in place, size by size (smaller keeps come first). The maxima
		// compare the values' bits as integers (see maxNonNegative).
		for _, g := range keepOrder.groups {
			switch g.n {
			case 1:
				for _, o := range keepOrder.max1[g.lo:g.hi] {
					d, a := bits(o[0]), bits(o[1])
					d[0] = max(d[0], a[0])
					d[1] = max(d[1], a[1])
					d[2] = max(d[2], a[2])
					d[3] = max(d[3], a[3])
					d[4] = max(d[4], a[4])
					d[5] = max(d[5], a[5])
					d[6] = max(d[6], a[6])
					d[7] = max(d[7], a[7])
				}
			case 2:
				for _, o := range keepOrder.max2[g.lo:g.hi] {
					d, a, b := bits(o[0]), bits(o[1]), bits(o[2])
					d[0] = max(d[0], a[0], b[0])
					d[1] = max(d[1], a[1], b[1])
					d[2] = max(d[2], a[2], b[2])
					d[3] = max(d[3], a[3], b[3])
					d[4] = max(d[4], a[4], b[4])
					d[5] = max(d[5], a[5], b[5])
					d[6] = max(d[6], a[6], b[6])
					d[7] = max(d[7], a[7], b[7])
				}
			case 3:
				for _, o := range keepOrder.max3[g.lo:g.hi] {
					d, a, b, c := bits(o[0]), bits(o[1]), bits(o[2]), bits(o[3])
					d[0] = max(d[0], a[0], b[0], c[0])
					d[1] = max(d[1], a[1], b[1], c[1])
					d[2] = max(d[2], a[2], b[2], c[2])
					d[3] = max(d[3], a[3], b[3], c[3])
					d[4] = max(d[4], a[4], b[4], c[4])
					d[5] = max(d[5], a[5], b[5], c[5])
					d[6] = max(d[6], a[6], b[6], c[6])
					d[7] = max(d[7], a[7], b[7], c[7])
				}
			case 4:
				for _, o := range keepOrder.max4[g.lo:g.hi] {
					d, a, b, c, e := bits(o[0]), bits(o[1]), bits(o[2]), bits(o[3]), bits(o[4])
					d[0] = max(d[0], a[0], b[0], c[0], e[0])
					d[1] = max(d[1], a[1], b[1], c[1], e[1])
					d[2] = max(d[2], a[2], b[2], c[2], e[2])
					d[3] = max(d[3], a[3], b[3], c[3], e[3])
					d[4] = max(d[4], a[4], b[4], c[4], e[4])
					d[5] = max(d[5], a[5], b[5], c[5], e[5])
					d[6] = max(d[6], a[6], b[6], c[6], e[6])
					d[7] = max(d[7], a[7], b[7], c[7], e[7])
				}
			case 5:
				for _, o := range keepOrder.max5[g.lo:g.hi] {
					d, a, b, c, e, f := bits(o[0]), bits(o[1]), bits(o[2]), bits(o[3]), bits(o[4]), bits(o[5])
					d[0] = max(d[0], a[0], b[0], c[0], e[0], f[0])
					d[1] = max(d[1], a[1], b[1], c[1], e[1], f[1])
					d[2] = max(d[2], a[2], b[2], c[2], e[2], f[2])
					d[3] = max(d[3], a[3], b[3], c[3], e[3], f[3])
					d[4] = max(d[4], a[4], b[4], c[4], e[4], f[4])
					d[5] = max(d[5], a[5], b[5], c[5], e[5], f[5])
					d[6] = max(d[6], a[6], b[6], c[6], e[6], f[6])
					d[7] = max(d[7], a[7], b[7], c[7], e[7], f[7])
				}
			}
		}
	}
	var sum lanes
	for w := range space.prob {
		p, v := space.prob[w], &kv[firstPattern+w]
		sum[0] += p * v[0]
		sum[1] += p * v[1]
		sum[2] += p * v[2]
		sum[3] += p * v[3]
		sum[4] += p * v[4]
		sum[5] += p * v[5]
		sum[6] += p * v[6]
		sum[7] += p * v[7]
	}
	return sum
}

// keepOrder is the order in which the batch kernels run the turn's keep
// recurrences, with every keep named by the byte offset of its row in a
// [NumKeeps]lanes (all below 2^16).
var keepOrder = newKeepOrder()

// keepSteps lists the keep recurrences of rollBackLanes.
type keepSteps struct {
	// avg lists the keeps of fewer than five dice, largest first, each with
	// its six children (one more die of face 1…6).
	avg [firstPattern][7]uint16
	// maxN lists keeps with N sub-keeps (one die less): the keep, then the
	// sub-keeps. groups runs them size by size, smallest first.
	max1   [][2]uint16
	max2   [][3]uint16
	max3   [][4]uint16
	max4   [][5]uint16
	max5   [][6]uint16
	groups []keepGroup
}

// keepGroup is the run maxN[lo:hi] with N = n.
type keepGroup struct{ n, lo, hi int }

func newKeepOrder() *keepSteps {
	const row = uint16(laneWidth * 8)
	var _ = [1]struct{}{}[NumKeeps*laneWidth*8>>16] // offsets fit in 16 bits
	ks := &keepSteps{}
	for i := range ks.avg {
		k := firstPattern - 1 - i
		ks.avg[i][0] = uint16(k) * row
		for f, c := range space.child[k] {
			ks.avg[i][1+f] = uint16(c) * row
		}
	}
	lens := func() [6]int { return [6]int{0, len(ks.max1), len(ks.max2), len(ks.max3), len(ks.max4), len(ks.max5)} }
	for size := 1; size <= NumDice; size++ {
		for n := 1; n <= size; n++ {
			lo := lens()[n]
			for k := 0; k < NumKeeps; k++ {
				sl := &space.subs[k]
				if int(space.size[k]) != size || int(sl.n) != n {
					continue
				}
				var o [6]uint16
				o[0] = uint16(k) * row
				for j, s := range sl.list[:sl.n] {
					o[1+j] = uint16(s) * row
				}
				switch n {
				case 1:
					ks.max1 = append(ks.max1, [2]uint16(o[:2]))
				case 2:
					ks.max2 = append(ks.max2, [3]uint16(o[:3]))
				case 3:
					ks.max3 = append(ks.max3, [4]uint16(o[:4]))
				case 4:
					ks.max4 = append(ks.max4, [5]uint16(o[:5]))
				case 5:
					ks.max5 = append(ks.max5, o)
				}
			}
			if hi := lens()[n]; hi > lo {
				ks.groups = append(ks.groups, keepGroup{n: n, lo: lo, hi: hi})
			}
		}
	}
	return ks
}

// sixth is 1/6, the chance of each face.
const sixth = 1.0 / 6
