package reach

import (
	"slices"
	"unsafe"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/lanes"
)

// The induction's turn, a row of needs at a time: eight in double
// precision (direct target advice, beating opponents), sixteen in single
// precision (the target table). A state's chances for needs n0+1 … n0+8
// (or +16) go through the turn as the max-expectation table's eight
// classes do: the best box for each pattern, the one-die averages and the
// best keeps (lanes.MaxOver and lanes.RollBack, or MaxOver32 and
// RollBack32, in AVX-512 or AVX2 assembly where the processor has it),
// with the needs in the lanes instead of the classes. Each keep's needs
// then sit in one 64-byte row, so the turn works on about 46 KB (the keeps
// and the outcomes' rows), where the vector-by-vector turn
// (solveTargetTurn) streams vectors of every need through the cache for
// each keep.

// maxLaneRows is how many rows the lane turn may index by a byte: the
// distinct (points gained, state after) outcomes of a turn, then the rows
// every pattern starts from (see planBest), then the joined rows when they
// fit (see buildBest). No state of the presets comes near it (Pancht's
// most is about 206 outcomes); a turn beyond it would run the
// vector-by-vector turn instead.
const maxLaneRows = 256

// lanePlan is what the lane turn reads of a rule set for every state: for
// each box, the points it gives the patterns other than five of a kind
// (five of a kind is scored through the rules' joker and extra bonus).
type lanePlan struct {
	// upper tells the upper boxes, which fold (see prepare; read there
	// for every state, where the rules' categories cost 3 % more).
	upper []bool
	five  [yacht.NumPatterns]bool
	fives []uint8 // the patterns of five of a kind
	cats  []planCategory
}

// planCategory is one box of a lanePlan.
type planCategory struct {
	// points lists the box's distinct points on the patterns other than
	// five of a kind, smallest first; at[w] is pattern w's place in it.
	points []int
	at     [yacht.NumPatterns]uint8
	// others lists the patterns other than five of a kind; above, those
	// of them that score more than points[0].
	others, above []uint8
}

func newLanePlan(r *yacht.Rules) *lanePlan {
	p := &lanePlan{cats: make([]planCategory, len(r.Categories)), upper: make([]bool, len(r.Categories))}
	for c := range r.Categories {
		p.upper[c] = r.Categories[c].Kind == yacht.KindUpper
	}
	for w := 0; w < yacht.NumPatterns; w++ {
		if p.five[w] = yacht.Pattern(w).IsYacht(); p.five[w] {
			p.fives = append(p.fives, uint8(w))
		}
	}
	for c := range p.cats {
		pc := &p.cats[c]
		seen := map[int]bool{}
		for w := 0; w < yacht.NumPatterns; w++ {
			if !p.five[w] {
				seen[r.Categories[c].PointsFor(yacht.Pattern(w))] = true
			}
		}
		for pts := range seen {
			pc.points = append(pc.points, pts)
		}
		slices.Sort(pc.points)
		for w := 0; w < yacht.NumPatterns; w++ {
			if p.five[w] {
				continue
			}
			j, _ := slices.BinarySearch(pc.points, r.Categories[c].PointsFor(yacht.Pattern(w)))
			pc.at[w] = uint8(j)
			pc.others = append(pc.others, uint8(w))
			if j > 0 {
				pc.above = append(pc.above, uint8(w))
			}
		}
	}
	return p
}

