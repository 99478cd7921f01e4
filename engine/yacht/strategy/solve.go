package strategy

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/lanes"
	"github.com/alea-bot/alea/engine/yacht/internal/parallel"
)

// space is the dice space the solver and Advise walk, immutable after
// construction.
var space = yacht.NewDiceSpace()

// firstPattern is the keep index of the first pattern.
const firstPattern = yacht.FirstPattern

// Table holds Ẽ(s) of the exact Yacht strategy (最大期待値戦略の計算手法の整理) — the expected score still to come under
// optimal play, bonuses included — for every reachable class of sheets
// (filled categories, upper total capped at the bonus threshold, and the
// Yacht-bonus flag where the rules track it). A Table is immutable and safe for concurrent use.
type Table struct {
	rules    *yacht.Rules
	sol      *solver
	ev       []float64
	computed int // number of states whose value was computed
	// scratch recycles Advise's buffers.
	scratch sync.Pool
}

// solver is the rule set compiled for the inner loops.
type solver struct {
	r         *yacht.Rules
	n         int
	threshold int
	bonus     int
	flagBits  uint
	pts       [][yacht.NumPatterns]int16
	face      []int // upper face of category i, 0 for the lower section
	upperCats []int
	lowerCats []int
	// scoring[i] lists the patterns category i scores points for (the
	// patterns holding its face, for an upper category).
	scoring [][]uint8
	// pointValues[i] lists the distinct points category i scores
	// (ascending), and pointIndex[i][w] the position of pattern w's points
	// in it.
	pointValues [][]float64
	pointIndex  [][yacht.NumPatterns]uint8
	yacht       int
	// special is set when five equal dice can score differently from
	// PointsFor (jokers, extra bonuses).
	special bool
	// reach[m] is the bitset of capped upper totals reachable when the
	// upper categories with bits m (bit j = upperCats[j]) are filled.
	reach []uint64
	// rest[m] is the set of upper totals the upper categories still open
	// can add when those with bits m are filled: bit x of rest[m][0] for
	// x < 64, rest[m][1] != 0 when some total of 64 or more is possible.
	rest [][2]uint64
	// faceCount[f][w] is how many dice of pattern w show face f+1.
	faceCount [6][yacht.NumPatterns]uint8
	// yachtPattern[f] is the pattern index of five dice showing f+1.
	yachtPattern [6]int
}

func compile(r *yacht.Rules) (*solver, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	s := &solver{r: r, n: len(r.Categories), threshold: r.BonusThreshold, bonus: r.BonusPoints, yacht: r.YachtIndex()}
	if r.TracksYachtBonus() {
		s.flagBits = 1
	}
	s.special = r.ExtraYachtBonus != 0 || r.Joker != yacht.NoJoker
	s.pts = make([][yacht.NumPatterns]int16, s.n)
	s.face = make([]int, s.n)
	s.scoring = make([][]uint8, s.n)
	s.pointValues = make([][]float64, s.n)
	s.pointIndex = make([][yacht.NumPatterns]uint8, s.n)
	for i := range r.Categories {
		c := &r.Categories[i]
		for w := 0; w < yacht.NumPatterns; w++ {
			s.pts[i][w] = int16(c.PointsFor(yacht.Pattern(w)))
			if s.pts[i][w] > 0 {
				s.scoring[i] = append(s.scoring[i], uint8(w))
			}
		}
		vals := slices.Clone(s.pts[i][:])
		slices.Sort(vals)
		vals = slices.Compact(vals)
		if len(vals) > 1<<8 {
			return nil, fmt.Errorf("strategy: category %d scores more than 256 different points", i)
		}
		for _, p := range vals {
			s.pointValues[i] = append(s.pointValues[i], float64(p))
		}
		for w, p := range s.pts[i] {
			k, _ := slices.BinarySearch(vals, p)
			s.pointIndex[i][w] = uint8(k)
		}
		if c.Kind == yacht.KindUpper {
			s.face[i] = c.Face
			s.upperCats = append(s.upperCats, i)
		} else {
			s.lowerCats = append(s.lowerCats, i)
		}
	}
	s.reach = make([]uint64, 1<<len(s.upperCats))
	for m := range s.reach {
		set := uint64(1)
		for j, ci := range s.upperCats {
			if m&(1<<j) == 0 {
				continue
			}
			f := s.face[ci]
			var next uint64
			for u := 0; u <= 63; u++ {
				if set&(1<<u) == 0 {
					continue
				}
				for k := 0; k <= yacht.NumDice; k++ {
					next |= 1 << min(s.threshold, u+k*f)
				}
			}
			set = next
		}
		s.reach[m] = set
	}
	s.rest = make([][2]uint64, len(s.reach))
	for m := range s.rest {
		sums := []bool{true}
		for j, ci := range s.upperCats {
			if m&(1<<j) != 0 {
				continue
			}
			next := make([]bool, len(sums)+yacht.NumDice*s.face[ci])
			for x, ok := range sums {
				for k := 0; ok && k <= yacht.NumDice; k++ {
					next[x+k*s.face[ci]] = true
				}
			}
			sums = next
		}
		for x, ok := range sums {
			if ok {
				s.rest[m][x>>6] |= 1 << (x & 63)
			}
		}
	}
	for w := 0; w < yacht.NumPatterns; w++ {
		for f := 0; f < 6; f++ {
			s.faceCount[f][w] = yacht.Pattern(w)[f]
		}
	}
	for f := 0; f < 6; f++ {
		var c yacht.Counts
		c[f] = yacht.NumDice
		s.yachtPattern[f] = int(space.KeepIndex(c)) - firstPattern
	}
	return s, nil
}

