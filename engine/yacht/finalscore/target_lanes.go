package finalscore

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
// best keeps (lanes.MaxIndexed and lanes.RollBack, or MaxIndexed32 and
// RollBack32, in AVX-512 or AVX2 assembly where the processor has it),
// with the needs in the lanes instead of the classes. Each keep's needs
// then sit in one 64-byte row, so the turn works on about 46 KB (the keeps
// and the outcomes' rows), where the vector-by-vector turn
// (solveTargetTurn) streams vectors of every need through the cache for
// each keep.

// maxLaneRows is how many distinct (points gained, state after) outcomes a
// turn may have for the lane turn: lanes.MaxIndexed indexes them by a byte.
// No state of the presets comes near it (Pancht's most is about 206); a
// turn beyond it would run the vector-by-vector turn instead.
const maxLaneRows = 256

// lanePlan is what the lane turn reads of a rule set for every state: for
// each box, the points it gives the patterns other than five of a kind
// (five of a kind is scored through the rules' joker and extra bonus).
type lanePlan struct {
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
	p := &lanePlan{cats: make([]planCategory, len(r.Categories))}
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
	// kv holds the keeps' rows; it and rows start on 64-byte lines
	// (lanes.AlignedRows).
	kv *[yacht.NumKeeps]lanes.Row
	// rows holds, for the current needs, each outcome's chances.
	rows []lanes.Row
	// outs lists the distinct outcomes (points gained, chances after).
	outs []outcomeOf[T]
	// cats holds, for each box, the outcome of each pattern (idx), the
	// patterns other than five of a kind whose maximum the turn takes
	// (list) and the patterns of five of a kind that may score it (fives).
	cats []laneCategory
	// base lists the outcomes every pattern but five of a kind starts
	// from (see prepare).
	base []uint8
	// local maps a box's points (planCategory.points) to their outcome.
	local []uint8
	opts  []yacht.Scoring
}

// laneCategory is one box of the lane turn.
type laneCategory struct {
	idx         [yacht.NumPatterns]uint8
	list, fives []uint8
	// first is the place in outs of the box's outcome of its fewest
	// points.
	first int
}

// prepare lists st's outcomes for the lane turn and returns the largest
// number of points any of them can still lead to with a kept chance, or
// false when the turn has more distinct outcomes than the lanes can index.
//
// With fold (the chance vectors do not grow with the need), a box whose
// outcomes on every pattern but five of a kind are one chance vector
// shifted by the points has its outcome of fewest points below all its
// others lane by lane, so that outcome is where every such pattern starts
// (ls.base) and only the patterns that score more need the box's maximum.
// Most patterns score nothing in Yacht, the straights, the full house or
// four of a kind, so this halves the maxima without changing a bit.
func (ls *laneScratch[T]) prepare(r *yacht.Rules, next levelOf[T], st yacht.State, fold bool) (bound int, ok bool) {
	p := ls.plan
	ls.outs, ls.base = ls.outs[:0], ls.base[:0]
	if ls.kv == nil {
		ls.kv = (*[yacht.NumKeeps]lanes.Row)(lanes.AlignedRows(yacht.NumKeeps))
	}
	if len(ls.cats) < len(p.cats) {
		ls.cats = make([]laneCategory, len(p.cats))
	}
	outcome := func(o yacht.Scoring) outcomeOf[T] {
		return outcomeOf[T]{o.Gain(), next[distKey(r, r.Next(st, o))]}
	}
	for c := range p.cats {
		lc := &ls.cats[c]
		lc.list, lc.fives = nil, lc.fives[:0]
		if st.IsFilled(c) {
			continue
		}
		pc := &p.cats[c]
		if len(ls.outs)+len(pc.points) > maxLaneRows {
			return 0, false
		}
		lc.first = len(ls.outs)
		ls.local = ls.local[:0]
		same := true
		for _, pts := range pc.points {
			// As AppendScorings scores a pattern other than five of a
			// kind: the box's points, with the upper bonus they complete.
			o := yacht.Scoring{Category: c, Points: pts}
			if r.Categories[c].Kind == yacht.KindUpper && st.Upper < r.BonusThreshold && st.Upper+pts >= r.BonusThreshold {
				o.UpperBonus = r.BonusPoints
			}
			oc := outcome(o)
			if len(ls.local) > 0 && !sameVector(oc.v, ls.outs[lc.first].v) {
				same = false
			}
			ls.local = append(ls.local, uint8(len(ls.outs)))
			ls.outs = append(ls.outs, oc)
			bound = max(bound, oc.g+len(oc.v))
		}
		for _, w := range pc.others {
			lc.idx[w] = ls.local[pc.at[w]]
		}
		lc.list = pc.others
		if fold && same {
			ls.base = append(ls.base, uint8(lc.first))
			lc.list = pc.above
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
				if len(ls.outs) == maxLaneRows {
					return 0, false
				}
				oc := outcome(o)
				i = len(ls.outs)
				ls.outs = append(ls.outs, oc)
				bound = max(bound, oc.g+len(oc.v))
			}
			lc.idx[w] = uint8(i)
			lc.fives = append(lc.fives, w)
		}
	}
	if cap(ls.rows) < len(ls.outs) {
		ls.rows = lanes.AlignedRows(maxLaneRows)
	}
	ls.rows = ls.rows[:len(ls.outs)]
	return bound, true
}

