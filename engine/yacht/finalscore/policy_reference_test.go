package finalscore

import (
	"cmp"
	"math"
	"slices"

	"github.com/alea-bot/alea/engine/yacht"
)

// The policy of one state at a time, as the distribution computed it before
// the batch policy (policy_lanes.go): the reference the batch policy is
// checked against state by state (TestTurnBatchEqualsPlayTurn). Every
// decision is written out plainly here, with the tie rule of TieTolerance.

// turnScratch holds one worker's buffers for turnPolicy.
type turnScratch struct {
	e3    [yacht.NumPatterns]float64
	score [yacht.NumPatterns]yacht.Scoring // the category chosen after the last roll
	k2    [yacht.NumKeeps]float64
	k1    [yacht.NumKeeps]float64
	mv    [yacht.NumKeeps]float64
	arg   [yacht.NumKeeps]int16
	argv  [yacht.NumKeeps]float64 // kv[arg[k]]
	// keep1, keep2: the keep chosen after roll 1 and 2, -1 to score now.
	keep1, keep2 [yacht.NumPatterns]int16
	mass         [yacht.NumKeeps]float64
	p3           [yacht.NumPatterns]float64
	opts         []yacht.Scoring
	// cat and gain: the category of sc.score and what it adds.
	cat  [yacht.NumPatterns]uint8
	gain [yacht.NumPatterns]int16
	// vals[i][w]: the value of scoring pattern w in the i-th open category.
	vals   [16][yacht.NumPatterns]float64
	best   [yacht.NumPatterns]float64
	chosen [yacht.NumPatterns]int8
	// upperGain[c][k]: what upper category c adds with k dice of its face.
	upperGain [16][yacht.NumDice + 1]int16
	// slot[c][gain] is 1 + the index of that outcome in the list being
	// built (out), 0 when absent.
	slot [][]int32
	out  []distOutcome
	// arena holds the ends of the turns of one level, sliced for each
	// state (emptied at every level).
	arena []distOutcome
}

// chooseScorings fills sc.e3, sc.score, sc.cat and sc.gain: for every
// pattern, the best scoring after the last roll (ties to the first category
// in sheet order). The values are laid out one open category at a time, so
// each pass is a plain loop over the patterns.
func (p *turnPolicy) chooseScorings(st yacht.State, sc *turnScratch) {
	r := p.r
	thr := r.BonusThreshold
	var open [16]int
	no := 0
	for c := 0; c < p.n; c++ {
		if st.IsFilled(c) {
			continue
		}
		open[no] = c
		cat := &r.Categories[c]
		row := &sc.vals[no]
		pts := &p.pts[c]
		no++
		switch {
		case cat.Kind == yacht.KindUpper:
			var uv [yacht.NumDice + 1]float64
			for k := 0; k <= yacht.NumDice; k++ {
				pt := k * cat.Face
				o := yacht.Scoring{Category: c, Points: pt}
				if st.Upper < thr && st.Upper+pt >= thr {
					o.UpperBonus = r.BonusPoints
				}
				sc.upperGain[c][k] = int16(o.Gain())
				uv[k] = p.scoringValue(st, o)
			}
			cnt := &p.count[c]
			for w := range row {
				row[w] = uv[cnt[w]&7]
			}
		case cat.Kind == yacht.KindYacht:
			base := p.t.Value(r.Next(st, yacht.Scoring{Category: c}))
			withPoints := p.t.Value(r.Next(st, yacht.Scoring{Category: c, Points: cat.Points}))
			for w := range row {
				if pts[w] > 0 {
					row[w] = float64(pts[w]) + withPoints
				} else {
					row[w] = base
				}
			}
		default:
			base := p.t.Value(r.Next(st, yacht.Scoring{Category: c}))
			for w := range row {
				row[w] = float64(pts[w]) + base
			}
		}
	}
	best := &sc.best
	*best = sc.vals[0]
	for i := 1; i < no; i++ {
		row := &sc.vals[i]
		for w, v := range row {
			if v > best[w] {
				best[w] = v
			}
		}
	}
	for w := range best {
		best[w] -= TieTolerance
	}
	chosen := &sc.chosen
	for w := range chosen {
		chosen[w] = -1
	}
	for i := 0; i < no; i++ {
		row := &sc.vals[i]
		for w := range row {
			if chosen[w] < 0 && row[w] >= best[w] {
				chosen[w] = int8(i)
			}
		}
	}
	for w := 0; w < yacht.NumPatterns; w++ {
		i := chosen[w]
		c := open[i]
		pt := int(p.pts[c][w])
		o := yacht.Scoring{Category: c, Points: pt}
		g := int16(pt)
		if r.Categories[c].Kind == yacht.KindUpper {
			g = sc.upperGain[c][p.count[c][w]&7]
			o.UpperBonus = int(g) - pt
		}
		sc.e3[w], sc.score[w], sc.cat[w], sc.gain[w] = sc.vals[i][w], o, uint8(c), g
	}
	if y := r.YachtIndex(); !p.hasJoker || y < 0 || !st.IsFilled(y) {
		return
	}
	var vals [16]float64
	for w := 0; w < yacht.NumPatterns; w++ {
		if !p.special[w] {
			continue
		}
		sc.opts = r.AppendScorings(sc.opts[:0], st, yacht.Pattern(w))
		best := math.Inf(-1)
		for i, o := range sc.opts {
			vals[i] = p.scoringValue(st, o)
			best = max(best, vals[i])
		}
		for i, o := range sc.opts {
			if vals[i] >= best-TieTolerance {
				sc.e3[w], sc.score[w], sc.cat[w], sc.gain[w] = vals[i], o, uint8(o.Category), int16(o.Gain())
				break
			}
		}
	}
}

