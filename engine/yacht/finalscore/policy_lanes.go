package finalscore

import (
	"cmp"
	"math"
	"math/bits"
	"slices"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/lanes"
)

// The policy of up to lanes.Width states at once, most batches of one
// category set (the left-overs of several sets share a batch, their
// scorings chosen in one comparison of the categories open in any of
// them). The states of a category set differ only in their upper totals and the
// Yacht-bonus flag: they share the patterns, the keeps and their
// transitions, so every step of the one-state policy (playTurn, the
// reference in policy_reference_test.go) runs over a row of lanes (one per
// state) instead of once per state, as the strategy's solver does. Each lane
// performs exactly the floating-point operations the reference performs for
// its state, in the same order, and carries the same tie rule, so the
// decisions and probabilities are the reference's bit for bit;
// TestTurnBatchEqualsPlayTurn checks it state by state.

// maxCategories bounds the categories of a rule set (Rules.Validate).
const maxCategories = lanes.MaxCategories

// turnBatch holds one worker's buffers for the policy of a batch of states.
type turnBatch struct {
	*turnRows
	opts []yacht.Scoring
	// arena holds the endings of the turns of one level (emptied at every
	// level, its memory kept): one of arenas, used turn about, since a
	// level's endings are read while the next level's are listed.
	arena  *outcomeArena
	arenas [2]outcomeArena
	// ends holds each lane's endings while outcomesLanes lists them.
	ends *laneEnds
}

// laneEnds holds the endings of the turns of a batch's lanes while
// outcomesLanes lists them.
type laneEnds struct {
	// sum[(endings.Base[c]+gain)*lanes.Width + l] is the probability of lane
	// l's ending scoring category c with that gain, 0 while it has none
	// (every ending's probability is positive); the lanes of one ending
	// share a line, as the lanes mostly end alike.
	sum []float64
	// at[l][i] is the place in sum of lane l's i-th ending; cat, gain and
	// pts describe it; n[l] is how many lane l has (a turn has at most
	// one ending per pattern).
	at        [lanes.Width][yacht.NumPatterns]int32
	cat       [lanes.Width][yacht.NumPatterns]uint8
	gain, pts [lanes.Width][yacht.NumPatterns]int16
	n         [lanes.Width]int
	yacht     lanes.Row
	// fresh[w] marks the lanes whose pattern w is the first to end so.
	fresh [yacht.NumPatterns]uint8
}

// turnRows holds a turnBatch's rows and tables, which hold no pointers,
// on 64-byte lines (lanes.Aligned): the kernels' full-row loads and stores
// then never straddle two lines.
type turnRows struct {
	// The rows come first: each array of them is a whole number of
	// 64-byte lines, so every row starts on one.

	// e3[w] is, per state, the value of pattern w after the last roll (the
	// best scoring); cat, points and gain describe that scoring.
	e3 [yacht.NumPatterns]lanes.Row
	// kv[k] is the value of keep k; lanes.ChooseKeeps overwrites it with
	// the value of keep k's best keep, top[k] with the largest value below
	// k and rank[k] with the index of k's best keep. The keeps are indexed
	// by size first, so the order of their indices is turnPolicy.rank's
	// (TestTurnBatchRankIsIndex).
	kv   [yacht.NumKeeps]lanes.Row
	top  [yacht.NumKeeps]lanes.Row
	rank [yacht.NumKeeps]lanes.Row
	e2   [yacht.NumPatterns]lanes.Row
	e1   [yacht.NumPatterns]lanes.Row
	// mass[k] is the probability of keeping k; mass[NumKeeps+w] that of
	// scoring pattern w (p3 at the end).
	mass [yacht.NumKeeps + yacht.NumPatterns]lanes.Row
	p3   [yacht.NumPatterns]lanes.Row
	// The values of scoring in each category open in some lane (in sheet
	// order; −∞ in a lane whose set has it filled), cand[i]: for an upper
	// one by the count of its face (rows 0 to NumDice, with the gain in
	// ug), else the next state's value without points (row candBase) and,
	// for a Yacht box, with them (row candWithPoints). scoreIdx[w] is, per
	// lane, the position among the open categories of the one pattern w
	// scores in.
	cand [maxCategories][lanes.CandidateRows]lanes.Row
	vals [maxCategories]lanes.Row

	cat    [yacht.NumPatterns][lanes.Width]uint8
	points [yacht.NumPatterns][lanes.Width]int16
	gain   [yacht.NumPatterns][lanes.Width]int16
	// keep1, keep2: the keep chosen after roll 1 and 2, -1 to score now.
	keep1, keep2 [yacht.NumPatterns][lanes.Width]int32
	ug           lanes.UpperGains
	scoreIdx     [yacht.NumPatterns][lanes.Width]int32
	sts          [lanes.Width]yacht.State
	n            int // states in use; the other lanes repeat the last one
}