// sameVector reports whether a and b are the same stored chances.
func sameVector[T chance](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// solveTargetLanes is solveTargetTurn without the keep values (the
// induction over every state reads only the chances from the start of the
// turn): for state st and every n = 1..l, the best probability of gaining
// at least n more points, into out (which it returns cut to the needs
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
	width := int(unsafe.Sizeof(lanes.Row{}) / unsafe.Sizeof(T(0)))
	single := width == lanes.Width32
	view := func(row *lanes.Row) []T { return unsafe.Slice((*T)(unsafe.Pointer(row)), width) }
	pats := (*[yacht.NumPatterns]lanes.Row)(ls.kv[yacht.FirstPattern:])
	for n0 := 0; n0 < l; n0 += width {
		// Each outcome's chance for needs n0+1 … n0+width: certain up to
		// the points it gains, then the chance after it of the rest.
		for i, oc := range ls.outs {
			row := view(&ls.rows[i])
			switch k := n0 + 1 - oc.g; {
			case k+width-1 <= 0:
				for j := range row {
					row[j] = 1
				}
				continue
			case k > len(oc.v):
				clear(row)
				continue
			case k >= 1 && k+width-1 <= len(oc.v):
				copy(row, oc.v[k-1:k-1+width])
				continue
			}
			for j := range row {
				n := n0 + j + 1
				switch k := n - oc.g; {
				case k <= 0:
					row[j] = 1
				case k <= len(oc.v):
					row[j] = oc.v[k-1]
				default:
					row[j] = 0
				}
			}
		}
		// Every pattern starts from the folded boxes' lowest outcomes,
		// five of a kind (scored by the rules' joker) from nothing.
		var start lanes.Row
		for _, i := range ls.base {
			if single {
				lanes.Max32(row32(&start), row32(&ls.rows[i]))
			} else {
				lanes.Max(&start, &ls.rows[i])
			}
		}
		for w := range pats {
			if ls.plan.five[w] {
				pats[w] = lanes.Row{}
			} else {
				pats[w] = start
			}
		}
		for c := range ls.cats {
			lc := &ls.cats[c]
			for _, list := range [2][]uint8{lc.list, lc.fives} {
				switch {
				case len(list) == 0:
				case single:
					lanes.MaxIndexed32((*[yacht.NumPatterns]lanes.Row32)(unsafe.Pointer(pats)), rows32(ls.rows), &lc.idx, list)
				default:
					lanes.MaxIndexed(pats, ls.rows, &lc.idx, list)
				}
			}
		}
		var last float64
		if single {
			sum := lanes.RollBack32((*[yacht.NumKeeps]lanes.Row32)(unsafe.Pointer(ls.kv)))
			for j := 0; j < width && n0+j < l; j++ {
				out[n0+j] = T(min(sum[j], 1))
			}
			last = sum[width-1]
		} else {
			sum := lanes.RollBack(ls.kv)
			for j := 0; j < width && n0+j < l; j++ {
				out[n0+j] = T(min(sum[j], 1))
			}
			last = sum[width-1]
		}
		if monotone && last < tailTrim {
			// The chances do not grow with the need (each is a mean or a
			// maximum of chances that do not, and rounding is monotone):
			// every later one would be trimmed too.
			return out[:min(l, n0+width)], true
		}
	}
	return out, true
}

// row32 views a row as sixteen single-precision lanes.
func row32(r *lanes.Row) *lanes.Row32 { return (*lanes.Row32)(unsafe.Pointer(r)) }

// rows32 views rows as rows of sixteen single-precision lanes.
func rows32(rs []lanes.Row) []lanes.Row32 {
	return unsafe.Slice((*lanes.Row32)(unsafe.Pointer(unsafe.SliceData(rs))), len(rs))
}