// laneScratch is one worker's buffers for the lane turn on chances of type
// T: a row of 64 bytes holds eight needs in double precision (lanes.Row) or
// sixteen in single precision (lanes.Row32).
type laneScratch[T chance] struct {
	plan *lanePlan
	// off is the offset of the state's needs (see levelOf): the turn
	// computes needs off+1, off+2, … in its lanes 1, 2, ….
	off int
	// kv holds the keeps' rows; it and rows start on 64-byte lines
	// (lanes.AlignedRows).
	kv *[yacht.NumKeeps]lanes.Row
	// rows holds, for the current needs, each outcome's chances, then the
	// start and zero rows (see planBest), then the joined rows (see
	// buildBest).
	rows []lanes.Row
	// outs lists the distinct outcomes (points gained, chances after);
	// src holds them for lanes.FillRows32 (in single precision; prepare
	// sets both).
	outs []outcomeOf[T]
	src  []lanes.Shifted32
	// cats holds, for each box, the outcome of each pattern (idx), the
	// patterns other than five of a kind whose maximum the turn takes
	// (list) and the patterns of five of a kind that may score it (fives).
	cats []laneCategory
	// base lists the outcomes every pattern but five of a kind starts
	// from (see prepare).
	base []uint8
	// joined lists the outcomes whose rows are joined with the start (see
	// buildBest), in the rows after the zero row.
	joined []uint8
	opts   []yacht.Scoring
	// best lists, for each pattern, the rows whose maximum is its best box:
	// the outcomes of its boxes, and the row of the folded boxes' lowest
	// outcomes (start) or of zeros (zero), or a joined row in place of the
	// start and one box's row.
	best        *lanes.PatternRows
	start, zero uint8
	// ones holds, for each row of best, the largest need up to which it is
	// certain (1 in every lane); sure is the largest need up to which
	// every pattern's best box is certain, so the turn is too.
	ones []int
	sure int
	// outcomes lists the outcomes planned for a category set and flag
	// (planOutcomes), which planKey names; planned tells whether they fit
	// the lanes, planGen counts the plans.
	outcomes []plannedOutcome
	planKey  uint64
	planned  bool
	planGen  int
	// bests holds the lists last built (best is one of them): the states
	// of one category set fold different boxes by their upper totals.
	bests    [4]builtRows
	nextBest int
	// exactFold folds only the boxes whose outcomes share one vector, not
	// the upper boxes (the tests compare the two).
	exactFold bool
	// computeCertain runs the turn on certain rows too, and noJoin joins
	// no box's rows with the start (see buildBest; the tests compare the
	// two of each).
	computeCertain, noJoin bool
	// certain is the turn's result on a row whose every pattern is
	// certain: the kernels' own result on rows of ones (1, or within a
	// rounding of it), so a row skipped for it changes no bit.
	certain []T
}

// laneCategory is one box of the lane turn.
type laneCategory struct {
	// idx holds the outcome of each pattern of fives.
	idx         [yacht.NumPatterns]uint8
	list, fives []uint8
	// first is the place in outs of the box's outcome of its fewest
	// points.
	first int
}