// outcomeArena hands out room for the endings of one turn at a time from
// chunks it keeps from level to level.
type outcomeArena struct {
	chunks [][]distOutcome
	cur    int // the chunk in use
}

// next returns an empty slice with room for the endings of one turn.
func (a *outcomeArena) next() []distOutcome {
	for a.cur < len(a.chunks) {
		c := a.chunks[a.cur]
		if cap(c)-len(c) >= yacht.NumPatterns {
			return c[len(c):]
		}
		a.cur++
	}
	a.chunks = append(a.chunks, make([]distOutcome, 0, 1<<14))
	return a.chunks[a.cur][:0]
}

// take marks the first n entries of the slice next returned as used.
func (a *outcomeArena) take(n int) {
	c := a.chunks[a.cur]
	a.chunks[a.cur] = c[:len(c)+n]
}

// reset frees every chunk for reuse.
func (a *outcomeArena) reset() {
	for i := range a.chunks {
		a.chunks[i] = a.chunks[i][:0]
	}
	a.cur = 0
}

func newTurnBatch() *turnBatch {
	b := &turnBatch{turnRows: lanes.Aligned[turnRows](), opts: make([]yacht.Scoring, 0, 32)}
	b.arena = &b.arenas[0]
	return b
}

// load sets the batch's states (1 to lanes.Width, those of each category
// set next to each other).
func (b *turnBatch) load(sts []yacht.State) {
	b.n = copy(b.sts[:], sts)
	for i := b.n; i < lanes.Width; i++ {
		b.sts[i] = b.sts[b.n-1]
	}
}

// openCat describes one open category for chooseScoringsLanes.
type openCat struct {
	c    int
	kind yacht.Kind
}

// chooseScoringsLanes is chooseScorings for every state of the batch, in
// one comparison of the categories open in any of its states (a batch may
// hold the left-overs of several category sets, each set's states next to
// each other). A category a lane's set has filled offers −∞ there: never
// within the tolerance of that lane's best, so every lane gets the bits a
// batch of its own set gets.
func (p *turnPolicy) chooseScoringsLanes(b *turnBatch) {
	r := p.r
	thr := r.BonusThreshold
	var open [maxCategories]openCat
	no := 0
	var union uint32 // the categories open in some lane
	for l := 0; l < b.n; l++ {
		union |= ^b.sts[l].Filled
	}
	inf := math.Inf(-1)
	for c := 0; c < p.n; c++ {
		if union&(1<<uint(c)) == 0 {
			continue
		}
		cat := &r.Categories[c]
		open[no] = openCat{c: c, kind: cat.Kind}
		i := no
		no++
		for l := 0; l < lanes.Width; l++ {
			if l >= b.n { // an unused lane: the last state again
				m := b.n - 1
				for k := range b.ug.G[i] {
					b.ug.G[i][k][l] = b.ug.G[i][k][m]
				}
				for k := range b.cand[i] {
					b.cand[i][k][l] = b.cand[i][k][m]
				}
				continue
			}
			st := b.sts[l]
			filled := st.Filled&(1<<uint(c)) != 0
			switch {
			case cat.Kind == yacht.KindUpper && filled:
				for k := 0; k <= yacht.NumDice; k++ {
					b.cand[i][k][l] = inf
				}
			case cat.Kind == yacht.KindUpper:
				// scoringValue of k dice of the face, written out: the
				// gain is the points and the bonus they may complete.
				next := st
				next.Filled |= 1 << uint(c)
				for k := 0; k <= yacht.NumDice; k++ {
					pt := k * cat.Face
					bonus := 0
					if st.Upper < thr && st.Upper+pt >= thr {
						bonus = r.BonusPoints
					}
					next.Upper = st.Upper + pt
					b.ug.G[i][k][l] = int16(pt + bonus)
					b.cand[i][k][l] = float64(pt+bonus) + p.t.Value(next)
				}
			case filled:
				b.cand[i][candBase][l], b.cand[i][candWithPoints][l] = inf, inf
			case cat.Kind == yacht.KindYacht:
				b.cand[i][candBase][l] = p.t.Value(r.Next(st, yacht.Scoring{Category: c}))
				b.cand[i][candWithPoints][l] = p.t.Value(r.Next(st, yacht.Scoring{Category: c, Points: cat.Points}))
			default:
				b.cand[i][candBase][l] = p.t.Value(r.Next(st, yacht.Scoring{Category: c}))
			}
		}
	}
	scoreRows(p, b, &open, no)
	y := r.YachtIndex()
	if !p.hasJoker || y < 0 {
		return
	}
	var sv [16]float64
	for l := 0; l < lanes.Width; l++ {
		st := b.sts[l]
		if !st.IsFilled(y) {
			continue
		}
		for w := 0; w < yacht.NumPatterns; w++ {
			if !p.special[w] {
				continue
			}
			b.opts = r.AppendScorings(b.opts[:0], st, yacht.Pattern(w))
			best := math.Inf(-1)
			for i, o := range b.opts {
				sv[i] = p.scoringValue(st, o)
				best = max(best, sv[i])
			}
			for i, o := range b.opts {
				if sv[i] >= best-TieTolerance {
					b.e3[w][l], b.cat[w][l], b.points[w][l], b.gain[w][l] = sv[i], uint8(o.Category), int16(o.Points), int16(o.Gain())
					break
				}
			}
		}
	}
}

