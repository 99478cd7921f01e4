package finalscore

import (
	"unsafe"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/lanes"
)

// The target table's turn, eight needs at a time. A state's chances for
// needs n0+1 … n0+8 go through the turn exactly as the max-expectation
// table's eight classes do: the best box for each pattern, the one-die
// averages and the best keeps (lanes.MaxIndexed and lanes.RollBack, in
// AVX-512 or AVX2 assembly where the processor has it), with the needs in
// the lanes instead of the classes. Each keep's eight needs then sit in one
// 64-byte row, so the whole turn stays in the first-level cache, where the
// vector-by-vector turn (solveTargetTurn) streams vectors of every need
// through it for each keep.

// maxLaneRows is how many distinct (points gained, state after) outcomes a
// turn may have for the lane turn: lanes.MaxIndexed indexes them by a byte.
const maxLaneRows = 256

// lanePlan is what the lane turn reads of a rule set for every state: each
// box's points for each pattern, and which patterns are five of a kind
// (scored through the rules' joker and extra-bonus logic).
type lanePlan struct {
	points [][yacht.NumPatterns]uint8 // by category
	five   [yacht.NumPatterns]bool
	// maxPoints is the largest score of any box, plus one.
	maxPoints int
}

func newLanePlan(r *yacht.Rules) *lanePlan {
	p := &lanePlan{points: make([][yacht.NumPatterns]uint8, len(r.Categories))}
	for w := 0; w < yacht.NumPatterns; w++ {
		pat := yacht.Pattern(w)
		p.five[w] = pat.IsYacht()
		for c := range r.Categories {
			pts := r.Categories[c].PointsFor(pat)
			if pts < 0 || pts > 255 {
				panic("finalscore: a box scores outside 0..255")
			}
			p.points[c][w] = uint8(pts)
			p.maxPoints = max(p.maxPoints, pts+1)
		}
	}
	return p
}

// laneScratch is one worker's buffers for the lane turn.
type laneScratch struct {
	plan *lanePlan
	kv   [yacht.NumKeeps]lanes.Row
	// rows holds, for the current eight needs, each outcome's chances.
	rows []lanes.Row
	// outs lists the distinct outcomes (points gained, chances after).
	outs []scoredOutcome
	// cats lists, for each open category, the outcome of each pattern
	// (idx) and the patterns that may score it (list).
	cats []laneCategory
	// base lists the outcomes every pattern but five of a kind starts
	// from (fold).
	base []uint8
	// seen maps a category's points to 1 + their outcome (0: not yet),
	// category by category, for patterns other than five of a kind.
	seen []int16
	opts []yacht.Scoring
}

// laneCategory is one open category of the lane turn.
type laneCategory struct {
	idx  [yacht.NumPatterns]uint8
	list []uint8
}

// prepare lists st's outcomes for the lane turn and returns the largest
// number of points any of them can still lead to with a kept chance, or
// false when the turn has more distinct outcomes than the lanes can index.
func (ls *laneScratch) prepare(r *yacht.Rules, next targetLevel, st yacht.State) (bound int, ok bool) {
	p := ls.plan
	nc := len(r.Categories)
	ls.outs = ls.outs[:0]
	if len(ls.cats) < nc {
		ls.cats = make([]laneCategory, nc)
		ls.seen = make([]int16, nc*p.maxPoints)
	}
	clear(ls.seen)
	for c := 0; c < nc; c++ {
		ls.cats[c].list = ls.cats[c].list[:0]
	}
	// add records outcome o of pattern w, found again by its category and
	// points when key is true.
	add := func(w int, o yacht.Scoring, key bool) bool {
		lc := &ls.cats[o.Category]
		slot := &ls.seen[o.Category*p.maxPoints+o.Points]
		if key && *slot > 0 {
			lc.idx[w] = uint8(*slot - 1)
			lc.list = append(lc.list, uint8(w))
			return true
		}
		g := o.Gain()
		v := next[distKey(r, r.Next(st, o))]
		i := len(ls.outs) - 1
		for ; i >= 0; i-- {
			oc := &ls.outs[i]
			if oc.g == g && len(oc.v) == len(v) && (len(v) == 0 || &oc.v[0] == &v[0]) {
				break
			}
		}
		if i < 0 {
			if len(ls.outs) == maxLaneRows {
				return false
			}
			i = len(ls.outs)
			ls.outs = append(ls.outs, scoredOutcome{g, v})
			bound = max(bound, g+len(v))
		}
		if key {
			*slot = int16(i + 1)
		}
		lc.idx[w] = uint8(i)
		lc.list = append(lc.list, uint8(w))
		return true
	}
	for w := 0; w < yacht.NumPatterns; w++ {
		if p.five[w] {
			// Five of a kind: the joker and the extra bonus, as the rules
			// say.
			ls.opts = r.AppendScorings(ls.opts[:0], st, yacht.Pattern(w))
			for _, o := range ls.opts {
				if !add(w, o, false) {
					return 0, false
				}
			}
			continue
		}
		// Any other pattern scores each open box at its points (as
		// AppendScorings does), with the upper bonus it completes.
		for c := 0; c < nc; c++ {
			if st.IsFilled(c) {
				continue
			}
			o := yacht.Scoring{Category: c, Points: int(p.points[c][w])}
			if r.Categories[c].Kind == yacht.KindUpper && st.Upper < r.BonusThreshold && st.Upper+o.Points >= r.BonusThreshold {
				o.UpperBonus = r.BonusPoints
			}
			if !add(w, o, true) {
				return 0, false
			}
		}
	}
	if cap(ls.rows) < len(ls.outs) {
		ls.rows = make([]lanes.Row, maxLaneRows)
	}
	ls.rows = ls.rows[:len(ls.outs)]
	return bound, true
}