func (s *solver) size() int { return (1 << s.n) << 6 << s.flagBits }

// index maps a state to its slot in the table.
func (s *solver) index(filled uint32, upper int, flag bool) int {
	u := min(upper, s.threshold)
	i := (int(filled)<<6 | u) << s.flagBits
	if flag && s.flagBits != 0 && s.yacht >= 0 && filled&(1<<uint(s.yacht)) != 0 {
		i |= 1
	}
	return i
}

func (s *solver) reachable(filled uint32) uint64 { return s.reach[s.upperMask(filled)] }

// upperMask maps a category set to its upper categories (bit j =
// upperCats[j]), the index of reach and rest.
func (s *solver) upperMask(filled uint32) int {
	m := 0
	for j, ci := range s.upperCats {
		if filled&(1<<uint(ci)) != 0 {
			m |= 1 << j
		}
	}
	return m
}

// bonusKey tells apart the upper totals of a category set that have
// different futures. The rest of the game can add any total x of rest and
// earns the bonus when upper+x reaches the threshold, so the future depends
// on upper only through the smallest possible x that reaches it (x ≥
// threshold − upper): totals with the same smallest x — or none — have the
// same values in every later state. This is the equivalence ∼ of the exact
// Yacht strategy (最大期待値戦略の計算手法の整理) made
// finer than capping: for example once the bonus can no longer be reached,
// every lower total is alike.
func (s *solver) bonusKey(rest *[2]uint64, upper int) int {
	need := max(s.threshold-upper, 0)
	if r := rest[0] >> uint(need); r != 0 {
		return need + bits.TrailingZeros64(r)
	}
	if rest[1] != 0 {
		return 64
	}
	return 65
}

// scratch holds one worker's buffers, so the inner loops never allocate.
type scratch struct {
	e3   [yacht.NumPatterns]float64
	kv   [yacht.NumKeeps]float64
	mv   [yacht.NumKeeps]float64
	opts []yacht.Scoring
	// actions and order are Advise's list and its sorted positions.
	actions []Action
	order   []actionRank
}

// fillE3 computes Ẽ3(s, ω) for every pattern ω: the best over open
// categories c of Ẽ(s ∪ (c ↦ σ_c(ω))) + σ̃(s, c ↦ σ_c(ω)). Like
// fillE3Lanes, every pattern starts from the best category scoring 0 for it,
// and each category then visits only the patterns it scores points for.
func (s *solver) fillE3(ev []float64, st yacht.State, sc *scratch) {
	e3 := &sc.e3
	u := min(st.Upper, s.threshold)
	var upper [6][yacht.NumDice + 1]float64
	var lower [maxCategories]float64
	withFlag := 0.0
	zero := -1.0 // every value is ≥ 0
	for j, ci := range s.upperCats {
		if st.IsFilled(ci) {
			continue
		}
		next := st.Filled | 1<<uint(ci)
		f := s.face[ci]
		for n := 0; n <= yacht.NumDice; n++ {
			p := n * f
			v := float64(p)
			if u < s.threshold && u+p >= s.threshold {
				v += float64(s.bonus)
			}
			upper[j][n] = v + ev[s.index(next, u+p, st.YachtBonus)]
		}
		zero = max(zero, upper[j][0])
	}
	for _, ci := range s.lowerCats {
		if st.IsFilled(ci) {
			continue
		}
		next := st.Filled | 1<<uint(ci)
		lower[ci] = ev[s.index(next, u, st.YachtBonus)]
		if ci == s.yacht && s.flagBits != 0 {
			withFlag = ev[s.index(next, u, true)]
		}
		zero = max(zero, lower[ci])
	}
	for w := range e3 {
		e3[w] = zero
	}
	for j, ci := range s.upperCats {
		if st.IsFilled(ci) {
			continue
		}
		byCount := &upper[j]
		cnt := &s.faceCount[s.face[ci]-1]
		for _, w := range s.scoring[ci] {
			e3[w] = lanes.MaxNonNegative(e3[w], byCount[cnt[w]])
		}
	}
	for _, ci := range s.lowerCats {
		if st.IsFilled(ci) {
			continue
		}
		next := lower[ci]
		if ci == s.yacht && s.flagBits != 0 {
			next = withFlag
		}
		pts := &s.pts[ci]
		for _, w := range s.scoring[ci] {
			e3[w] = lanes.MaxNonNegative(e3[w], float64(pts[w])+next)
		}
	}
	if s.special && s.yacht >= 0 && st.IsFilled(s.yacht) {
		for f := 0; f < 6; f++ {
			w := s.yachtPattern[f]
			sc.opts = s.r.AppendScorings(sc.opts[:0], st, yacht.Pattern(w))
			best := math.Inf(-1)
			for _, o := range sc.opts {
				v := float64(o.Gain()) + ev[s.stateIndex(s.r.Next(st, o))]
				if v > best {
					best = v
				}
			}
			e3[w] = best
		}
	}
}