// playTurnLanes is playTurn for every state of the batch: it leaves in
// b.p3 the probability of each pattern being scored at the end of the
// turn (by the category in b.cat).
func (p *turnPolicy) playTurnLanes(b *turnBatch) {
	p.chooseScoringsLanes(b)
	copy(b.kv[firstPattern:], b.e3[:])
	lanes.AverageOneDie(&b.kv)
	lanes.ChooseKeeps(&b.kv, &b.top, &b.rank, &b.e3, &b.keep2, &b.e2, TieTolerance)
	copy(b.kv[firstPattern:], b.e2[:])
	lanes.AverageOneDie(&b.kv)
	lanes.ChooseKeeps(&b.kv, &b.top, &b.rank, &b.e3, &b.keep1, &b.e1, TieTolerance)

	// The probabilities, as playTurn moves them; adding zero changes
	// nothing, so no lane skips empty keeps.
	b.mass = [yacht.NumKeeps + yacht.NumPatterns]lanes.Row{}
	lanes.PushChoices(b.mass[:], &b.keep1, &p.rollOdds)
	lanes.PushOneDie((*[yacht.NumKeeps]lanes.Row)(b.mass[:yacht.NumKeeps]))
	var p2 [yacht.NumPatterns]lanes.Row
	copy(p2[:], b.mass[firstPattern:yacht.NumKeeps])
	clear(b.mass[:yacht.NumKeeps])
	lanes.PushChoices(b.mass[:], &b.keep2, &p2)
	lanes.PushOneDie((*[yacht.NumKeeps]lanes.Row)(b.mass[:yacht.NumKeeps]))
	lanes.AddRows(b.p3[:], b.mass[yacht.NumKeeps:], b.mass[firstPattern:yacht.NumKeeps])
}

// outcomesLanes is outcomes for the states of a batch whose turn
// playTurnLanes has worked out, ds[l] for lane l (the first b.n lanes):
// each ending's probability is summed in pattern order, as outcomes sums
// it, and each lane's endings are listed as outcomes lists them: by
// category, each category's in the order they first appear.
// The lanes are walked together, pattern by pattern, so that one lane's
// sums do not wait on one another.
func (p *turnPolicy) outcomesLanes(ds *[lanes.Width]*distState, b *turnBatch) {
	e := b.ends
	if e == nil {
		e = &laneEnds{sum: make([]float64, lanes.Width*p.endings.Slots)}
		b.ends = e
	}
	n := b.n
	lanes.SumEndings(&b.p3, &b.cat, &b.gain, &b.points, &p.endings, n, e.sum, &e.yacht, &e.fresh)
	// Each lane's endings, in the order they first appear.
	for w := 0; w < yacht.NumPatterns; w++ {
		for f := e.fresh[w]; f != 0; f &= f - 1 {
			l := bits.TrailingZeros8(f)
			c, g := b.cat[w][l], b.gain[w][l]
			i := e.n[l]
			e.at[l][i], e.cat[l][i], e.gain[l][i], e.pts[l][i] = int32((int(p.endings.Base[c])+int(g))*lanes.Width+l), c, g, b.points[w][l]
			e.n[l] = i + 1
		}
	}
	for l := 0; l < n; l++ {
		d := ds[l]
		d.yacht, e.yacht[l] = e.yacht[l], 0
		um := p.classes.upperMask(d.st)
		// The endings go straight into the arena, set field by field: a
		// struct built aside and copied whole would be read back wider
		// than it was written, which stalls.
		// The endings are listed by category, in sheet order, each
		// category's in the order they first appear: those that reach
		// one state, which all fill one category, then lie close
		// together for the sums (a counting sort: start[c] is where
		// category c's next ending goes).
		buf := b.arena.next()[:e.n[l]]
		var start [maxCategories + 1]int
		for _, c := range e.cat[l][:len(buf)] {
			start[c+1]++
		}
		for c := 1; c < p.n; c++ {
			start[c] += start[c-1]
		}
		for i := range buf {
			c, g := e.cat[l][i], e.gain[l][i]
			ns := p.r.Next(d.st, yacht.Scoring{Category: int(c), Points: int(e.pts[l][i])})
			nm := um
			if j := p.classes.bit[c]; j >= 0 {
				nm |= 1 << j
			}
			s := &e.sum[e.at[l][i]]
			o := &buf[start[c]]
			start[c]++
			o.to, o.gain, o.cat = p.classes.keyOf(p.r, ns, nm), g, c
			o.upper, o.p = uint8(min(ns.Upper, p.r.BonusThreshold)), *s
			*s = 0
		}
		e.n[l] = 0
		b.arena.take(len(buf))
		d.out = buf[:len(buf):len(buf)]
	}
}