// prepare lists st's outcomes for the lane turn and returns the largest
// number of points any of them can still lead to with a kept chance, or
// false when the turn has more distinct outcomes than the lanes can index.
// The outcomes' boxes and points depend only on the category set and the
// Yacht flag (see planOutcomes, which is rerun only when those change:
// the states of one set come one after another); the upper total then
// gives each its state after and its gain.
//
// With fold (the chance vectors do not grow with the need), a box whose
// outcomes on every pattern but five of a kind are one chance vector
// shifted by the points has its outcome of fewest points below all its
// others lane by lane, so that outcome is where every such pattern starts
// (ls.base) and only the patterns that score more need the box's maximum.
// Most patterns score nothing in Yacht, the straights, the full house or
// four of a kind, so this halves the maxima without changing a bit.
//
// An upper box folds too: its outcome of no points is below those of more
// points, since whatever is played after it can be played after more
// points, with the same boxes and a higher upper total (no bonus is
// negative: yacht.Rules.Validate). Half the patterns hold none of a face and read no row of its
// box. That order is exact in mathematics, not by construction; a rounding
// against it would change a chance by no more than the roundings already
// in it, and the tests find no chance changed in any preset.
func (ls *laneScratch[T]) prepare(r *yacht.Rules, next levelOf[T], st yacht.State, fold bool) (bound int, ok bool) {
	p := ls.plan
	if ls.kv == nil {
		ls.kv = (*[yacht.NumKeeps]lanes.Row)(lanes.AlignedRows(yacht.NumKeeps))
	}
	if len(ls.cats) < len(p.cats) {
		ls.cats = make([]laneCategory, len(p.cats))
	}
	if key := uint64(st.Filled)<<2 | uint64(boolByte(st.YachtBonus))<<1 | 1; key != ls.planKey {
		ls.planKey = key
		ls.planned = ls.planOutcomes(r, st)
		ls.planGen++
	}
	if !ls.planned {
		return 0, false
	}
	// Each outcome's state after (by its key, stateKey) and gain. An
	// outcome's gain is counted in the lanes' needs: need off+n after
	// gaining g points leaves need off+n−g, the chance vector's entry
	// n−(g+nextOff−off). The last state looked up is kept: a box's
	// points mostly lead to one state.
	t := r.BonusThreshold
	u := st.Upper
	var flag uint32
	if st.YachtBonus && r.TracksYachtBonus() {
		flag = 1
	}
	if cap(ls.outs) < len(ls.outcomes) {
		ls.outs = make([]outcomeOf[T], len(ls.outcomes), maxLaneRows)
	}
	ls.outs = ls.outs[:len(ls.outcomes)]
	// In single precision, lanes.FillRows32's sources too.
	single := ls.width() == lanes.Width32
	ls.src = ls.src[:0]
	lastKey, last := ^uint32(0), levelEntry[T]{}
	for i := range ls.outcomes {
		o := &ls.outcomes[i]
		after, gain := u, o.gain
		if o.upper {
			after += o.points
			if u < t && after >= t {
				gain += r.BonusPoints
			}
		}
		k := (st.Filled|o.box)<<7 | uint32(min(after, t))<<1 | flag | o.flag
		if k != lastKey {
			lastKey, last = k, levelEntry[T]{}
			if e := next.entry(k); e != nil {
				last = *e
			}
		}
		g := gain + int(last.off) - ls.off
		ls.outs[i] = outcomeOf[T]{g: g, v: last.v, lead: int(last.lead)}
		if single {
			ls.src = append(ls.src, lanes.ShiftedOf(unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(last.v))), len(last.v)), g))
		}
		bound = max(bound, g+len(last.v))
	}
	// Which boxes fold: those whose points all lead to one vector, and the
	// upper boxes.
	ls.base = ls.base[:0]
	var folded uint32
	for c := range p.cats {
		if st.IsFilled(c) {
			continue
		}
		lc, pc := &ls.cats[c], &p.cats[c]
		lc.list = pc.others
		if !fold {
			continue
		}
		first := ls.outs[lc.first].v
		same := true
		for j := 1; j < len(pc.points); j++ {
			if !sameVector(ls.outs[lc.first+j].v, first) {
				same = false
				break
			}
		}
		if same || (p.upper[c] && !ls.exactFold) {
			ls.base = append(ls.base, uint8(lc.first))
			lc.list = pc.above
			folded |= 1 << uint(c)
		}
	}
	ls.start, ls.zero = uint8(len(ls.outs)), uint8(len(ls.outs)+1)
	if cap(ls.rows) < maxLaneRows {
		ls.rows = lanes.AlignedRows(maxLaneRows)
	}
	if !ls.planBest(fold, folded) {
		return 0, false
	}
	return bound, true
}

// plannedOutcome is an outcome of the lane turn before the upper total is
// known: the box (its bit in the category set), the points it scores and
// its gain without the upper bonus (with the Yacht extra bonus), whether
// the points add to the upper total and whether they set the Yacht flag
// (as stateKey's last bit: only under rules that track it).
type plannedOutcome struct {
	box, flag    uint32 // flag: 1 when the outcome sets a tracked Yacht flag
	points, gain int
	upper        bool
}

// planOutcomes lists in ls.outcomes the outcomes of the category set and
// flag of st, each box's points in order, then the scorings of five of a
// kind that no other pattern's points give, and each box's patterns of five
// of a kind in ls.cats. It reports false when they are more than the lanes
// can index.
func (ls *laneScratch[T]) planOutcomes(r *yacht.Rules, st yacht.State) bool {
	p := ls.plan
	ls.outcomes = ls.outcomes[:0]
	tracks := r.TracksYachtBonus()
	add := func(o yacht.Scoring) {
		c := &r.Categories[o.Category]
		var flag uint32
		if tracks && c.Kind == yacht.KindYacht && o.Points > 0 {
			flag = 1
		}
		ls.outcomes = append(ls.outcomes, plannedOutcome{
			box: 1 << uint(o.Category), flag: flag, points: o.Points, gain: o.Points + o.ExtraBonus,
			upper: c.Kind == yacht.KindUpper,
		})
	}
	for c := range p.cats {
		lc := &ls.cats[c]
		lc.list, lc.fives = nil, lc.fives[:0]
		if st.IsFilled(c) {
			continue
		}
		pc := &p.cats[c]
		if len(ls.outcomes)+len(pc.points) > maxLaneRows {
			return false
		}
		lc.first = len(ls.outcomes)
		for _, pts := range pc.points {
			// As AppendScorings scores a pattern other than five of a
			// kind: the box's points (the upper bonus they complete is
			// added by prepare).
			add(yacht.Scoring{Category: c, Points: pts})
		}
	}
	for _, w := range p.fives {
		ls.opts = r.AppendScorings(ls.opts[:0], st, yacht.Pattern(int(w)))
		for _, o := range ls.opts {
			lc, pc := &ls.cats[o.Category], &p.cats[o.Category]
			i := -1
			if o.ExtraBonus == 0 {
				// The outcome of these points on another pattern, if any
				// (the joker's flag changes neither the gain nor the state
				// after).
				if j, found := slices.BinarySearch(pc.points, o.Points); found {
					i = lc.first + j
				}
			}
			if i < 0 {
				if len(ls.outcomes) == maxLaneRows {
					return false
				}
				i = len(ls.outcomes)
				add(o)
			}
			lc.idx[w] = uint8(i)
			lc.fives = append(lc.fives, w)
		}
	}
	return len(ls.outcomes)+2 <= maxLaneRows
}

