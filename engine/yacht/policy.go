package yacht

import "math"

// TieTolerance is how close two expected scores must be to count as a tie
// when the max-expectation policy picks an action: floating-point sums of
// the same exact value can differ in the last bits. Ties are broken as
// Advise lists them: scoring before keeping, categories in sheet order,
// larger keeps first (then the order of the keeps' counts, ones first).
const TieTolerance = 1e-9

// turnPolicy computes, for one state, the decisions of the max-expectation
// policy through a whole turn and the probability of each way the turn ends.
// It reads only Table.Value and the rules, so it follows any table.
type turnPolicy struct {
	t *Table
	r *Rules
	n int
	// pts[c][w] is PointsFor of category c and pattern w.
	pts [][NumPatterns]int16
	// special[w] marks the five-of-a-kind patterns, which may score by the
	// joker or extra-bonus rules.
	special  [NumPatterns]bool
	hasJoker bool
	// maxGain[c] bounds what category c can add to the sheet at once.
	maxGain []int
	classes *bonusClasses
}

func newTurnPolicy(t *Table) *turnPolicy {
	r := t.rules
	p := &turnPolicy{t: t, r: r, n: len(r.Categories), hasJoker: r.ExtraYachtBonus != 0 || r.Joker != NoJoker}
	p.pts = make([][NumPatterns]int16, p.n)
	for c := range r.Categories {
		for w := 0; w < NumPatterns; w++ {
			p.pts[c][w] = int16(r.Categories[c].PointsFor(Pattern(w)))
		}
	}
	for w := 0; w < NumPatterns; w++ {
		p.special[w] = isYacht(Pattern(w))
	}
	p.classes = newBonusClasses(r)
	p.maxGain = make([]int, p.n)
	for c := range r.Categories {
		ps := r.PossibleScores(c)
		p.maxGain[c] = ps[len(ps)-1] + r.BonusPoints + r.ExtraYachtBonus
	}
	return p
}

// turnScratch holds one worker's buffers for turnPolicy.
type turnScratch struct {
	e3    [NumPatterns]float64
	score [NumPatterns]Scoring // the category chosen after the last roll
	k2    [NumKeeps]float64
	k1    [NumKeeps]float64
	mv    [NumKeeps]float64
	arg   [NumKeeps]int16
	// keep1, keep2: the keep chosen after roll 1 and 2, -1 to score now.
	keep1, keep2 [NumPatterns]int16
	mass         [NumKeeps]float64
	p3           [NumPatterns]float64
	opts         []Scoring
	// per open category: the value of each option, by upper count.
	upperGain [16][NumDice + 1]int
	upperVal  [16][NumDice + 1]float64
	lowerVal  [16]float64
	yachtVal  float64 // the Yacht box filled with points (flag set)
	// slot[c][gain] is 1 + the index of that outcome in the list being
	// built (out), 0 when absent.
	slot [][]int32
	out  []distOutcome
}

// scoringValue is Gain plus Ẽ of the next state, exactly as Advise computes
// it.
func (p *turnPolicy) scoringValue(st State, o Scoring) float64 {
	return float64(o.Gain()) + p.t.Value(p.r.Next(st, o))
}

// chooseScorings fills sc.e3 and sc.score: for every pattern, the best
// scoring after the last roll (ties to the first category).
func (p *turnPolicy) chooseScorings(st State, sc *turnScratch) {
	r := p.r
	thr := r.BonusThreshold
	var open [16]int
	no := 0
	for c := 0; c < p.n; c++ {
		if st.IsFilled(c) {
			continue
		}
		open[no] = c
		no++
		cat := &r.Categories[c]
		if cat.Kind == KindUpper {
			for k := 0; k <= NumDice; k++ {
				pt := k * cat.Face
				o := Scoring{Category: c, Points: pt}
				if st.Upper < thr && st.Upper+pt >= thr {
					o.UpperBonus = r.BonusPoints
				}
				sc.upperGain[c][k] = o.Gain()
				sc.upperVal[c][k] = p.scoringValue(st, o)
			}
			continue
		}
		sc.lowerVal[c] = p.t.Value(r.Next(st, Scoring{Category: c}))
		if cat.Kind == KindYacht {
			sc.yachtVal = p.t.Value(r.Next(st, Scoring{Category: c, Points: cat.Points}))
		}
	}
	yachtFilled := false
	if y := r.yachtIndex(); y >= 0 && st.IsFilled(y) {
		yachtFilled = true
	}
	var vals [16]float64
	for w := 0; w < NumPatterns; w++ {
		if p.hasJoker && yachtFilled && p.special[w] {
			sc.opts = r.appendScorings(sc.opts[:0], st, Pattern(w))
			best := math.Inf(-1)
			for i, o := range sc.opts {
				vals[i] = p.scoringValue(st, o)
				best = max(best, vals[i])
			}
			for i, o := range sc.opts {
				if vals[i] >= best-TieTolerance {
					sc.e3[w], sc.score[w] = vals[i], o
					break
				}
			}
			continue
		}
		best := math.Inf(-1)
		for i := 0; i < no; i++ {
			c := open[i]
			pt := int(p.pts[c][w])
			var v float64
			cat := &r.Categories[c]
			switch {
			case cat.Kind == KindUpper:
				k := pt / cat.Face
				v = sc.upperVal[c][k]
			case cat.Kind == KindYacht && pt > 0:
				v = float64(pt) + sc.yachtVal
			default:
				v = float64(pt) + sc.lowerVal[c]
			}
			vals[i] = v
			best = max(best, v)
		}
		for i := 0; i < no; i++ {
			if vals[i] >= best-TieTolerance {
				c := open[i]
				pt := int(p.pts[c][w])
				o := Scoring{Category: c, Points: pt}
				if r.Categories[c].Kind == KindUpper && st.Upper < thr && st.Upper+pt >= thr {
					o.UpperBonus = r.BonusPoints
				}
				sc.e3[w], sc.score[w] = vals[i], o
				break
			}
		}
	}
}