// stateBatches splits a level's states into batches of at most lanes.Width
// states, those of each category set next to each other: batch j is
// order[starts[j]:starts[j+1]]. rest is scratch space kept for the next
// level.
type stateBatches struct {
	order  []int32
	starts []int32
	rest   []int32
}

// batchesBySet groups the states of level by category set.
func batchesBySet(level []distState, out stateBatches) stateBatches {
	order := out.order[:0]
	for j := range level {
		order = append(order, int32(j))
	}
	slices.SortStableFunc(order, func(a, b int32) int {
		return cmp.Compare(level[a].st.Filled, level[b].st.Filled)
	})
	starts := out.starts[:0]
	for i := 0; i < len(order); {
		starts = append(starts, int32(i))
		m := level[order[i]].st.Filled
		j := i + 1
		for j < len(order) && j-i < lanes.Width && level[order[j]].st.Filled == m {
			j++
		}
		i = j
	}
	starts = append(starts, int32(len(order)))
	return stateBatches{order: order, starts: starts, rest: out.rest}
}

// outcomesBatch works out the turns of the states level[idx[i]] (those of
// each category set next to each other) together and lists each one's endings, as outcomes does.
func (p *turnPolicy) outcomesBatch(level []distState, idx []int32, b *turnBatch) {
	var sts [lanes.Width]yacht.State
	for i, j := range idx {
		sts[i] = level[j].st
	}
	b.load(sts[:len(idx)])
	p.playTurnLanes(b)
	var ds [lanes.Width]*distState
	for i, j := range idx {
		ds[i] = &level[j]
	}
	p.outcomesLanes(&ds, b)
}

// scoreRows fills b.e3, b.cat, b.points and b.gain from the values of
// the open categories (open[:no], set up by chooseScoringsLanes): for every
// pattern and lane, the best category, the first in sheet order among
// those within TieTolerance of the best (lanes.ScoreRows, with the
// policy's score tables). ScoreRows works every lane out independently of
// the others.
func scoreRows(p *turnPolicy, b *turnBatch, open *[maxCategories]openCat, no int) {
	var cats [maxCategories]uint8
	for i := range no {
		cats[i] = uint8(open[i].c)
	}
	lanes.ScoreRows(&b.cand, cats[:no], &p.score, &b.vals, &b.e3, &b.scoreIdx, TieTolerance)
	lanes.DescribeScorings(&b.scoreIdx, cats[:no], &p.scoring, &b.ug, &b.cat, &b.points, &b.gain)
}

// levelCapacity bounds the number of states of any level after a state
// with categories from filled: the table's classes of the category sets of
// each fill count (the distribution's bonus classes merge them further),
// at the largest.
func (p *turnPolicy) levelCapacity(from uint32) int {
	rest := ^from & (1<<uint(p.n) - 1)
	perFill := make([]int, p.n+1)
	for sub := rest; ; sub = (sub - 1) & rest {
		perFill[bits.OnesCount32(sub)] += p.t.ClassCount(from | sub)
		if sub == 0 {
			break
		}
	}
	return slices.Max(perFill[1:])
}