// planBest lists each pattern's rows in ls.best and finds ls.sure: every
// pattern but five of a kind starts from the start row (the folded boxes'
// lowest outcomes; or from a joined row, see buildBest), five of a kind
// (scored by the rules' joker) from its boxes alone, or the zero row when
// it has none. The lists depend only on the planned outcomes
// (planOutcomes) and which boxes fold (folded, a bit each), so they are
// rebuilt only when those change. It returns false when a pattern has more
// rows than lanes.MaxPatternRows.
func (ls *laneScratch[T]) planBest(fold bool, folded uint32) bool {
	b := builtBest{ls.planGen, folded, fold}
	hit := -1
	for i := range ls.bests {
		if ls.bests[i].key == b && ls.bests[i].rows != nil {
			hit = i
			break
		}
	}
	if hit < 0 {
		// The least recently built goes.
		hit = ls.nextBest
		ls.nextBest = (ls.nextBest + 1) % len(ls.bests)
		e := &ls.bests[hit]
		if e.rows == nil {
			e.rows = new(lanes.PatternRows)
		}
		e.key, e.ok = b, ls.buildBest(e, folded)
	}
	e := &ls.bests[hit]
	if !e.ok {
		return false
	}
	ls.best, ls.joined = e.rows, e.joined
	ls.rows = ls.rows[:len(ls.outs)+2+len(ls.joined)]
	ls.sure = 0
	if !fold {
		return true
	}
	// Row i is certain up to need ones[i]: the points it gains, then the
	// leading ones of the chances after it (they do not grow with the
	// need). The row of starts is certain as far as its best row is.
	ls.ones = ls.ones[:0]
	most := 0
	for _, oc := range ls.outs {
		n := oc.g + oc.lead
		ls.ones = append(ls.ones, n)
		most = max(most, n)
	}
	if most < ls.width() {
		// No row of needs can be certain.
		return true
	}
	startOnes := 0
	for _, i := range ls.base {
		startOnes = max(startOnes, ls.ones[i])
	}
	ls.ones = append(ls.ones, startOnes, 0)
	for _, i := range ls.joined {
		ls.ones = append(ls.ones, max(startOnes, ls.ones[i]))
	}
	if ls.sure = ls.best.MinOfMax(ls.ones, ls.width()); ls.sure < ls.width() {
		ls.sure = 0
	}
	return true
}

// builtRows is a PatternRows built for key, and whether it could be, with
// the rows it reads joined with the start (see buildBest).
type builtRows struct {
	key    builtBest
	ok     bool
	rows   *lanes.PatternRows
	joined []uint8
}

// builtBest names what a PatternRows was built for: the planned outcomes (by
// their generation), the folded boxes and fold.
type builtBest struct {
	gen    int
	folded uint32
	fold   bool
}

