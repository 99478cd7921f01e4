package finalscore

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/bonus"
	"github.com/alea-bot/alea/engine/yacht/internal/hugepage"
	"github.com/alea-bot/alea/engine/yacht/internal/lanes"
	"github.com/alea-bot/alea/engine/yacht/internal/parallel"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// Distribution is the exact distribution of the final score (bonuses
// included) of a game finished from some sheet under the max-expectation
// policy of a strategy.Table (the policy its Advise recommends and Simulate
// plays).
type Distribution struct {
	// Min is the smallest final score with a probability in P.
	Min int
	// P[i] is the probability that the final score is Min+i; the entries
	// sum to 1 (up to rounding).
	P []float64
	// UpperBonus is the probability that the game ends with the upper bonus.
	UpperBonus float64
	// Yacht is the probability that the Yacht box ends with its points.
	Yacht float64
	// States is the number of states whose turn was worked out.
	States int
}

// Max is the largest final score with a probability in P.
func (d Distribution) Max() int { return d.Min + len(d.P) - 1 }

// Prob returns P(final = s).
func (d Distribution) Prob(s int) float64 {
	if s < d.Min || s > d.Max() {
		return 0
	}
	return d.P[s-d.Min]
}

// AtLeast returns P(final ≥ s).
func (d Distribution) AtLeast(s int) float64 {
	sum := 0.0
	for i := len(d.P) - 1; i >= 0 && d.Min+i >= s; i-- {
		sum += d.P[i]
	}
	return min(sum, 1)
}

// Mean is the expected final score.
func (d Distribution) Mean() float64 {
	m := 0.0
	for i, p := range d.P {
		m += p * float64(d.Min+i)
	}
	return m
}

// StdDev is the standard deviation of the final score.
func (d Distribution) StdDev() float64 {
	m := d.Mean()
	v := 0.0
	for i, p := range d.P {
		x := float64(d.Min+i) - m
		v += p * x * x
	}
	return math.Sqrt(v)
}

// Quantile returns the q-quantile (0 ≤ q ≤ 1): the smallest score s with
// P(final ≤ s) ≥ q (up to rounding in the last bits).
func (d Distribution) Quantile(q float64) int {
	cum := 0.0
	for i, p := range d.P {
		cum += p
		if cum >= q-1e-12 {
			return d.Min + i
		}
	}
	return d.Max()
}

// Median is the 0.5-quantile.
func (d Distribution) Median() int { return d.Quantile(0.5) }

// DistributionTooLargeError is a distribution that would hold more
// probabilities for one fill count than the limit given to
// OfLimit.
type DistributionTooLargeError struct {
	// Open is the number of open categories of the sheet asked.
	Open int
	// Bytes is what one fill count would have needed; Limit the limit.
	Bytes, Limit int64
}

// Error describes the problem in English.
func (e *DistributionTooLargeError) Error() string {
	return fmt.Sprintf("finalscore: the distribution from a sheet with %d open categories needs %d MB for one fill count, more than %d MB", e.Open, e.Bytes>>20, e.Limit>>20)
}

// distState is one class of states of a level of the forward propagation
// (states whose upper totals differ only in ways that cannot change the
// bonus are carried together) with the distribution of the points on the
// sheet so far.
type distState struct {
	st  yacht.State
	lo  int // points of vec[0]
	n   int // while the next level is laid out: the largest points
	vec []float64
	// out lists the ways the turn from st ends (filled in by phase 1).
	out []distOutcome
	// yacht is the probability that the turn scores the Yacht box with
	// points (phase 1); mass is the state's probability, sum(vec) (phase 2
	// of the level before works it out, so the one-threaded pass only
	// multiplies and adds).
	yacht, mass float64
}

type distOutcome struct {
	// to is the state after the turn: the key of its class
	// (bonusClasses.keyOf) from phase 1, then, once the next level is laid
	// out, its place in its run's list of the next level's states
	// (layoutShare.list), which the run's global maps.
	to    uint32
	gain  int16
	upper uint8 // the state's capped upper total
	cat   uint8 // the category filled
	p     float64
}

