package finalscore

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/bonus"
	"github.com/alea-bot/alea/engine/yacht/internal/lanes"
	"github.com/alea-bot/alea/engine/yacht/internal/parallel"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// Breakdown splits an expected final score by where its points will come
// from when every decision from a position on maximises the expectation
// (the policy of Of): what each box will hold at the end, the upper bonus
// and the extra-Yacht bonuses. The parts add up to the expected final
// score (Total).
type Breakdown struct {
	// Boxes[c] is the expected points of category c at the end of the
	// game, in the rules' order; a filled box holds its points.
	Boxes []float64
	// PUpperBonus is the probability that the game ends with the upper
	// bonus (1 once it is earned).
	PUpperBonus float64
	// UpperBonus is the bonus's expected points: PUpperBonus times
	// Rules.BonusPoints.
	UpperBonus float64
	// ExtraBonus is the expected total of the extra-Yacht bonuses at the
	// end of the game, those already on the sheet included (0 under rules
	// without them).
	ExtraBonus float64
}

// Total is the expected final score: every box's expected points and the
// bonuses'.
func (b Breakdown) Total() float64 {
	t := b.UpperBonus + b.ExtraBonus
	for _, x := range b.Boxes {
		t += x
	}
	return t
}

// ActionBreakdown is one legal action with the breakdown of its expected
// final score (Action.Expected, up to rounding in the last digits).
type ActionBreakdown struct {
	strategy.Action
	Breakdown Breakdown
}

// Breakdowns is strategy.Table.Advise's answer with every expected final
// score broken down.
type Breakdowns struct {
	// Position is the breakdown of the position: of its best action
	// (Actions[0]) when dice are given, of the start of the next turn
	// otherwise.
	Position Breakdown
	// Actions lists every legal action with its breakdown, in Advise's
	// order (best first); empty without dice.
	Actions []ActionBreakdown
}

// BreakdownTable holds, for every class of a rule set's states (the filled
// boxes, the class of the upper total that decides the bonus, the Yacht
// flag where the rules track it), what the rest of the game brings under
// the max-expectation policy of a strategy.Table: each open box's expected
// points, the probability of the upper bonus and the expected extra-Yacht
// bonuses. It is built once for a table by one backward pass of the
// policy over every class (BuildBreakdownTable: the turns Of works out,
// without the distributions), and then breaks down any position of the
// table's rules in one turn of work (Breakdowns).
type BreakdownTable struct {
	t   *strategy.Table
	r   *yacht.Rules
	pol *turnPolicy
	cls *bonusClasses
	// upperOf[m] is the set of upper boxes filled in category set m, by
	// their index among the upper boxes (bonusClasses.upperMask).
	upperOf []uint8
	// rank[um][u] is the place of the class of capped upper total u among
	// the classes that upper boxes um can hold (-1: a total they cannot
	// hold); reps[um] holds the smallest total of each class.
	rank [][64]int8
	reps [][]int
	// The entries of category set m start at v[base[m]]: for each class
	// (and Yacht flag, off then on, where the rules track it and m holds
	// the Yacht box), the expected points still to come in each open box
	// in sheet order, the probability of the upper bonus and, under
	// extra-Yacht bonus rules (extra = 1), the expected extra bonuses
	// still to come.
	base  []int
	v     []float64
	extra int
	yflag uint32 // the Yacht box's bit where the rules track the flag, else 0
	full  uint32 // every category
	// minFill is the fewest filled boxes of the states t holds (0 but for
	// a strategy.BuildEndGame table).
	minFill int
	// batches lends the answers their one-state turn.
	batches sync.Pool
}