// averageOneDie fills kv for every keep of fewer than five dice: the mean
// over one more die, which gives the multinomial weights of rolling the
// rest (the recursion of the table's solver, written again here so that
// this file depends only on the dice space).
func averageOneDie(kv *[yacht.NumKeeps]float64) {
	for k := firstPattern - 1; k >= 0; k-- {
		c := &space.Child[k]
		kv[k] = (kv[c[0]] + kv[c[1]] + kv[c[2]] + kv[c[3]] + kv[c[4]] + kv[c[5]]) / 6
	}
}

// chooseKeeps sets choice[w] for every pattern to the best keep by kv (ties
// within TieTolerance as keepBefore), or -1 when scoring now (value now[w])
// is at least as good; best[w] receives the largest value of all. The best
// keep below each keep is found by a running comparison over "the keep
// minus one die", as the table's solver finds the maximum; argv carries the
// value of each keep's best keep, and keepBefore is read from referenceRank.
func (p *turnPolicy) chooseKeeps(kv *[yacht.NumKeeps]float64, now *[yacht.NumPatterns]float64, choice *[yacht.NumPatterns]int16, best *[yacht.NumPatterns]float64, sc *turnScratch) {
	arg, argv, top, rank := &sc.arg, &sc.argv, &sc.mv, &referenceRank
	for k := 0; k < yacht.NumKeeps; k++ {
		a, av, t := int16(k), kv[k], kv[k]
		ra := rank[k]
		subs := &space.Sub[k]
		for _, j := range subs.List[:subs.N] {
			if tj := top[j]; tj > t {
				t = tj
			}
			b, bv := arg[j], argv[j]
			if bv > av+TieTolerance || (bv >= av-TieTolerance && rank[b] < ra) {
				a, av, ra = b, bv, rank[b]
			}
		}
		arg[k], argv[k], top[k] = a, av, t
	}
	for w := 0; w < yacht.NumPatterns; w++ {
		t := max(now[w], top[firstPattern+w])
		best[w] = t
		if now[w] >= t-TieTolerance {
			choice[w] = -1
			continue
		}
		choice[w] = arg[firstPattern+w]
	}
}

// pushOneDie moves the mass on keeps of fewer than five dice to the
// patterns reached by rolling the other dice one at a time.
func pushOneDie(m *[yacht.NumKeeps]float64) {
	for k := 0; k < firstPattern; k++ {
		x := m[k]
		if x == 0 {
			continue
		}
		x /= 6
		m[k] = 0
		for _, c := range space.Child[k] {
			m[c] += x
		}
	}
}