// bonusClasses maps each upper total of each set of filled upper boxes to
// its bonus class: upper totals with the same class have the same future
// (see bonus.Class), so their states are carried as one.
type bonusClasses struct {
	bit []int      // bit[c]: the index of upper category c among the upper boxes, -1 below
	cls [][64]int8 // cls[upper boxes filled][capped upper total]
}

func newBonusClasses(r *yacht.Rules) *bonusClasses {
	b := &bonusClasses{bit: make([]int, len(r.Categories))}
	var upperCats []int
	for c := range r.Categories {
		b.bit[c] = -1
		if r.Categories[c].Kind == yacht.KindUpper {
			b.bit[c] = len(upperCats)
			upperCats = append(upperCats, c)
		}
	}
	b.cls = make([][64]int8, 1<<len(upperCats))
	for um := range b.cls {
		var m uint32
		for j, c := range upperCats {
			if um&(1<<j) != 0 {
				m |= 1 << uint(c)
			}
		}
		for u := 0; u < 64; u++ {
			switch c := bonus.Class(r, upperCats, m, u); c {
			case -1:
				b.cls[um][u] = 126
			case -2:
				b.cls[um][u] = 127
			default:
				b.cls[um][u] = int8(c)
			}
		}
	}
	return b
}

// upperMask is the set of filled upper boxes of st, by their index among
// the upper boxes.
func (b *bonusClasses) upperMask(st yacht.State) int {
	um := 0
	for c, j := range b.bit {
		if j >= 0 && st.IsFilled(c) {
			um |= 1 << j
		}
	}
	return um
}

// keyOf identifies the class of state st (um: its filled upper boxes, as
// upperMask gives them): filled categories, bonus class of the upper total
// and, under rules that need it, the Yacht-bonus flag.
func (b *bonusClasses) keyOf(r *yacht.Rules, st yacht.State, um int) uint32 {
	k := st.Filled<<8 | uint32(b.cls[um][min(st.Upper, r.BonusThreshold)])<<1
	if st.YachtBonus && r.TracksYachtBonus() {
		k |= 1
	}
	return k
}

// Of computes the exact distribution of the final score of sheet
// s (at the start of a turn) under the table's max-expectation policy, by
// carrying the probability of every (state, points so far) through the
// policy's turns, one fill count at a time: only two fill counts are held
// at once. It returns ctx.Err() if ctx ends first.
//
// Memory: the probabilities of two fill counts are held at once, in two
// buffers reused turn about, and the endings of two levels' turns (one
// level's are added up while the next level's are listed); from the start
// the peak is about 60 MB for Yacht and 255 MB for Yatzy (the process's
// resident size, table included). OfLimit bounds the probabilities, which
// live outside the Go heap (package hugepage) and are freed on return.
func Of(ctx context.Context, t *strategy.Table, s yacht.Sheet) (Distribution, error) {
	return OfLimit(ctx, t, s, 0)
}