// newBreakdownTable lays out an empty table for t's rules.
func newBreakdownTable(t *strategy.Table) *BreakdownTable {
	r := t.Rules()
	n := len(r.Categories)
	bt := &BreakdownTable{t: t, r: r, pol: newTurnPolicy(t), cls: newBonusClasses(r), full: 1<<uint(n) - 1}
	if r.ExtraYachtBonus > 0 {
		bt.extra = 1
	}
	if y := r.YachtIndex(); y >= 0 && r.TracksYachtBonus() {
		bt.yflag = 1 << uint(y)
	}
	var upperCats []int
	for c := range r.Categories {
		if r.Categories[c].Kind == yacht.KindUpper {
			upperCats = append(upperCats, c)
		}
	}
	bt.rank = make([][64]int8, 1<<len(upperCats))
	bt.reps = make([][]int, len(bt.rank))
	for um := range bt.rank {
		var m uint32
		for j, c := range upperCats {
			if um&(1<<j) != 0 {
				m |= 1 << uint(c)
			}
		}
		for u := range bt.rank[um] {
			bt.rank[um][u] = -1
		}
		var seen [128]int8 // 1 + the rank of each class met
		for _, u := range bonus.Reachable(r, upperCats, yacht.State{}, m) {
			c := bt.cls.cls[um][u]
			if seen[c] == 0 {
				bt.reps[um] = append(bt.reps[um], u)
				seen[c] = int8(len(bt.reps[um]))
			}
			bt.rank[um][u] = seen[c] - 1
		}
	}
	bt.minFill = minFill(t)
	bt.upperOf = make([]uint8, 1<<uint(n))
	bt.base = make([]int, 1<<uint(n)+1)
	for m := range bt.upperOf {
		um := bt.cls.upperMask(yacht.State{Filled: uint32(m)})
		bt.upperOf[m] = uint8(um)
		bt.base[m+1] = bt.base[m]
		if bits.OnesCount32(uint32(m)) >= bt.minFill {
			bt.base[m+1] += len(bt.reps[um]) * bt.flags(uint32(m)) * bt.stride(uint32(m))
		}
	}
	bt.v = make([]float64, bt.base[len(bt.base)-1])
	return bt
}

// minFill is the fewest filled boxes of the states t holds: t computes
// every class of the fill counts from its own to the full sheet's
// (strategy.Build from the empty sheet's, strategy.BuildEndGame from
// some later one), and t.States counts them.
func minFill(t *strategy.Table) int {
	n := len(t.Rules().Categories)
	perFill := make([]int, n+1)
	for m := uint32(0); m < 1<<uint(n); m++ {
		perFill[bits.OnesCount32(m)] += t.ClassCount(m)
	}
	left, fill := t.States(), n
	for ; fill > 0 && left > 0; fill-- {
		left -= perFill[fill-1]
	}
	return fill
}

// stride is the length of an entry of category set m.
func (bt *BreakdownTable) stride(m uint32) int {
	return bits.OnesCount32(^m&bt.full) + 1 + bt.extra
}

// flags is 2 for a category set whose classes come with the Yacht flag
// off and on, else 1.
func (bt *BreakdownTable) flags(m uint32) int {
	if m&bt.yflag != 0 {
		return 2
	}
	return 1
}

// entry is the entry of state st (nil for a state the rules' sheets
// cannot reach).
func (bt *BreakdownTable) entry(st yacht.State) []float64 {
	m := st.Filled & bt.full
	if st.Upper < 0 || bits.OnesCount32(m) < bt.minFill {
		return nil
	}
	k := int(bt.rank[bt.upperOf[m]][min(st.Upper, bt.r.BonusThreshold)])
	if k < 0 {
		return nil
	}
	if m&bt.yflag != 0 {
		k = 2 * k
		if st.YachtBonus {
			k++
		}
	}
	w := bt.stride(m)
	at := bt.base[m] + k*w
	return bt.v[at : at+w : at+w]
}

// settled is the probability of the upper bonus from st when it no longer
// depends on the dice (earned, or out of reach), with ok true.
func (bt *BreakdownTable) settled(st yacht.State) (p float64, ok bool) {
	switch bt.cls.cls[bt.upperOf[st.Filled&bt.full]][min(st.Upper, bt.r.BonusThreshold)] {
	case 126:
		return 1, true
	case 127:
		return 0, true
	}
	return 0, false
}

// BuildBreakdownTable computes the breakdown table of t: one backward pass
// over every class of the rules' states, fill counts from the full sheet
// to the empty one, each class's turn played by the max-expectation policy
// as Of plays it (the same batched turns, in parallel) and its endings'
// entries added up. It stops with ctx's error when ctx ends.
//
// Its memory is an entry per class (BreakdownTable.Bytes: a float64 for
// each open box, the bonus and the extra bonuses): 5.9 MB for Yacht
// (104 960 classes), 12.6 MB for Pancht, 21.0 MB for Yahtzee, 57.3 MB for
// Yatzy (839 680 classes). Its work is a turn for every class: 1.4 times
// that of the exact distribution from the empty sheet for Yacht (7.2
// against 5.0 billion instructions), 1.8 times for Yatzy, whose table
// holds 2.2 times the classes the distribution's policy reaches (6.1
// against 3.3 CPU-s on a loaded 2-core AMD EPYC with AVX2).
func BuildBreakdownTable(ctx context.Context, t *strategy.Table) (*BreakdownTable, error) {
	bt := newBreakdownTable(t)
	n := len(bt.r.Categories)
	byFill := make([][]uint32, n+1)
	for m := uint32(0); m <= bt.full; m++ {
		f := bits.OnesCount32(m)
		byFill[f] = append(byFill[f], m)
	}
	for _, m := range byFill[n] {
		bt.fillSettled(m)
	}
	workers := runtime.GOMAXPROCS(0)
	batches := make([]*turnBatch, workers)
	for i := range batches {
		batches[i] = newTurnBatch()
	}
	var sts []yacht.State
	var starts []int
	for fill := n - 1; fill >= bt.minFill; fill-- {
		sts, starts = bt.classBatches(byFill[fill], sts[:0], starts[:0])
		err := parallel.ForEach(ctx, workers, len(starts)-1, func(w, j int) {
			bt.turns(sts[starts[j]:starts[j+1]], batches[w])
		})
		if err != nil {
			return nil, err
		}
	}
	return bt, nil
}