// playTurn computes the policy for state st and leaves in sc.p3 the
// probability of each pattern being scored at the end of the turn (by the
// category in sc.score).
func (p *turnPolicy) playTurn(st yacht.State, sc *turnScratch) {
	p.chooseScorings(st, sc)
	// Roll 2: keep values Ẽ'2 from Ẽ3; roll 1: Ẽ'1 from Ẽ2.
	copy(sc.k2[firstPattern:], sc.e3[:])
	averageOneDie(&sc.k2)
	var e2 [yacht.NumPatterns]float64
	p.chooseKeeps(&sc.k2, &sc.e3, &sc.keep2, &e2, sc)
	copy(sc.k1[firstPattern:], e2[:])
	averageOneDie(&sc.k1)
	var e1 [yacht.NumPatterns]float64
	p.chooseKeeps(&sc.k1, &sc.e3, &sc.keep1, &e1, sc)

	sc.p3 = [yacht.NumPatterns]float64{}
	sc.mass = [yacht.NumKeeps]float64{}
	for w := 0; w < yacht.NumPatterns; w++ {
		if k := sc.keep1[w]; k < 0 {
			sc.p3[w] += space.Prob[w]
		} else {
			sc.mass[k] += space.Prob[w]
		}
	}
	pushOneDie(&sc.mass)
	var p2 [yacht.NumPatterns]float64
	copy(p2[:], sc.mass[firstPattern:])
	sc.mass = [yacht.NumKeeps]float64{}
	for w := 0; w < yacht.NumPatterns; w++ {
		if p2[w] == 0 {
			continue
		}
		if k := sc.keep2[w]; k < 0 {
			sc.p3[w] += p2[w]
		} else {
			sc.mass[k] += p2[w]
		}
	}
	pushOneDie(&sc.mass)
	for w := 0; w < yacht.NumPatterns; w++ {
		sc.p3[w] += sc.mass[firstPattern+w]
	}
}

// outcomes works out the turn from ds.st and lists in ds.out every way it
// ends (state after it, points gained) with its probability, by category
// in sheet order, each category's in the order they first appear (the
// endings that reach one state all fill one category, so they lie among
// its endings).
func (p *turnPolicy) outcomes(ds *distState, sc *turnScratch) {
	p.playTurn(ds.st, sc)
	if sc.slot == nil {
		sc.slot = make([][]int32, p.n)
		for c := range sc.slot {
			sc.slot[c] = make([]int32, p.maxGain[c]+1)
		}
	}
	buf := sc.out[:0]
	ds.yacht = 0
	um := p.classes.upperMask(ds.st)
	for w := 0; w < yacht.NumPatterns; w++ {
		pr := sc.p3[w]
		if pr == 0 {
			continue
		}
		c, g := sc.cat[w], sc.gain[w]
		if p.r.Categories[c].Kind == yacht.KindYacht && sc.score[w].Points > 0 {
			ds.yacht += pr
		}
		slot := &sc.slot[c][g]
		if *slot == 0 {
			ns := p.r.Next(ds.st, sc.score[w])
			nm := um
			if j := p.classes.bit[c]; j >= 0 {
				nm |= 1 << j
			}
			buf = append(buf, distOutcome{to: p.classes.keyOf(p.r, ns, nm), gain: g, cat: c, upper: uint8(min(ns.Upper, p.r.BonusThreshold))})
			*slot = int32(len(buf))
		}
		buf[*slot-1].p += pr
	}
	// By category, in sheet order, each category's endings in the order
	// they first appear.
	slices.SortStableFunc(buf, func(a, b distOutcome) int { return cmp.Compare(a.cat, b.cat) })
	if cap(sc.arena)-len(sc.arena) < len(buf) {
		sc.arena = make([]distOutcome, 0, max(1<<14, len(buf)))
	}
	start := len(sc.arena)
	sc.arena = append(sc.arena, buf...)
	ds.out = sc.arena[start:len(sc.arena):len(sc.arena)]
	sc.out = buf
	for i := range buf {
		sc.slot[buf[i].cat][buf[i].gain] = 0
	}
}

// referenceRank orders the keeps as keepBefore does: referenceRank[a] <
// referenceRank[b] when a comes first.
var referenceRank = func() (rank [yacht.NumKeeps]int16) {
	for k := range rank {
		rank[k] = int16(int(space.Size[k])*yacht.NumKeeps + k)
	}
	return rank
}()