// buildBest lists each pattern's rows in e.rows (see planBest), with the
// folded boxes' outcomes folded into the start row (folded: a bit each).
//
// Every pattern but five of a kind reads the start row, so the box whose
// rows the most of them read also joins it: FillRows32 writes, after the
// zero row, the lane-wise maximum of the start and each of the box's rows
// those patterns read (e.joined names them), and each such pattern reads
// that row alone in place of the two (the same maximum, bit for bit).
// Where Chance is open, every pattern reads one of its rows: a row fewer
// for every pattern, for 25 rows more filled (MaxOver32 about a sixth
// faster on tables of 3–6 rows a pattern; Yatzy target advice from the
// empty sheet 2 % faster, the same bits).
func (ls *laneScratch[T]) buildBest(e *builtRows, folded uint32) bool {
	join, lo, gain := -1, 0, 0
	if len(ls.base) > 0 && !ls.noJoin {
		for c := range ls.cats {
			lc := &ls.cats[c]
			// A folded box's patterns read its rows above its fewest points.
			l := 0
			if folded&(1<<uint(c)) != 0 {
				l = 1
			}
			m := len(ls.plan.cats[c].points) - l
			if g := len(lc.list) - m; len(lc.list) > 0 && g > gain && len(ls.outs)+2+m <= maxLaneRows {
				join, lo, gain = c, l, g
			}
		}
	}
	e.joined = e.joined[:0]
	var joins [yacht.NumPatterns]bool
	if join >= 0 {
		lc := &ls.cats[join]
		for j := lo; j < len(ls.plan.cats[join].points); j++ {
			e.joined = append(e.joined, uint8(lc.first+j))
		}
		for _, w := range lc.list {
			joins[w] = true
		}
	}
	best := e.rows
	best.Reset(len(ls.outs) + 2 + len(e.joined))
	for w := 0; w < yacht.NumPatterns; w++ {
		if !ls.plan.five[w] && !joins[w] {
			best.Add(w, ls.start)
		}
	}
	for c := range ls.cats {
		lc := &ls.cats[c]
		// A box's outcomes on the patterns other than five of a kind are
		// its points' outcomes, listed from lc.first.
		at := &ls.plan.cats[c].at
		for _, w := range lc.list {
			i := uint8(lc.first) + at[w]
			if c == join {
				i = ls.zero + 1 + at[w] - uint8(lo)
			}
			if !best.Add(int(w), i) {
				return false
			}
		}
		for _, w := range lc.fives {
			if !best.Add(int(w), lc.idx[w]) {
				return false
			}
		}
	}
	for w := 0; w < yacht.NumPatterns; w++ {
		if best.Empty(w) {
			best.Add(w, ls.zero)
		}
	}
	best.Build()
	return true
}

// leadingOnes is how many chances at the start of v are 1, for chances
// that do not grow with the need (a binary search: the certain needs
// run to a few dozen).
func leadingOnes[T chance](v []T) int {
	lo, n := 0, len(v)
	for n > 0 {
		half := n / 2
		if v[lo+half] == 1 {
			lo, n = lo+half+1, n-half-1
		} else {
			n = half
		}
	}
	return lo
}