// fold finds the boxes whose outcome, on every pattern but five of a kind,
// is one chance vector shifted by the points: the outcome with the fewest
// points is then below every other lane by lane (the vectors do not grow
// with the need), so it can be the starting value of every such pattern
// (ls.base) and only the patterns that score more need the box's maximum.
// Most patterns score nothing in Yacht, the straights, the full house or
// four of a kind, so this halves the maxima.
func (ls *laneScratch) fold() {
	p := ls.plan
	ls.base = ls.base[:0]
	for c := range ls.cats {
		lc := &ls.cats[c]
		if len(lc.list) == 0 {
			continue
		}
		low := -1
		for _, w := range lc.list {
			if p.five[w] {
				continue
			}
			if i := int(lc.idx[w]); low < 0 || ls.outs[i].g < ls.outs[low].g {
				low = i
			}
		}
		if low < 0 {
			continue
		}
		same := true
		for _, w := range lc.list {
			o := &ls.outs[lc.idx[w]]
			if !p.five[w] && (len(o.v) != len(ls.outs[low].v) || len(o.v) > 0 && &o.v[0] != &ls.outs[low].v[0]) {
				same = false
				break
			}
		}
		if !same {
			continue
		}
		ls.base = append(ls.base, uint8(low))
		kept := lc.list[:0]
		for _, w := range lc.list {
			if p.five[w] || int(lc.idx[w]) != low {
				kept = append(kept, w)
			}
		}
		lc.list = kept
	}
}

// solveTargetLanes is solveTargetTurn without the keep values (the
// induction over every state reads only the chances from the start of the
// turn): for state st and every n = 1..l, the best probability of gaining
// at least n more points, into out (which it returns cut to the needs
// computed; every chance beyond is 0). monotone says that next's vectors
// do not grow with the need (true of chances of reaching a target; the
// values of beating opponents are not computed so): the turn then folds
// the boxes (fold) and stops after the first eight needs whose last chance
// is below tailTrim. It returns false, computing
// nothing, when the turn has too many distinct outcomes for the lanes.
func solveTargetLanes(r *yacht.Rules, next targetLevel, st yacht.State, l int, monotone bool, ls *laneScratch, out []float64) ([]float64, bool) {
	bound, ok := ls.prepare(r, next, st)
	if !ok {
		return nil, false
	}
	if monotone {
		ls.fold()
	} else {
		ls.base = ls.base[:0]
	}
	l = min(l, bound, len(out))
	out = out[:l]
	pats := (*[yacht.NumPatterns]lanes.Row)(unsafe.Pointer(&ls.kv[yacht.FirstPattern]))
	for n0 := 0; n0 < l; n0 += lanes.Width {
		// Each outcome's chance for needs n0+1 … n0+8: certain up to the
		// points it gains, then the chance after it of the rest.
		for i, oc := range ls.outs {
			row := &ls.rows[i]
			switch k := n0 + 1 - oc.g; {
			case k+lanes.Width-1 <= 0:
				*row = lanes.Row{1, 1, 1, 1, 1, 1, 1, 1}
				continue
			case k > len(oc.v):
				*row = lanes.Row{}
				continue
			case k >= 1 && k+lanes.Width-1 <= len(oc.v):
				*row = lanes.Row(oc.v[k-1 : k-1+lanes.Width])
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
			lanes.Max(&start, &ls.rows[i])
		}
		for w := range pats {
			if ls.plan.five[w] {
				pats[w] = lanes.Row{}
			} else {
				pats[w] = start
			}
		}
		for c := range ls.cats {
			if lc := &ls.cats[c]; len(lc.list) > 0 {
				lanes.MaxIndexed(pats, ls.rows, &lc.idx, lc.list)
			}
		}
		sum := lanes.RollBack(&ls.kv)
		for j := 0; j < lanes.Width && n0+j < l; j++ {
			out[n0+j] = min(sum[j], 1)
		}
		if monotone && sum[lanes.Width-1] < tailTrim {
			// The chances do not grow with the need (each is a mean or a
			// maximum of chances that do not, and rounding is monotone):
			// every later one would be trimmed too.
			return out[:min(l, n0+lanes.Width)], true
		}
	}
	return out, true
}