// fillSettled sets the entries of a full category set: no box is open,
// and the bonus is earned or not.
func (bt *BreakdownTable) fillSettled(m uint32) {
	for _, u := range bt.reps[bt.upperOf[m]] {
		for f := 0; f < bt.flags(m); f++ {
			st := yacht.State{Filled: m, Upper: u, YachtBonus: f == 1}
			p, _ := bt.settled(st)
			bt.entry(st)[0] = p
		}
	}
}

// classBatches lists a state of each class of the category sets masks
// (one fill count) into sts and cuts them into batches of at most
// lanes.Width, batch j being sts[starts[j]:starts[j+1]]: whole batches of
// one set first, then every set's left-overs packed together, each set's
// states next to each other.
func (bt *BreakdownTable) classBatches(masks []uint32, sts []yacht.State, starts []int) ([]yacht.State, []int) {
	var rest []yacht.State
	for _, m := range masks {
		from := len(sts)
		for _, u := range bt.reps[bt.upperOf[m]] {
			for f := 0; f < bt.flags(m); f++ {
				sts = append(sts, yacht.State{Filled: m, Upper: u, YachtBonus: f == 1})
			}
		}
		whole := from + (len(sts)-from)/lanes.Width*lanes.Width
		rest = append(rest, sts[whole:]...)
		sts = sts[:whole]
	}
	for i := 0; i < len(sts); i += lanes.Width {
		starts = append(starts, i)
	}
	for i := 0; i < len(rest); i += lanes.Width {
		starts = append(starts, len(sts)+i)
	}
	sts = append(sts, rest...)
	return sts, append(starts, len(sts))
}

// turns works out the turns of a batch of states (of one fill count, those
// of each category set next to each other) and sets their entries from
// the entries of the states their endings reach.
func (bt *BreakdownTable) turns(sts []yacht.State, b *turnBatch) {
	p := bt.pol
	b.load(sts)
	p.playTurnLanes(b)
	e := b.ends
	if e == nil {
		e = &laneEnds{sum: make([]float64, lanes.Width*p.endings.Slots)}
		b.ends = e
	}
	lanes.SumEndings(&b.p3, &b.cat, &b.gain, &b.points, &p.endings, b.n, e.sum, &e.yacht, &e.fresh)
	e.yacht = lanes.Row{}
	var dst [lanes.Width][]float64
	for l, st := range sts {
		dst[l] = bt.entry(st)
	}
	for w := 0; w < yacht.NumPatterns; w++ {
		for f := e.fresh[w]; f != 0; f &= f - 1 {
			l := bits.TrailingZeros8(f)
			c, g, pts := b.cat[w][l], b.gain[w][l], b.points[w][l]
			s := &e.sum[(int(p.endings.Base[c])+int(g))*lanes.Width+l]
			bt.addEnding(dst[l], sts[l], int(c), int(g), int(pts), *s)
			*s = 0
		}
	}
	for l, st := range sts {
		if pb, ok := bt.settled(st); ok {
			dst[l][st.Open(bt.r)] = pb
		}
	}
}