// OfLimit is Of that gives up with a
// *DistributionTooLargeError, before allocating, when the probabilities of
// one fill count would take more than maxBytes (0: no limit).
func OfLimit(ctx context.Context, t *strategy.Table, s yacht.Sheet, maxBytes int64) (Distribution, error) {
	st, err := t.SheetState(s)
	if err != nil {
		return Distribution{}, err
	}
	r := t.Rules()
	d := Distribution{}
	if y := r.YachtIndex(); y >= 0 && s.Scores[y] > 0 {
		d.Yacht = 1
	}
	pol := newTurnPolicy(t)
	level := []distState{{st: st, lo: s.Total(), vec: []float64{1}, mass: 1}}
	workers := runtime.GOMAXPROCS(0)
	batches := make([]*turnBatch, workers)
	for i := range batches {
		batches[i] = newTurnBatch()
	}
	// Phase 1 works out the turns of a level's states, in parallel,
	// listing their endings into the arenas of parity par (a level's
	// endings are read while the next level's are listed).
	var groups stateBatches
	phase1 := func(level []distState, groups stateBatches, par int) error {
		for _, b := range batches {
			b.arena = &b.arenas[par]
			b.arena.reset()
		}
		return parallel.ForEach(ctx, workers, len(groups.starts)-1, func(w, j int) {
			pol.outcomesBatch(level, groups.order[groups.starts[j]:groups.starts[j+1]], batches[w])
		})
	}
	// Two fill counts are alive at once: their states and probabilities
	// live in buffers used turn about, so after the first levels nothing
	// more is allocated.
	var states [2][]distState
	// The slabs are memory of their own (on huge pages where the system
	// gives them: the sums write all over them), freed when replaced and
	// when the distribution is done.
	var slabs [2][]float64
	freeSlabs := [2]func(){func() {}, func() {}}
	defer func() {
		freeSlabs[0]()
		freeSlabs[1]()
	}()
	index := newLevelIndex(len(r.Categories))
	// The layout runs: at most maxLayoutRuns, each past the first holding
	// an index of its own.
	layouts := make([]layoutShare, min(workers, maxLayoutRuns))
	layouts[0].index = index
	for j := 1; j < len(layouts); j++ {
		layouts[j].index = newLevelIndex(len(r.Categories))
	}
	// Phase 2 runs beside the next level's phase 1, in a few shares of
	// the next level (each reads the whole level, so more shares cost
	// more reading than they save).
	shares := (workers + 3) / 4
	sums := make([]shiftedSums, shares) // each share's scratch, kept from level to level
	// While the next level is laid out: the key, capped upper total and
	// points of each of its states, numbered as they first appear, and
	// the place each then takes.
	var spans []pointSpan
	var keys []uint32
	var upper []uint8
	var rank []int32
	var at, slabCuts []int
	if !level[0].st.Done(r) {
		groups = batchesBySet(level, groups)
		if err := phase1(level, groups, 0); err != nil {
			return Distribution{}, err
		}
	}
	for depth := 0; !level[0].st.Done(r); depth++ {
		// The level's turns are worked out (phase 1) and its
		// probabilities complete.
		d.States += len(level)
		for si := range level {
			if src := &level[si]; src.yacht != 0 { // adding 0 would change nothing
				d.Yacht += float64(src.yacht * src.mass)
			}
		}
		// The next level's states, listed in order of first appearance
		// with the range of points each can hold (lo and, for now, hi in
		// n): each worker lists those of a run of the level's states, in
		// order (layoutShare.list); the runs are then merged in order,
		// which gives the order of one pass over the whole level, and the
		// merged list laid out by set (below); index ends up holding the
		// next level.
		runs := len(layouts)
		err := parallel.ForEach(ctx, workers, runs, func(_, j int) {
			lo, hi := layoutRun(len(level), j, runs)
			layouts[j].list(level[lo:hi])
		})
		if err != nil {
			return Distribution{}, err
		}
		// The runs' lists are merged in order, each state of the next
		// level numbered as it first appears (the first run lists into
		// the level's own index: its states come first, in its order);
		// then the level is laid out by category set, in the order the
		// sets first appear, and by class within a set, and every run's
		// list renumbered. Laid out so, the states of a set, which the
		// sums read one after another, reach states next to each other
		// for each category they fill.
		spans, keys, upper = spans[:0], keys[:0], upper[:0]
		first := &layouts[0]
		for i := range first.keys {
			first.global[i] = int32(i)
		}
		keys = append(keys, first.keys...)
		upper = append(upper, first.upper...)
		spans = append(spans, first.spans...)
		for j := 1; j < len(layouts); j++ {
			sh := &layouts[j]
			for i, k := range sh.keys {
				at := index.slot(k)
				g, ok := *at-1, *at != 0
				sp := sh.spans[i]
				if !ok {
					g = int32(len(keys))
					*at = g + 1
					keys = append(keys, k)
					upper = append(upper, sh.upper[i])
					spans = append(spans, sp)
				} else {
					spans[g].lo, spans[g].hi = min(sp.lo, spans[g].lo), max(sp.hi, spans[g].hi)
				}
				sh.global[i] = g
			}
		}
		rank = slices.Grow(rank[:0], len(keys))[:len(keys)]
		nextLevel := states[depth%2][:0]
		if nextLevel == nil {
			nextLevel = make([]distState, 0, pol.levelCapacity(st.Filled))
		}
		nextLevel = slices.Grow(nextLevel, len(keys))[:len(keys)]
		index.bySet(keys, rank)
		for g, k := range keys {
			sp := spans[g]
			nextLevel[rank[g]] = distState{st: yacht.State{Filled: k >> 8, Upper: int(upper[g]), YachtBonus: k&1 != 0}, lo: sp.lo, n: sp.hi}
		}
		for j := range layouts {
			for i, g := range layouts[j].global {
				layouts[j].global[i] = rank[g]
			}
		}
		states[depth%2] = nextLevel
		entries := 0
		for i := range nextLevel {
			entries += nextLevel[i].n - nextLevel[i].lo + 1
		}
		if maxBytes > 0 && 8*int64(entries) > maxBytes {
			return Distribution{}, &DistributionTooLargeError{Open: st.Open(r), Bytes: 8 * int64(entries), Limit: maxBytes}
		}
		// A slab used before is cleared by phase 2, each share its part,
		// beside phase 1.
		slab, used := slabs[depth%2], true
		if cap(slab) < entries {
			// The slab two levels back holds no level any more.
			freeSlabs[depth%2]()
			slab, freeSlabs[depth%2] = hugepage.Float64s(entries)
			used = false
		} else {
			slab = slab[:entries]
		}
		slabs[depth%2] = slab
		// Phase 2 finds the entry of points x of state i at slab[at[i]+x],
		// away from the states, which phase 1 writes meanwhile.
		at = slices.Grow(at[:0], len(nextLevel))[:len(nextLevel)]
		for i, from := 0, 0; i < len(nextLevel); i++ {
			ns := &nextLevel[i]
			w := ns.n - ns.lo + 1
			ns.vec = slab[from : from+w : from+w]
			at[i] = from - ns.lo
			from += w
		}
		// Phase 2: each share adds into its run of the next level's
		// states (holding about as many entries as the others'), reading
		// the sources in order, so the sums do not depend on the
		// scheduling, then trims them and sums them up. Meanwhile phase 1
		// works out the next level's turns, which read only its states.
		cuts := shareCuts(nextLevel, entries, shares)
		// Share j holds the slab's entries slabCuts[j] to slabCuts[j+1]-1:
		// an ending adds into a share's entries exactly when its state is
		// one of the share's.
		slabCuts = slices.Grow(slabCuts[:0], shares+1)[:shares+1]
		for j, c := range cuts {
			slabCuts[j] = entries
			if int(c) < len(nextLevel) {
				slabCuts[j] = at[c] + nextLevel[c].lo
			}
		}
		var err2 error
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each run's endings name the next level's states by their
			// place in its own list: at, through the run's global.
			for j := range layouts {
				sh := &layouts[j]
				sh.at = slices.Grow(sh.at[:0], len(sh.global))[:len(sh.global)]
				for i, g := range sh.global {
					sh.at[i] = at[g]
				}
			}
			err2 = parallel.ForEach(ctx, shares, shares, func(_, share int) {
				lo, hi := slabCuts[share], slabCuts[share+1]
				if used {
					clear(slab[lo:hi])
				}
				ss := &sums[share]
				for j := range layouts {
					runAt := layouts[j].at
					first, end := layoutRun(len(level), j, runs)
					for si := first; si < end; si++ {
						src := &level[si]
						ss.add(slab, lo, hi, runAt, src)
					}
				}
				for i := cuts[share]; i < cuts[share+1]; i++ {
					ns := &nextLevel[i]
					ns.trim()
					ns.mass = sum(ns.vec)
				}
			})
		}()
		if !nextLevel[0].st.Done(r) {
			groups = index.batches(groups) // the keys of the next level
			err = phase1(nextLevel, groups, (depth+1)%2)
		}
		wg.Wait()
		if err == nil {
			err = err2
		}
		if err != nil {
			return Distribution{}, err
		}
		level = nextLevel
		if err := ctx.Err(); err != nil {
			return Distribution{}, err
		}
	}
	lo, hi := math.MaxInt, math.MinInt
	for i := range level {
		fs := &level[i]
		lo, hi = min(lo, fs.lo), max(hi, fs.lo+len(fs.vec)-1)
	}
	d.Min, d.P = lo, make([]float64, hi-lo+1)
	for j := range level {
		fs := &level[j]
		for i, x := range fs.vec {
			d.P[fs.lo-lo+i] += x
		}
		if fs.st.Upper >= r.BonusThreshold {
			d.UpperBonus += sum(fs.vec)
		}
	}
	if s.UpperBonus() > 0 {
		d.UpperBonus = 1
	}
	return d, nil
}