// averageOneDie fills kv for every keep of fewer than five dice: the mean
// over one more die, which gives the multinomial weights of rolling the
// rest (the recursion of the table's solver, written again here so that
// this file depends only on the dice space).
func averageOneDie(kv *[NumKeeps]float64) {
	for k := firstPattern - 1; k >= 0; k-- {
		c := &space.child[k]
		kv[k] = (kv[c[0]] + kv[c[1]] + kv[c[2]] + kv[c[3]] + kv[c[4]] + kv[c[5]]) / 6
	}
}

// keepBefore reports whether keep a comes before keep b among tied keeps:
// larger keeps first, then in the order of the dice space.
func keepBefore(a, b int) bool {
	if space.size[a] != space.size[b] {
		return space.size[a] > space.size[b]
	}
	return a < b
}

// chooseKeeps sets choice[w] for every pattern to the best keep by kv (ties
// within TieTolerance as keepBefore), or -1 when scoring now (value now[w])
// is at least as good; best[w] receives the largest value of all. The best
// keep below each keep is found by a running comparison over "the keep
// minus one die", as the table's solver finds the maximum.
func chooseKeeps(kv *[NumKeeps]float64, now *[NumPatterns]float64, choice *[NumPatterns]int16, best *[NumPatterns]float64, arg *[NumKeeps]int16, top *[NumKeeps]float64) {
	for k := 0; k < NumKeeps; k++ {
		a, t := k, kv[k]
		subs := &space.subs[k]
		for _, j := range subs.list[:subs.n] {
			t = max(t, top[j])
			b := int(arg[j])
			if kv[b] > kv[a]+TieTolerance || (kv[b] >= kv[a]-TieTolerance && keepBefore(b, a)) {
				a = b
			}
		}
		arg[k], top[k] = int16(a), t
	}
	for w := 0; w < NumPatterns; w++ {
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
func pushOneDie(m *[NumKeeps]float64) {
	for k := 0; k < firstPattern; k++ {
		x := m[k]
		if x == 0 {
			continue
		}
		x /= 6
		m[k] = 0
		for _, c := range space.child[k] {
			m[c] += x
		}
	}
}

// playTurn computes the policy for state st and leaves in sc.p3 the
// probability of each pattern being scored at the end of the turn (by the
// category in sc.score).
func (p *turnPolicy) playTurn(st State, sc *turnScratch) {
	p.chooseScorings(st, sc)
	// Roll 2: keep values Ẽ'2 from Ẽ3; roll 1: Ẽ'1 from Ẽ2.
	copy(sc.k2[firstPattern:], sc.e3[:])
	averageOneDie(&sc.k2)
	var e2 [NumPatterns]float64
	chooseKeeps(&sc.k2, &sc.e3, &sc.keep2, &e2, &sc.arg, &sc.mv)
	copy(sc.k1[firstPattern:], e2[:])
	averageOneDie(&sc.k1)
	var e1 [NumPatterns]float64
	chooseKeeps(&sc.k1, &sc.e3, &sc.keep1, &e1, &sc.arg, &sc.mv)

	sc.p3 = [NumPatterns]float64{}
	sc.mass = [NumKeeps]float64{}
	for w := 0; w < NumPatterns; w++ {
		if k := sc.keep1[w]; k < 0 {
			sc.p3[w] += space.prob[w]
		} else {
			sc.mass[k] += space.prob[w]
		}
	}
	pushOneDie(&sc.mass)
	var p2 [NumPatterns]float64
	copy(p2[:], sc.mass[firstPattern:])
	sc.mass = [NumKeeps]float64{}
	for w := 0; w < NumPatterns; w++ {
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
	for w := 0; w < NumPatterns; w++ {
		sc.p3[w] += sc.mass[firstPattern+w]
	}
}