// addEnding adds to dst, the entry of st, an ending of its turn: category
// c scored with pts points (gain: what the sheet grows by) with
// probability p.
func (bt *BreakdownTable) addEnding(dst []float64, st yacht.State, c, gain, pts int, p float64) {
	r := bt.r
	open := ^st.Filled & bt.full
	at := bits.OnesCount32(open & (1<<uint(c) - 1)) // c's place among the open boxes
	no := bits.OnesCount32(open)
	upperBonus := 0
	if r.Categories[c].Kind == yacht.KindUpper && st.Upper < r.BonusThreshold && st.Upper+pts >= r.BonusThreshold {
		upperBonus = r.BonusPoints
	}
	src := bt.entry(r.Next(st, yacht.Scoring{Category: c, Points: pts}))
	dst[at] += p * float64(pts)
	for j, x := range src[:at] {
		dst[j] += p * x
	}
	for j, x := range src[at : no-1] {
		dst[at+1+j] += p * x
	}
	dst[no] += p * src[no-1]
	if bt.extra != 0 {
		dst[no+1] += p * (float64(gain-pts-upperBonus) + src[no])
	}
}

// Rules returns the rules the table was built for.
func (bt *BreakdownTable) Rules() *yacht.Rules { return bt.r }

// Classes returns the number of classes the table holds an entry for.
func (bt *BreakdownTable) Classes() int {
	n := 0
	for m := uint32(0); m <= bt.full; m++ {
		n += len(bt.reps[bt.upperOf[m]]) * bt.flags(m)
	}
	return n
}

// Bytes returns the table's memory: its entries and their index.
func (bt *BreakdownTable) Bytes() int64 {
	return 8*int64(len(bt.v)) + 8*int64(len(bt.base)) + int64(len(bt.upperOf)) + 64*int64(len(bt.rank))
}

// Breakdowns answers for sheet s as the table's strategy.Table.Advise does
// (with dice nil, from the start of the next turn; with dice just rolled
// on roll 1, 2 or 3, every legal action) and breaks every expected final
// score down: a scoring by its points and the entry of the state after
// it, a keep by the turn's endings the policy then reaches (the rest of
// the turn played as Of plays it) and their entries. The work is one
// turn's; it allocates the answer and, at times, a turn's buffers
// (about 0.3 MB).
func (bt *BreakdownTable) Breakdowns(s yacht.Sheet, dice *yacht.Dice, roll int) (Breakdowns, error) {
	adv, err := bt.t.Advise(s, dice, roll)
	if err != nil {
		return Breakdowns{}, err
	}
	st := s.State()
	if bt.entry(st) == nil {
		return Breakdowns{}, fmt.Errorf("finalscore: the breakdown table of %s holds no state with %d boxes filled", bt.r.Key, bits.OnesCount32(st.Filled))
	}
	sheet := bt.sheetBreakdown(s)
	if dice == nil {
		out := Breakdowns{Position: sheet}
		bt.addFuture(&out.Position, st, 1)
		bt.finish(&out.Position)
		return out, nil
	}
	b, _ := bt.batches.Get().(*turnBatch)
	if b == nil {
		b = newTurnBatch()
	}
	defer bt.batches.Put(b)
	b.load([]yacht.State{st})
	bt.pol.playTurnLanes(b)
	out := Breakdowns{Actions: make([]ActionBreakdown, len(adv.Actions))}
	for i, a := range adv.Actions {
		d := sheet.clone()
		switch a.Kind {
		case strategy.Score:
			bt.addScoring(&d, st, a.Scoring, 1)
		case strategy.Keep:
			bt.addKeep(&d, st, b, int(space.KeepIndex(a.Keep)), roll)
		}
		bt.finish(&d)
		out.Actions[i] = ActionBreakdown{Action: a, Breakdown: d}
	}
	out.Position = out.Actions[0].Breakdown.clone()
	return out, nil
}

// sheetBreakdown is what sheet s holds now: its boxes, its upper bonus
// (PUpperBonus 1 once earned) and its extra bonuses.
func (bt *BreakdownTable) sheetBreakdown(s yacht.Sheet) Breakdown {
	d := Breakdown{Boxes: make([]float64, len(s.Scores)), ExtraBonus: float64(s.ExtraBonus)}
	for c, v := range s.Scores {
		if v > 0 {
			d.Boxes[c] = float64(v)
		}
	}
	if s.UpperBonus() > 0 {
		d.PUpperBonus = 1
	}
	return d
}

// addFuture adds p times what the rest of the game brings from the start
// of a turn in state st (its entry) to d, whose sheet st is.
func (bt *BreakdownTable) addFuture(d *Breakdown, st yacht.State, p float64) {
	src := bt.entry(st)
	j := 0
	for c := range d.Boxes {
		if !st.IsFilled(c) {
			d.Boxes[c] += p * src[j]
			j++
		}
	}
	if st.Upper < bt.r.BonusThreshold {
		d.PUpperBonus += p * src[j]
	}
	if bt.extra != 0 {
		d.ExtraBonus += p * src[j+1]
	}
}