// boolByte is 1 for true, 0 for false.
func boolByte(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// width is how many needs a row holds: eight in double precision, sixteen
// in single.
func (ls *laneScratch[T]) width() int {
	return int(unsafe.Sizeof(lanes.Row{}) / unsafe.Sizeof(T(0)))
}

// sameVector reports whether a and b are the same stored chances.
func sameVector[T chance](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// solveTargetLanes is solveTargetTurn without the keep values (the
// induction over every state reads only the chances from the start of the
// turn): for state st and needs ls.off+1 … ls.off+l (the outcomes' gains
// shifted by their offsets, see prepare), the best probability of gaining
// at least that many more points, into out (which it returns cut to the needs
// computed; every chance beyond is 0, or below tailTrim after an early
// stop, and is read as 0). It runs a row's needs at a time: eight in
// double precision, sixteen in single (the target table's build, whose
// chances are kept in single precision). monotone says that next's vectors
// do not grow with the need (true of chances of reaching a target; the
// values of beating opponents are not computed so): the turn then folds
// the boxes (see prepare) and stops after the first row of needs whose
// last chance is below tailTrim. It returns false, computing nothing, when
// the turn has too many distinct outcomes for the lanes.
func solveTargetLanes[T chance](r *yacht.Rules, next levelOf[T], st yacht.State, l int, monotone bool, ls *laneScratch[T], out []T) ([]T, bool) {
	bound, ok := ls.prepare(r, next, st, monotone)
	if !ok {
		return nil, false
	}
	l = min(l, bound, len(out))
	out = out[:l]
	width := ls.width()
	single := width == lanes.Width32
	src := ls.src // single precision: the outcomes' sources, set by prepare
	pats := (*[yacht.NumPatterns]lanes.Row)(ls.kv[yacht.FirstPattern:])
	for n0 := 0; n0 < l; n0 += width {
		if monotone && n0+width <= ls.sure && !ls.computeCertain {
			// Every pattern's best box makes every need of the row
			// certain.
			copy(out[n0:min(l, n0+width)], ls.certainRow(pats, single))
			continue
		}
		// Each outcome's chance for needs n0+1 … n0+width: certain up to
		// the points it gains, then the chance after it of the rest, then
		// none; then the start row, the folded boxes' lowest outcomes lane
		// by lane, the zero row and the joined rows.
		if single {
			lanes.FillRows32(rows32(ls.rows), src, n0, ls.base, ls.joined)
		} else {
			ls.fillRows(n0)
		}
		last := ls.turn(pats, single, out[n0:min(l, n0+width)])
		if monotone && last < tailTrim {
			// The chances do not grow with the need (each is a mean or a
			// maximum of chances that do not, and rounding is monotone):
			// every later one would be trimmed too.
			return out[:min(l, n0+width)], true
		}
	}
	return out, true
}

// fillRows is lanes.FillRows32 on rows of eight double-precision lanes.
func (ls *laneScratch[T]) fillRows(n0 int) {
	for i, oc := range ls.outs {
		lanes.FillLanes(unsafe.Slice((*T)(unsafe.Pointer(&ls.rows[i])), ls.width()), oc.v, oc.g, n0)
	}
	ls.rows[ls.start], ls.rows[ls.zero] = lanes.Row{}, lanes.Row{}
	for _, i := range ls.base {
		lanes.Max(&ls.rows[ls.start], &ls.rows[i])
	}
	for j, i := range ls.joined {
		r := &ls.rows[int(ls.zero)+1+j]
		*r = ls.rows[ls.start]
		lanes.Max(r, &ls.rows[i])
	}
}

// turn runs the turn on the outcomes' rows: each pattern's best box into
// pats, then the keeps; it sets out (at most a row of needs) to the chances
// and returns the row's last chance.
func (ls *laneScratch[T]) turn(pats *[yacht.NumPatterns]lanes.Row, single bool, out []T) float64 {
	if single {
		lanes.MaxOver32((*[yacht.NumPatterns]lanes.Row32)(unsafe.Pointer(pats)), rows32(ls.rows), ls.best)
		sum := lanes.RollBack32((*[yacht.NumKeeps]lanes.Row32)(unsafe.Pointer(ls.kv)))
		for j := range out {
			out[j] = T(min(sum[j], 1))
		}
		return sum[len(sum)-1]
	}
	lanes.MaxOver(pats, ls.rows, ls.best)
	sum := lanes.RollBack(ls.kv)
	for j := range out {
		out[j] = T(min(sum[j], 1))
	}
	return sum[len(sum)-1]
}

// certainRow is ls.certain, computed the first time: the keeps' turn on
// patterns whose every lane is 1.
func (ls *laneScratch[T]) certainRow(pats *[yacht.NumPatterns]lanes.Row, single bool) []T {
	if ls.certain == nil {
		var ones lanes.Row
		lanesOf := unsafe.Slice((*T)(unsafe.Pointer(&ones)), unsafe.Sizeof(ones)/unsafe.Sizeof(T(0)))
		for j := range lanesOf {
			lanesOf[j] = 1
		}
		for w := range pats {
			pats[w] = ones
		}
		var sum []float64
		if single {
			s := lanes.RollBack32((*[yacht.NumKeeps]lanes.Row32)(unsafe.Pointer(ls.kv)))
			sum = s[:]
		} else {
			s := lanes.RollBack(ls.kv)
			sum = s[:]
		}
		ls.certain = make([]T, len(sum))
		for j, v := range sum {
			ls.certain[j] = T(min(v, 1))
		}
	}
	return ls.certain
}

// rows32 views rows as rows of sixteen single-precision lanes.
func rows32(rs []lanes.Row) []lanes.Row32 {
	return unsafe.Slice((*lanes.Row32)(unsafe.Pointer(unsafe.SliceData(rs))), len(rs))
}