func (s *solver) stateIndex(st yacht.State) int { return s.index(st.Filled, st.Upper, st.YachtBonus) }

// rollBack runs E2' → E2 → E1' → E1 → Ẽ from sc.e3 (see lanes.RollBackOne).
func rollBack(sc *scratch) float64 {
	copy(sc.kv[firstPattern:], sc.e3[:])
	return lanes.RollBackOne(&sc.kv, &sc.mv)
}

// Build computes the table for rules r by backward induction over the fill
// count, in parallel over the states of equal fill count (which depend only on
// states with one more category filled). It returns ctx.Err() if ctx ends
// first.
func Build(ctx context.Context, r *yacht.Rules) (*Table, error) { return build(ctx, r, 0) }

// BuildEndGame computes only the states with at most maxOpen open
// categories, which is fast; every other state reads 0. It serves end-game
// questions and tests that cannot afford a full build (under -race).
func BuildEndGame(ctx context.Context, r *yacht.Rules, maxOpen int) (*Table, error) {
	return build(ctx, r, max(0, len(r.Categories)-maxOpen))
}

// build computes the values of every state with at least minFill categories
// filled (minFill 0: the whole table).
func build(ctx context.Context, r *yacht.Rules, minFill int) (*Table, error) {
	s, err := compile(r)
	if err != nil {
		return nil, err
	}
	t := &Table{rules: r, sol: s, ev: make([]float64, s.size())}
	workers := runtime.GOMAXPROCS(0)
	byFill := s.masksByFill()
	batches := make([]*batch, workers)
	for i := range batches {
		batches[i] = newBatch()
	}
	for fill := s.n - 1; fill >= minFill; fill-- {
		// Category sets go in ascending order: neighbours share most of
		// the sets one category fuller whose values they read, so those
		// stay in cache. Ordering by work for the balance at the end of a
		// level was 4 % slower on two cores.
		masks := byFill[fill]
		err := parallel.ForEach(ctx, workers, len(masks), func(w, j int) {
			b := batches[w]
			b.classes = s.appendClasses(b.classes[:0], masks[j])
			s.solveClasses(t.ev, masks[j], b.classes, b)
		})
		if err != nil {
			return nil, err
		}
		t.computed += s.countClasses(byFill[fill])
	}
	return t, nil
}

// masksByFill lists the category sets by the number of categories filled,
// each list ascending.
func (s *solver) masksByFill() [][]uint32 {
	byFill := make([][]uint32, s.n+1)
	for m := uint32(0); m < 1<<uint(s.n); m++ {
		c := bits.OnesCount32(m)
		byFill[c] = append(byFill[c], m)
	}
	return byFill
}

// appendClasses appends the classes of category set m that games reach —
// the classes s/∼ of 最大期待値戦略の計算手法の整理 for the sheets whose
// filled categories are m: the
// reachable upper totals ascending (capped at the bonus threshold), each
// with the Yacht-bonus flag off and then on when the rules track it and the
// Yacht box is filled. It is the one enumeration of the table's states: the
// solver computes exactly these and the file format stores them in this
// order.
func (s *solver) appendClasses(out []yacht.State, m uint32) []yacht.State {
	reach := s.reachable(m)
	flag := s.flagBits != 0 && s.yacht >= 0 && m&(1<<uint(s.yacht)) != 0
	for reach != 0 {
		u := bits.TrailingZeros64(reach)
		reach &= reach - 1
		out = append(out, yacht.State{Filled: m, Upper: u})
		if flag {
			out = append(out, yacht.State{Filled: m, Upper: u, YachtBonus: true})
		}
	}
	return out
}