// addScoring adds p times scoring o from state st and the rest of the game
// after it to d.
func (bt *BreakdownTable) addScoring(d *Breakdown, st yacht.State, o yacht.Scoring, p float64) {
	r := bt.r
	d.Boxes[o.Category] += p * float64(o.Points)
	if r.Categories[o.Category].Kind == yacht.KindUpper && st.Upper < r.BonusThreshold && st.Upper+o.Points >= r.BonusThreshold {
		d.PUpperBonus += p // this scoring earns the bonus
	}
	d.ExtraBonus += p * float64(o.ExtraBonus)
	bt.addFuture(d, bt.r.Next(st, o), p)
}

// addKeep adds to d the turn from state st after keep k on roll roll (1
// or 2), the rest of it played by the policy that b has worked out for
// st: the probability of each pattern it ends on, and that pattern's
// scoring.
func (bt *BreakdownTable) addKeep(d *Breakdown, st yacht.State, b *turnBatch, k, roll int) {
	var mass [yacht.NumKeeps]float64
	var end [yacht.NumPatterns]float64
	mass[k] = 1
	rollRest(&mass)
	if roll == 1 {
		var p2 [yacht.NumPatterns]float64
		copy(p2[:], mass[firstPattern:])
		mass = [yacht.NumKeeps]float64{}
		for w, p := range p2 {
			if p == 0 {
				continue
			}
			if k2 := b.keep2[w][0]; k2 < 0 {
				end[w] += p
			} else {
				mass[k2] += p
			}
		}
		rollRest(&mass)
	}
	r := bt.r
	for w := range end {
		p := end[w] + mass[firstPattern+w]
		if p == 0 {
			continue
		}
		c, pts, g := int(b.cat[w][0]), int(b.points[w][0]), int(b.gain[w][0])
		o := yacht.Scoring{Category: c, Points: pts}
		if r.Categories[c].Kind == yacht.KindUpper && st.Upper < r.BonusThreshold && st.Upper+pts >= r.BonusThreshold {
			o.UpperBonus = r.BonusPoints
		}
		o.ExtraBonus = g - pts - o.UpperBonus
		bt.addScoring(d, st, o, p)
	}
}

// rollRest moves the probability on keeps of fewer than five dice to the
// patterns that rolling the other dice reaches, one die at a time (the
// keeps are indexed by size, so a keep's children come after it).
func rollRest(m *[yacht.NumKeeps]float64) {
	for k := 0; k < firstPattern; k++ {
		x := m[k]
		if x == 0 {
			continue
		}
		m[k] = 0
		x /= 6
		for _, c := range space.Child[k] {
			m[c] += x
		}
	}
}

// finish sets the upper bonus's expected points from its probability.
func (bt *BreakdownTable) finish(d *Breakdown) {
	d.UpperBonus = d.PUpperBonus * float64(bt.r.BonusPoints)
}

// clone returns a copy of d that shares nothing with it.
func (d Breakdown) clone() Breakdown {
	d.Boxes = append([]float64(nil), d.Boxes...)
	return d
}

// BreakdownTables builds each rule set's breakdown table once and shares
// it. The zero value is ready to use. Concurrent callers asking for the
// same rule set wait for the same build; a caller whose context ends stops
// waiting, but the build goes on for the others. A failed build is
// forgotten, so the next call retries.
type BreakdownTables struct {
	mu      sync.Mutex
	entries map[string]*breakdownEntry
}

type breakdownEntry struct {
	done  chan struct{}
	table *BreakdownTable
	err   error
}

// Get returns the breakdown table of t, building it on first use (one
// table per rule set: t must be the rule set's one strategy table, as
// strategy.Tables shares it).
func (ts *BreakdownTables) Get(ctx context.Context, t *strategy.Table) (*BreakdownTable, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	key := t.Rules().Key
	ts.mu.Lock()
	if ts.entries == nil {
		ts.entries = map[string]*breakdownEntry{}
	}
	e, ok := ts.entries[key]
	if !ok {
		e = &breakdownEntry{done: make(chan struct{})}
		ts.entries[key] = e
		buildCtx := context.WithoutCancel(ctx)
		go func() {
			e.table, e.err = BuildBreakdownTable(buildCtx, t)
			if e.err != nil {
				ts.mu.Lock()
				delete(ts.entries, key)
				ts.mu.Unlock()
			}
			close(e.done)
		}()
	}
	ts.mu.Unlock()
	select {
	case <-e.done:
		return e.table, e.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