// maxShift bounds how far apart the gains of the endings summed in one
// window (shiftedSums.add) may be.
const maxShift = 64

// shiftedSums adds the probabilities of a level's states into the next
// level's, state by state: the endings of a state that reach one state of
// the next level with gains close together are added in one pass over
// one window of its entries (lanes.AddShifted), each entry taking its
// terms in the order of the endings, as one pass per ending would add
// them; the window is longer than the state's points by the spread of the
// gains, which its padding of zeros fills (adding p·0 to an entry, never
// −0, leaves its bits).
type shiftedSums struct {
	// padded holds the state's probabilities, maxShift zeros before and
	// after them; n is how many.
	padded []float64
	n      int
	offs   []int32
	ps     []float64
}

// add adds the probabilities of src times those of its endings into slab,
// the next level's, whose entries from lo to hi-1 are this share's: at
// runAt[o.to] + x is the entry of x points of the state that ending o
// reaches.
func (ss *shiftedSums) add(slab []float64, lo, hi int, runAt []int, src *distState) {
	v, out := src.vec, src.out
	if need := len(v) + 2*maxShift; len(ss.padded) < need {
		ss.padded = make([]float64, need)
	} else if ss.n > len(v) {
		// The zeros after the probabilities, where the last state's were.
		clear(ss.padded[maxShift+len(v) : maxShift+ss.n])
	}
	ss.n = copy(ss.padded[maxShift:], v)
	// Endings whose gains spread further than the state's points cost
	// more in the window than their passes would.
	spread := min(maxShift, max(len(v), 16))
	for i := 0; i < len(out); {
		o := &out[i]
		gmin, gmax := int(o.gain), int(o.gain)
		j := i + 1
		for ; j < len(out) && out[j].to == o.to; j++ {
			g := int(out[j].gain)
			if max(gmax, g)-min(gmin, g) > spread {
				break
			}
			gmin, gmax = min(gmin, g), max(gmax, g)
		}
		x := runAt[o.to] + src.lo + gmin
		if x >= lo && x < hi {
			ss.offs, ss.ps = ss.offs[:0], ss.ps[:0]
			for _, e := range out[i:j] {
				ss.offs = append(ss.offs, int32(maxShift-(int(e.gain)-gmin)))
				ss.ps = append(ss.ps, e.p)
			}
			lanes.AddShifted(slab[x:x+len(v)+gmax-gmin], ss.padded, ss.offs, ss.ps)
		}
		i = j
	}
}

func sum(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s
}

// trim drops zero probabilities at both ends.
func (ds *distState) trim() {
	i, j := 0, len(ds.vec)
	for i < j && ds.vec[i] == 0 {
		i++
	}
	for j > i && ds.vec[j-1] == 0 {
		j--
	}
	if i == j {
		ds.vec = ds.vec[:0]
		return
	}
	ds.lo += i
	ds.vec = ds.vec[i:j]
}