// countClasses counts the classes of the category sets masks.
func (s *solver) countClasses(masks []uint32) int {
	n := 0
	for _, m := range masks {
		n += s.classCount(m)
	}
	return n
}

// classCount is the number of classes of category set m.
func (s *solver) classCount(m uint32) int {
	c := bits.OnesCount64(s.reachable(m))
	if s.flagBits != 0 && s.yacht >= 0 && m&(1<<uint(s.yacht)) != 0 {
		c *= 2
	}
	return c
}

// forEachState calls fn with the table index of every state the table
// computes, in a fixed order: fill counts from full to empty, category sets
// ascending, then their classes as appendClasses lists them.
func (s *solver) forEachState(fn func(i int)) {
	byFill := s.masksByFill()
	var classes []yacht.State
	for fill := s.n - 1; fill >= 0; fill-- {
		for _, m := range byFill[fill] {
			classes = s.appendClasses(classes[:0], m)
			for _, st := range classes {
				fn(s.stateIndex(st))
			}
		}
	}
}

// Rules returns the rule set of the table.
func (t *Table) Rules() *yacht.Rules { return t.rules }

// States returns the number of states whose value the table holds (the
// reachable classes with at least one open category).
func (t *Table) States() int { return t.computed }

// Bytes returns the memory held by the values.
func (t *Table) Bytes() int { return 8 * len(t.ev) }

// Value returns Ẽ(st): the expected score still to come from the start of a
// turn in state st under optimal play, bonuses included (0 when the sheet is
// full).
func (t *Table) Value(st yacht.State) float64 { return t.ev[t.sol.stateIndex(st)] }

// Start returns the expected final score of a whole game under optimal play.
func (t *Table) Start() float64 { return t.Value(yacht.State{}) }

// ClassCount returns how many classes (upper totals that can be reached,
// and the Yacht-bonus flag where the rules track it) the table holds for
// the category set filled.
func (t *Table) ClassCount(filled uint32) int { return t.sol.classCount(filled) }

// AppendClasses appends to out the ClassCount(filled) states the table
// holds for the category set filled, and returns the extended slice.
func (t *Table) AppendClasses(out []yacht.State, filled uint32) []yacht.State {
	return t.sol.appendClasses(out, filled)
}

// SheetState returns the class of sheet s (see yacht.Sheet.State), or an
// error when s is for other rules than the table's.
func (t *Table) SheetState(s yacht.Sheet) (yacht.State, error) {
	if s.Rules == nil || s.Rules.Key != t.rules.Key || len(s.Scores) != len(t.rules.Categories) {
		return yacht.State{}, fmt.Errorf("strategy: the sheet is for other rules than the table (%s)", t.rules.Key)
	}
	st := s.State()
	return st, t.checkState(st)
}

// KeepValues fills k2 with Ẽ'2, the value of every keep before the last
// roll, and k1 with Ẽ'1, before the second roll, for state st at the
// start of a turn (the expected score still to come, as Value). st must
// be one of the table's classes, as SheetState gives them.
func (t *Table) KeepValues(st yacht.State, k1, k2 *[yacht.NumKeeps]float64) {
	sc := t.getScratch()
	defer t.scratch.Put(sc)
	t.sol.fillE3(t.ev, st, sc)
	copy(k2[firstPattern:], sc.e3[:])
	lanes.AverageKeeps(k2)
	lanes.MaxOverSubKeeps(k2, &sc.mv)
	copy(k1[firstPattern:], sc.mv[firstPattern:])
	lanes.AverageKeeps(k1)
}

// getScratch takes buffers from the table's pool.
func (t *Table) getScratch() *scratch {
	sc, _ := t.scratch.Get().(*scratch)
	if sc == nil {
		sc = &scratch{opts: make([]yacht.Scoring, 0, 32)}
	}
	return sc
}

// checkState rejects states the table cannot hold.
func (t *Table) checkState(st yacht.State) error {
	if st.Filled>>uint(t.sol.n) != 0 {
		return fmt.Errorf("strategy: state has categories beyond the %d of %s", t.sol.n, t.rules.Key)
	}
	if st.Upper < 0 {
		return fmt.Errorf("strategy: negative upper total")
	}
	return nil
}
