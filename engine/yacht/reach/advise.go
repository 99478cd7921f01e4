package reach

import (
	"context"
	"fmt"
	"iter"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sort"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/internal/bonus"
	"github.com/alea-bot/alea/engine/yacht/internal/parallel"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// Action is one legal action with the exact probability that the
// final score reaches the target when every later decision also maximises
// that probability, and its expected final score under the max-expectation
// policy (the embedded Expected), so the cost of the risk can be seen.
type Action struct {
	strategy.Action
	// Reach is the probability of a final score of at least the target.
	Reach float64
}

// Advice is the answer to "which action gives the best chance of
// finishing with at least Target points".
type Advice struct {
	Target int
	// Total is the sheet total now (bonuses included).
	Total int
	// Reach is the best probability of reaching the target: of the best
	// action when dice are given, otherwise from the start of the next turn.
	Reach float64
	// Expected is the expected final score under the max-expectation
	// policy (strategy.Table.Advise's).
	Expected float64
	// Actions lists every legal action (empty without dice), by Reach,
	// ties by Expected, best first.
	Actions []Action
	// Reached: the sheet already holds the target (every Reach is 1).
	Reached bool
	// Unreachable: no sequence of dice reaches the target (every Reach is
	// 0); Best is then the largest final score still possible.
	Unreachable bool
	// Best is the largest final score the sheet can still reach.
	Best int
}

// ErrorKind says why target advice could not be given.
type ErrorKind uint8

const (
	// TooEarly: the computation did not finish within the time
	// allowed (the context ended); Open categories are open.
	TooEarly ErrorKind = iota + 1
	// Negative: the target is below zero.
	Negative
)

// Error is a target the engine could not answer, with the numbers a
// message needs.
type Error struct {
	Kind ErrorKind
	// Open is the number of open categories of the sheet (TooEarly).
	Open int
	// Target is the target asked.
	Target int
	// Err is the context's error (TooEarly).
	Err error
}

// Error describes the problem in English.
func (e *Error) Error() string {
	switch e.Kind {
	case TooEarly:
		return fmt.Sprintf("reach: target %d with %d open categories did not finish in time", e.Target, e.Open)
	case Negative:
		return fmt.Sprintf("reach: target %d is negative", e.Target)
	}
	return "reach: bad target"
}

// Unwrap returns the context's error, if any.
func (e *Error) Unwrap() error { return e.Err }

// MaxFinal returns the largest final score sheet s can still reach (every
// open box at its best, the upper bonus if it can still be earned and, under
// extra-Yacht bonus rules, that bonus on every later turn it could apply).
func MaxFinal(s yacht.Sheet) int {
	return s.Total() + maxFuture(s.Rules, s.State())
}

// maxFuture bounds the points still to come from st; the bound is reached
// by some sequence of dice (five equal dice of the right face each turn,
// or the box's best roll), so a larger target is impossible.
func maxFuture(r *yacht.Rules, st yacht.State) int {
	return maxFutureOf(r, bestScores(r), st)
}

// bestScores lists the largest score of each of r's boxes.
func bestScores(r *yacht.Rules) []int {
	best := make([]int, len(r.Categories))
	for i := range best {
		ps := r.PossibleScores(i)
		best[i] = ps[len(ps)-1]
	}
	return best
}

// maxFutureOf is maxFuture with the boxes' best scores (bestScores)
// given.
func maxFutureOf(r *yacht.Rules, bests []int, st yacht.State) int {
	f, upper := 0, 0
	open := 0
	for i := range r.Categories {
		if st.IsFilled(i) {
			continue
		}
		open++
		best := bests[i]
		f += best
		if r.Categories[i].Kind == yacht.KindUpper {
			upper += best
		}
	}
	if st.Upper < r.BonusThreshold && st.Upper+upper >= r.BonusThreshold {
		f += r.BonusPoints
	}
	if r.ExtraYachtBonus > 0 {
		y := r.YachtIndex()
		switch {
		case y >= 0 && !st.IsFilled(y):
			f += r.ExtraYachtBonus * (open - 1)
		case st.YachtBonus:
			f += r.ExtraYachtBonus * open
		}
	}
	return f
}

// tailTrim is the chance below which the end of a state's vector is
// dropped: every chance is a mean or a maximum of later ones, so the error
// this makes anywhere is below tailTrim times the number of categories
// (under 2e-14).
const tailTrim = 1e-15

// chance is the precision chances are computed in: double, or single for
// the target table (whose chances are kept in single precision).
type chance interface{ float32 | float64 }

// levelOf holds P(at least n more points) for the states of one fill
// count, by their stateKey: vec[n-off-1] for n = off+1..off+len(vec), where
// off is the state's offset (0 unless put with putFrom); n ≤ 0 is
// certain, n > off+len(vec) impossible, and 0 < n ≤ off is not kept (a
// direct target calculation keeps only the needs a state can meet on the
// way to its target). It is indexed without hashing: a table by category
// set points to a block of 128 slots (capped upper total and flag) for
// each set the level holds, so a lookup is three array reads. The zero
// levelOf is empty.
type levelOf[T chance] struct {
	set  []int32 // set[filled]: 1 + the block of that category set, 0 when none
	slot []int32 // slot[block<<7 | key&127]: 1 + the index in ents, 0 when absent
	keys []uint32
	// ents[i] holds the vector of keys[i] with its offset and leading
	// ones, together: a lookup reads one entry.
	ents []levelEntry[T]
	// offset reports whether some vector has an offset.
	offset bool
	// held is the chances allocated for the vectors, when they were
	// taken from blocks (vectorSlab), unused ends included; 0 otherwise.
	held int
}

// levelEntry is a state's vector in a levelOf, its offset, and how many
// chances at its start are 1 (leadingOnes, for chances that do not grow
// with the need).
type levelEntry[T chance] struct {
	v         []T
	off, lead int32
}

// targetLevel is a level in double precision.
type targetLevel = levelOf[float64]

// newLevel returns an empty level with room for n states.
func newLevel[T chance](n int) levelOf[T] {
	return levelOf[T]{keys: make([]uint32, 0, n), ents: make([]levelEntry[T], 0, n)}
}

// at returns the vector of the state with key k, and whether lv holds it.
func (lv *levelOf[T]) at(k uint32) ([]T, bool) {
	e := lv.entry(k)
	if e == nil {
		return nil, false
	}
	return e.v, true
}

// from returns the vector of the state with key k, its offset, and
// whether lv holds it.
func (lv *levelOf[T]) from(k uint32) (v []T, off int, ok bool) {
	e := lv.entry(k)
	if e == nil {
		return nil, 0, false
	}
	return e.v, int(e.off), true
}

// entry is the entry of the state with key k, nil when lv does not hold
// it.
func (lv *levelOf[T]) entry(k uint32) *levelEntry[T] {
	f := k >> 7
	if f >= uint32(len(lv.set)) {
		return nil
	}
	b := lv.set[f]
	if b == 0 {
		return nil
	}
	i := int(lv.slot[int(b-1)<<7|int(k&127)]) - 1
	if i < 0 {
		return nil
	}
	return &lv.ents[i]
}

// vec is the vector of the state with key k (nil when lv does not hold it).
func (lv *levelOf[T]) vec(k uint32) []T {
	v, _ := lv.at(k)
	return v
}

// putFrom sets the vector of the state with key k, its offset and its
// leading ones (leadingOnes(v), which put computes).
func (lv *levelOf[T]) putFrom(k uint32, off int, v []T, lead int32) {
	lv.store(k, levelEntry[T]{v: v, off: int32(off), lead: lead})
}

// put sets the vector of the state with key k (offset 0).
func (lv *levelOf[T]) put(k uint32, v []T) {
	lv.store(k, levelEntry[T]{v: v, lead: int32(leadingOnes(v))})
}

// store sets the entry of the state with key k.
func (lv *levelOf[T]) store(k uint32, e levelEntry[T]) {
	f := k >> 7
	if f >= uint32(len(lv.set)) {
		lv.set = slices.Grow(lv.set, int(f)+1-len(lv.set))[:f+1]
	}
	if lv.set[f] == 0 {
		lv.slot = append(lv.slot, make([]int32, 128)...)
		lv.set[f] = int32(len(lv.slot) >> 7)
	}
	lv.offset = lv.offset || e.off != 0
	i := &lv.slot[int(lv.set[f]-1)<<7|int(k&127)]
	if *i != 0 {
		lv.ents[*i-1] = e
		return
	}
	lv.keys, lv.ents = append(lv.keys, k), append(lv.ents, e)
	*i = int32(len(lv.ents))
}

// len is the number of states lv holds.
func (lv *levelOf[T]) len() int { return len(lv.keys) }

// all yields every state's key and vector, in the order they were put.
func (lv *levelOf[T]) all() iter.Seq2[uint32, []T] {
	return func(yield func(uint32, []T) bool) {
		for i, k := range lv.keys {
			if !yield(k, lv.ents[i].v) {
				return
			}
		}
	}
}

// get is P(at least n more points) from state st (0 for a state lv does
// not hold; 1 for a need below those kept, which no caller asks).
func (lv *levelOf[T]) get(r *yacht.Rules, st yacht.State, n int) float64 {
	if n <= 0 {
		return 1
	}
	v, off, _ := lv.from(stateKey(r, st))
	switch {
	case n <= off:
		return 1
	case n > off+len(v):
		return 0
	}
	return float64(v[n-off-1])
}

// targetScratch holds one worker's buffers: a vector for each pattern and
// keep, each row padded to a multiple of 8 needs (sc.l, the stride; the
// padding holds zeros or values nobody reads) so the vector kernels have
// no tails.
type targetScratch struct {
	l  int
	e3 []float64 // yacht.NumPatterns × l
	kv []float64 // yacht.NumKeeps × l
	mv []float64 // yacht.NumKeeps × l
	k1 []float64 // yacht.NumKeeps × l (roll-1 keep values, kept for the root)
	k2 []float64 // yacht.NumKeeps × l (roll-2 keep values, kept for the root)
	// n is how many needs were computed: beyond it every chance is 0.
	n int
	// root: keep k1 and k2 (the advice of a turn with dice); the
	// induction over every state does not read them.
	root bool
	opts []yacht.Scoring
	// outs lists each pattern's scorings (from outAt[w] to outAt[w+1]):
	// points gained and the vector of the state after.
	outs  []scoredOutcome
	outAt [yacht.NumPatterns + 1]int
}

// outcomeOf is one scoring of a pattern: the points it gains and the
// chances of the state after it.
type outcomeOf[T chance] struct {
	g int
	v []T
	// lead is how many chances at the start of v are 1 (see
	// levelEntry.lead; only the lane turn sets it).
	lead int
}

// scoredOutcome is an outcome with chances in double precision.
type scoredOutcome = outcomeOf[float64]

// resize makes room for vectors of l needs and returns the stride.
func (sc *targetScratch) resize(l int) int {
	l = max((l+7)&^7, 8)
	sc.l = l
	if cap(sc.kv) < yacht.NumKeeps*l {
		sc.e3 = make([]float64, yacht.NumPatterns*l)
		sc.kv = make([]float64, yacht.NumKeeps*l)
		sc.mv = make([]float64, yacht.NumKeeps*l)
	}
	if sc.root && cap(sc.k1) < yacht.NumKeeps*l {
		sc.k1 = make([]float64, yacht.NumKeeps*l)
		sc.k2 = make([]float64, yacht.NumKeeps*l)
	}
	sc.e3 = sc.e3[:yacht.NumPatterns*l]
	sc.kv = sc.kv[:yacht.NumKeeps*l]
	sc.mv = sc.mv[:yacht.NumKeeps*l]
	if sc.root {
		sc.k1 = sc.k1[:yacht.NumKeeps*l]
		sc.k2 = sc.k2[:yacht.NumKeeps*l]
	}
	return l
}

// solveTargetTurn computes, for state st and every n = 1..l, the best
// probability of gaining at least n more points from the start of a turn
// (into out), leaving the roll-1 and roll-2 keep values in sc.k1, sc.k2
// (rows of stride sc.l).
func solveTargetTurn(r *yacht.Rules, next targetLevel, st yacht.State, l int, sc *targetScratch, out []float64) {
	clear(out)
	// The outcomes of every pattern, and the most points any sequence of
	// them can still gain with a chance kept (beyond it, every chance is
	// 0 and is not computed).
	sc.outs = sc.outs[:0]
	bound := 0
	for w := 0; w < yacht.NumPatterns; w++ {
		sc.outAt[w] = len(sc.outs)
		sc.opts = r.AppendScorings(sc.opts[:0], st, yacht.Pattern(w))
		for _, o := range sc.opts {
			g := o.Gain()
			v := next.vec(stateKey(r, r.Next(st, o)))
			sc.outs = append(sc.outs, scoredOutcome{g: g, v: v})
			bound = max(bound, g+len(v))
		}
	}
	sc.outAt[yacht.NumPatterns] = len(sc.outs)
	l = min(l, bound)
	sc.n = l
	ls := sc.resize(l)
	// Ẽ3 analogue: the best category for each pattern and need.
	for w := 0; w < yacht.NumPatterns; w++ {
		row := sc.e3[w*ls : (w+1)*ls]
		clear(row)
		for _, oc := range sc.outs[sc.outAt[w]:sc.outAt[w+1]] {
			g, v := oc.g, oc.v
			// n ≤ g: certain; g < n ≤ g+len(v): v[n-g-1]; beyond: 0.
			sure := min(g, l)
			for n := 0; n < sure; n++ {
				row[n] = 1
			}
			if sure < l {
				hi := min(l, g+len(v))
				maxInto(row[sure:hi], v[:hi-sure])
			}
		}
	}
	// Roll 2: keep values from the last roll, then the best keep of each
	// pattern; roll 1 likewise.
	copy(sc.kv[firstPattern*ls:], sc.e3)
	averageVectors(sc.kv, ls)
	if sc.root {
		copy(sc.k2, sc.kv)
	}
	maxVectors(sc.kv, sc.mv, ls)
	copy(sc.kv[firstPattern*ls:], sc.mv[firstPattern*ls:])
	averageVectors(sc.kv, ls)
	if sc.root {
		copy(sc.k1, sc.kv)
	}
	maxVectors(sc.kv, sc.mv, ls)
	out = out[:l]
	for w := 0; w < yacht.NumPatterns; w++ {
		p := space.Prob[w]
		row := sc.mv[(firstPattern+w)*ls : (firstPattern+w)*ls+l]
		for n := range out {
			out[n] += p * row[n]
		}
	}
	for n := range out {
		out[n] = min(out[n], 1)
	}
}

// averageVectors is the one-die average of the keep values (as
// lanes.AverageKeeps computes it) on vectors of stride l.
func averageVectors(kv []float64, l int) {
	for k := firstPattern - 1; k >= 0; k-- {
		dst := kv[k*l : (k+1)*l]
		c := &space.Child[k]
		a, b, cc := kv[int(c[0])*l:int(c[0]+1)*l], kv[int(c[1])*l:int(c[1]+1)*l], kv[int(c[2])*l:int(c[2]+1)*l]
		d, e, f := kv[int(c[3])*l:int(c[3]+1)*l], kv[int(c[4])*l:int(c[4]+1)*l], kv[int(c[5])*l:int(c[5]+1)*l]
		avg6(dst, a, b, cc, d, e, f)
	}
}

// maxVectors sets mv[k] to the elementwise maximum of kv over the keeps
// below k (k included).
func maxVectors(kv, mv []float64, l int) {
	for k := 0; k < yacht.NumKeeps; k++ {
		dst := mv[k*l : (k+1)*l]
		own := kv[k*l : (k+1)*l]
		subs := &space.Sub[k]
		list := subs.List[:subs.N]
		if len(list) == 0 {
			copy(dst, own)
			continue
		}
		max2(dst, own, mv[int(list[0])*l:(int(list[0])+1)*l])
		for _, j := range list[1:] {
			maxInto(dst, mv[int(j)*l:(int(j)+1)*l])
		}
	}
}

// Advise answers for sheet s, dice just rolled on roll 1, 2 or 3 (or
// nil: from the start of the next turn) and a target final score: every
// legal action with the exact probability that the final score reaches the
// target when every later decision maximises that probability too, found
// by backward induction over (open categories, upper total capped at the
// bonus threshold, points still needed) for the states the sheet can reach.
// Each action also carries its expected final score under the
// max-expectation policy. A target the sheet already holds gives 1 for
// every action and one it cannot reach 0, without computing. The
// probabilities are exact to within 2e-14 below singleOpen open
// categories, and to within 1e-6 from there (the later states' chances
// are then kept in single precision, as in the target table). The work
// grows quickly with the number of open categories (Estimate
// foretells it): when ctx ends first, it returns a *Error of kind
// TooEarly.
func Advise(ctx context.Context, t *strategy.Table, s yacht.Sheet, dice *yacht.Dice, roll int, target int) (Advice, error) {
	ta, need, settled, err := targetStart(t, s, dice, roll, target)
	if settled || err != nil {
		return ta, err
	}
	return solveTarget(ctx, t, s.State(), dice, roll, need, nil, s.State().Open(t.Rules()) >= singleOpen, ta)
}

// targetStart begins the target advice of s: the max-expectation advice's
// actions, and the points still needed; settled when the target is
// already held (every action reaches it) or out of reach (none does), so
// that nothing is left to compute.
func targetStart(t *strategy.Table, s yacht.Sheet, dice *yacht.Dice, roll, target int) (ta Advice, need int, settled bool, err error) {
	if target < 0 {
		return Advice{}, 0, false, &Error{Kind: Negative, Target: target}
	}
	adv, err := t.Advise(s, dice, roll)
	if err != nil {
		return Advice{}, 0, false, err
	}
	ta = Advice{Target: target, Total: adv.Total, Expected: adv.Expected, Best: MaxFinal(s)}
	need = target - adv.Total
	for _, a := range adv.Actions {
		ta.Actions = append(ta.Actions, Action{Action: a})
	}
	switch {
	case need <= 0:
		ta.Reached, ta.Reach = true, 1
		for i := range ta.Actions {
			ta.Actions[i].Reach = 1
		}
		return ta, need, true, nil
	case need > ta.Best-adv.Total:
		ta.Unreachable = true
		return ta, need, true, nil
	}
	return ta, need, false, nil
}

// singleOpen is the number of open boxes from which Advise keeps
// the chances of the states after the sheet in single precision, as the
// target table does (computed in double, within 1e-6 of the double
// induction: TestTargetSingleMatchesDouble): half the memory and about 40 %
// less time. With fewer open boxes it keeps them in double precision
// (within 2e-14), in well under a second.
const singleOpen = 9

// solveTarget fills in ta's probabilities by backward induction for the
// given need; terminal, when set, is the value of finishing n = 1..need
// points short (terminal[n-1]) instead of 0. With single (and no
// terminal) the chances of the states after st are kept in single
// precision.
func solveTarget(ctx context.Context, t *strategy.Table, st yacht.State, dice *yacht.Dice, roll, need int, terminal []float64, single bool, ta Advice) (Advice, error) {
	r := t.Rules()
	k := bits.OnesCount32(st.Filled)
	tooEarly := func(err error) error {
		return &Error{Kind: TooEarly, Open: st.Open(r), Target: ta.Target, Err: err}
	}
	if single && terminal == nil {
		levels, err := targetLevels[float32](ctx, t, st, need, nil, true, nil)
		if err != nil {
			return Advice{}, tooEarly(err)
		}
		return finishTarget(r, widen(r, levels[k+1], st), levels[k].get(r, st, need), st, dice, roll, need, ta), nil
	}
	levels, err := targetLevels[float64](ctx, t, st, need, terminal, terminal == nil, nil)
	if err != nil {
		return Advice{}, tooEarly(err)
	}
	return finishTarget(r, widen(r, levels[k+1], st), levels[k].get(r, st, need), st, dice, roll, need, ta), nil
}

// finishTarget fills in ta's probabilities from the probabilities of the
// states after this turn (next) and the best probability from the start
// of this turn (turn).
func finishTarget(r *yacht.Rules, next targetLevel, turn float64, st yacht.State, dice *yacht.Dice, roll, need int, ta Advice) Advice {
	if dice == nil {
		ta.Reach = turn
		return ta
	}
	sc := &targetScratch{root: true}
	root := make([]float64, need)
	solveTargetTurn(r, next, st, need, sc, root)
	for i := range ta.Actions {
		a := &ta.Actions[i]
		switch a.Kind {
		case strategy.Score:
			a.Reach = next.get(r, r.Next(st, a.Scoring), need-a.Scoring.Gain())
		case strategy.Keep:
			k := int(space.KeepIndex(a.Keep))
			kv := sc.k2
			if roll == 1 {
				kv = sc.k1
			}
			if need <= sc.n {
				a.Reach = min(kv[k*sc.l+need-1], 1)
			}
		}
	}
	sort.SliceStable(ta.Actions, func(i, j int) bool {
		a, b := ta.Actions[i], ta.Actions[j]
		if a.Reach != b.Reach {
			return a.Reach > b.Reach
		}
		return a.Expected > b.Expected
	})
	ta.Reach = ta.Actions[0].Reach
	return ta
}

// targetLevels computes the probabilities for every state reachable from
// st after it (fill counts above st's) and for st itself, for needs up to
// need. levels[f] holds fill count f; only the levels of st's fill count
// and the next are kept: the others are handed to retire (when set) as
// soon as they are no longer read.
//
// With toTarget (and no terminal), each state keeps only the needs it can
// meet on the way from st to need itself: a state that has gained between
// lo and hi points since st (gainBounds.of) needs between need−hi and
// need−lo more, so the others are not computed (they are not kept: the
// state's vector starts at an offset). The turn's needs are independent
// of one another, lane by lane, so a need outside the range, computed
// from chances that are not kept, never reaches one inside it. From an
// early sheet this leaves 45–65 % of the work near the expected final
// (Estimate counts it).
func targetLevels[T chance](ctx context.Context, t *strategy.Table, st yacht.State, need int, terminal []T, toTarget bool, retire func(levelOf[T])) ([]levelOf[T], error) {
	r := t.Rules()
	n := len(r.Categories)
	k0 := bits.OnesCount32(st.Filled)
	// levels[n] and levels[n+1] stay empty (a full sheet gains nothing
	// more) unless terminal gives the full sheets' vectors.
	levels := make([]levelOf[T], n+2)
	upperCats := []int{}
	for i := range r.Categories {
		if r.Categories[i].Kind == yacht.KindUpper {
			upperCats = append(upperCats, i)
		}
	}
	if terminal != nil {
		full := uint32(1)<<uint(n) - 1
		for _, u := range bonus.Reachable(r, upperCats, st, full) {
			for _, fl := range []bool{false, true} {
				levels[n].put(stateKey(r, yacht.State{Filled: full, Upper: u, YachtBonus: fl}), terminal)
			}
		}
	}
	byFill := masksByFill(n, st.Filled)
	bests := bestScores(r)
	gained := newGainBounds(r, st)
	toTarget = toTarget && terminal == nil
	plan := newLanePlan(r)
	workers := runtime.GOMAXPROCS(0)
	scratches := make([]*targetScratch, workers)
	laneScratches := make([]*laneScratch[T], workers)
	for i := range scratches {
		scratches[i] = &targetScratch{}
		laneScratches[i] = &laneScratch[T]{plan: plan}
	}
	// The jobs of every level, found in parallel before the induction.
	type levelPlan struct {
		jobs  []yacht.State
		keys  []keyJob
		needs []needSpan
	}
	plans := make([]levelPlan, n)
	if err := parallel.ForEach(ctx, workers, n-k0, func(_, i int) {
		fill := k0 + i
		p := &plans[fill]
		p.jobs, p.keys = levelJobs(r, upperCats, st, fill, byFill[fill])
		if p.needs = jobNeeds(r, bests, gained, p.jobs, p.keys, need, toTarget); terminal != nil {
			// Beating opponents: every job computes needs 1 … need.
			for j := range p.needs {
				p.needs[j] = needSpan{0, need}
			}
		}
	}); err != nil {
		return nil, err
	}
	for fill := n - 1; fill >= k0; fill-- {
		// Only the next fill count is read: the one after it goes before
		// this one is computed, so that two are held at once.
		if fill+2 <= n {
			if retire != nil {
				retire(levels[fill+2])
			}
			levels[fill+2] = levelOf[T]{}
		}
		jobs, keys, needs := plans[fill].jobs, plans[fill].keys, plans[fill].needs
		plans[fill] = levelPlan{}
		// The jobs of one category set go to one worker, one after another,
		// so that it plans their outcomes once (see prepare).
		var groups []int
		for j := range jobs {
			if j == 0 || jobs[j].Filled != jobs[j-1].Filled {
				groups = append(groups, j)
			}
		}
		groups = append(groups, len(jobs))
		results := make([][]T, len(jobs))
		leads := make([]int32, len(jobs))
		total := 0
		for _, ns := range needs {
			total += ns.n
		}
		slabs := make([]vectorSlab[T], workers)
		for w := range slabs {
			slabs[w].block = slabBlock(total, workers)
		}
		err := parallel.ForEach(ctx, workers, len(groups)-1, func(w, g int) {
			for j := groups[g]; j < groups[g+1]; j++ {
				// Needs off+1 … off+l.
				off, l := needs[j].off, needs[j].n
				out := slabs[w].take(l)
				if l > 0 {
					var ok bool
					ls := laneScratches[w]
					ls.off = off
					if out, ok = solveTargetLanes(r, levels[fill+1], jobs[j], l, terminal == nil, ls, out); !ok {
						// Too many outcomes for the lanes: the vector turn,
						// in double precision, on the states after this
						// one.
						wide := make([]float64, off+l)
						solveTargetTurn(r, widen(r, levels[fill+1], jobs[j]), jobs[j], off+l, scratches[w], wide)
						out = slabs[w].take(l)
						for i, p := range wide[off:] {
							out[i] = T(p)
						}
					}
				}
				if terminal == nil {
					// Chances below tailTrim are dropped (read as 0).
					for len(out) > 0 && float64(out[len(out)-1]) < tailTrim {
						out = out[:len(out)-1]
					}
				}
				out = slabs[w].keep(len(out))
				results[j], leads[j] = out, int32(leadingOnes(out))
			}
		})
		if err != nil {
			return nil, err
		}
		lv := newLevel[T](len(keys))
		for _, kj := range keys {
			lv.putFrom(kj.key, needs[kj.job].off, results[kj.job], leads[kj.job])
		}
		for _, s := range slabs {
			lv.held += s.held
		}
		levels[fill] = lv
	}
	return levels, nil
}

// vectorSlab hands out one worker's vectors of a level from blocks, one
// after another: the vectors of a level then lie together, in about the
// order the next level reads them (the states of one category set one
// after another), instead of wherever the heap has room, and cost no
// allocation each (the empty Yatzy sheet 2 % faster, alternated). What a
// block leaves unused stays with the level (held counts it): blocks are
// sized by slabBlock to an eighth of a worker's share of the level at
// most, and a small level takes each vector on its own.
type vectorSlab[T chance] struct {
	free  []T
	block int // the size of a new block; 0: each vector on its own
	held  int // the chances of every block taken
}

// slabChances is the most chances a vectorSlab's block holds, and
// slabLeast the fewest (a level whose blocks would be smaller takes each
// vector on its own).
const slabChances, slabLeast = 1 << 16, 1 << 12

// slabBlock is the block size (0: none) for a level of at most total
// chances shared by workers: an eighth of a worker's share, within
// slabLeast … slabChances.
func slabBlock(total, workers int) int {
	if b := total / (8 * workers); b >= slabLeast {
		return min(b, slabChances)
	}
	return 0
}

// take returns room for n chances, at the start of the free block.
func (s *vectorSlab[T]) take(n int) []T {
	if len(s.free) < n {
		s.free = make([]T, max(n, s.block))
		s.held += len(s.free)
	}
	return s.free[:n:n]
}

// keep returns the first n chances of the last room taken as the vector
// kept, and frees the rest for the next.
func (s *vectorSlab[T]) keep(n int) []T {
	v := s.free[:n:n]
	s.free = s.free[n:]
	return v
}

// masksByFill lists, by fill count, the masks of n categories that hold
// filled and some of the others.
func masksByFill(n int, filled uint32) [][]uint32 {
	open := ^filled & (1<<uint(n) - 1)
	byFill := make([][]uint32, n+1)
	for sub := open; ; sub = (sub - 1) & open {
		m := filled | sub
		byFill[bits.OnesCount32(m)] = append(byFill[bits.OnesCount32(m)], m)
		if sub == 0 {
			return byFill
		}
	}
}

// widen returns, in double precision and from need 1 (offset 0), the
// chances of the states one scoring after st that next holds (next itself
// when it is double with no offsets). The needs below a state's offset,
// which next does not keep, are set to 1: the needs of st they would
// decide are not asked (see targetLevels).
func widen[T chance](r *yacht.Rules, next levelOf[T], st yacht.State) targetLevel {
	if lv, ok := any(next).(targetLevel); ok && !lv.offset {
		return lv
	}
	lv := targetLevel{}
	var opts []yacht.Scoring
	for w := 0; w < yacht.NumPatterns; w++ {
		opts = r.AppendScorings(opts[:0], st, yacht.Pattern(w))
		for _, o := range opts {
			k := stateKey(r, r.Next(st, o))
			if _, ok := lv.at(k); ok {
				continue
			}
			v, off, ok := next.from(k)
			if !ok {
				continue
			}
			f := make([]float64, off+len(v))
			for i := range off {
				f[i] = 1
			}
			for i, p := range v {
				f[off+i] = float64(p)
			}
			lv.put(k, f)
		}
	}
	return lv
}

// levelJobs lists the states of fill count fill reachable from st
// (masks: the masks of that fill count), grouped by bonus class: states of
// one mask whose upper totals lead to the same bonus chances share their
// probabilities. jobs holds a state of each class, keys every state with
// its class's job.
func levelJobs(r *yacht.Rules, upperCats []int, st yacht.State, fill int, masks []uint32) (jobs []yacht.State, keys []keyJob) {
	k0 := bits.OnesCount32(st.Filled)
	for _, m := range masks {
		if fill == k0 && m != st.Filled {
			continue
		}
		ups := bonus.Reachable(r, upperCats, st, m)
		flags := []bool{false}
		if r.TracksYachtBonus() {
			y := r.YachtIndex()
			switch {
			case st.IsFilled(y):
				flags = []bool{st.YachtBonus}
			case m&(1<<uint(y)) != 0:
				flags = []bool{false, true}
			}
		}
		if fill == k0 {
			ups = []int{min(st.Upper, r.BonusThreshold)}
		}
		sums := bonus.OpenSums(r, upperCats, m)
		for _, fl := range flags {
			// The job of each bonus class (-2 … 127, from 2) of this
			// mask and flag, plus one.
			var classJob [130]int32
			for _, u := range ups {
				c := bonus.ClassOf(r, sums, u) + 2
				s := yacht.State{Filled: m, Upper: u, YachtBonus: fl}
				if classJob[c] == 0 {
					jobs = append(jobs, s)
					classJob[c] = int32(len(jobs))
				}
				keys = append(keys, keyJob{stateKey(r, s), classJob[c] - 1})
			}
		}
	}
	return jobs, keys
}

// keyJob is a state's key and the job that computes its chances.
type keyJob struct {
	key uint32
	job int32
}

// needSpan is the needs a job computes: off+1 … off+n.
type needSpan struct{ off, n int }

// jobNeeds returns the needs each job computes toward need: 1 … the most
// points its state can still gain (at most need), or, with toTarget, only
// those that the states of its class (keys) can meet on the way from the
// sheet to need (see targetLevels).
func jobNeeds(r *yacht.Rules, bests []int, gained *gainBounds, jobs []yacht.State, keys []keyJob, need int, toTarget bool) []needSpan {
	spans := make([]needSpan, len(jobs))
	lo := make([]int, len(jobs))
	hi := make([]int, len(jobs))
	for j := range jobs {
		lo[j], hi[j] = math.MaxInt, math.MinInt
	}
	if toTarget {
		for _, kj := range keys {
			l, h := gained.of(kj.key)
			lo[kj.job], hi[kj.job] = min(lo[kj.job], l), max(hi[kj.job], h)
		}
	}
	for j, job := range jobs {
		top := min(need, maxFutureOf(r, bests, job))
		if !toTarget {
			spans[j] = needSpan{0, top}
			continue
		}
		first, last := max(1, need-hi[j]), min(top, need-lo[j])
		if last >= first {
			spans[j] = needSpan{first - 1, last - first + 1}
		}
	}
	return spans
}

// gainBounds bounds the points a state has gained since the sheet's state
// st (the induction's states all follow st).
type gainBounds struct {
	r          *yacht.Rules
	st         yacht.State
	k0         int
	lows, best []int
}

func newGainBounds(r *yacht.Rules, st yacht.State) *gainBounds {
	g := &gainBounds{r: r, st: st, k0: bits.OnesCount32(st.Filled), lows: make([]int, len(r.Categories)), best: bestScores(r)}
	for c := range r.Categories {
		g.lows[c] = r.PossibleScores(c)[0]
	}
	return g
}

// of returns the fewest and the most points the state of key k (stateKey)
// can have gained since st: each box filled since at its lowest or best
// score; the upper boxes exactly their total while it is below the bonus
// threshold, otherwise from what reaches it to their best scores, with
// the bonus; and, while the Yacht box holds a Yacht, an extra bonus on
// every turn since it could first apply.
func (g *gainBounds) of(k uint32) (lo, hi int) {
	r, st := g.r, g.st
	m := k >> 7
	u := int(k>>1) & 63
	upperBest := 0
	for c := range r.Categories {
		if m&(1<<uint(c)) == 0 || st.IsFilled(c) {
			continue
		}
		if r.Categories[c].Kind == yacht.KindUpper {
			upperBest += g.best[c]
		} else {
			lo += g.lows[c]
			hi += g.best[c]
		}
	}
	t, su := r.BonusThreshold, min(st.Upper, r.BonusThreshold)
	switch {
	case u < t:
		lo += u - su
		hi += u - su
	case su >= t:
		hi += upperBest
	default:
		lo += t - su + r.BonusPoints
		hi += upperBest + r.BonusPoints
	}
	if r.ExtraYachtBonus > 0 && k&1 != 0 {
		turns := bits.OnesCount32(m) - g.k0
		if !st.YachtBonus {
			turns-- // the turn that filled the Yacht box earned none
		}
		hi += r.ExtraYachtBonus * max(turns, 0)
	}
	return lo, hi
}

// AdviseToBeat is Advise against opponents instead of a fixed
// target: Reach is the probability of finishing first (a tie for first
// shared equally) when the opponents' final scores are independent with
// distributions opponents (for example from Of for their sheets)
// and every later decision of this player maximises that probability. It
// is the same backward induction, with the value of each final score x
// being the chance that x beats every opponent instead of 1{x ≥ target};
// the work is that of a target above every opponent's best.
func AdviseToBeat(ctx context.Context, t *strategy.Table, s yacht.Sheet, dice *yacht.Dice, roll int, opponents []finalscore.Distribution) (Advice, error) {
	adv, err := t.Advise(s, dice, roll)
	if err != nil {
		return Advice{}, err
	}
	hi := 0 // a final score of hi or more beats everyone
	for _, d := range opponents {
		if len(d.P) > 0 {
			hi = max(hi, d.Max()+1)
		}
	}
	ta := Advice{Target: hi, Total: adv.Total, Expected: adv.Expected, Best: MaxFinal(s)}
	for _, a := range adv.Actions {
		ta.Actions = append(ta.Actions, Action{Action: a})
	}
	need := hi - adv.Total
	if need <= 0 {
		ta.Reached, ta.Reach = true, 1
		for i := range ta.Actions {
			ta.Actions[i].Reach = 1
		}
		return ta, nil
	}
	share := finalscore.NewOpponents(opponents)
	terminal := make([]float64, need)
	for n := 1; n <= need; n++ {
		terminal[n-1] = share.WinShare(hi - n)
	}
	if dice == nil && s.State().Done(t.Rules()) {
		ta.Reach = share.WinShare(adv.Total)
		return ta, nil
	}
	return solveTarget(ctx, t, s.State(), dice, roll, need, terminal, false, ta)
}
