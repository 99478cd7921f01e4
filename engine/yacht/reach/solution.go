package reach

import (
	"context"
	"fmt"
	"math/bits"
	"sync"
	"unsafe"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// Solution is one direct target induction kept whole: from a sheet,
// toward one target, the chances of every state after it for the needs it
// can have on the way (as Advise computes them, in single
// precision, within 1e-6 of the double induction). Target advice for the
// same target from any later sheet of the same game, or any other sheet
// it covers, is then one turn of work: the table of what that target
// needs, where a Table holds every target.
type Solution struct {
	r      *yacht.Rules
	start  yacht.State
	total  int // the total of the sheet it was solved from
	target int
	gained *gainBounds
	// byFill holds the states of each fill count (empty below the
	// start's and for a full sheet).
	byFill []levelOf[float32]
	bytes  int64
}

// Solve computes the Solution of sheet s toward target, by
// the backward induction of Advise with every fill count kept (its
// memory is about Cost.Kept); it stops with a *Error of kind
// TooEarly when ctx ends first. A target the sheet already holds
// or cannot reach needs no induction: its solution holds no states and
// covers no sheet.
func Solve(ctx context.Context, t *strategy.Table, s yacht.Sheet, target int) (*Solution, error) {
	r := t.Rules()
	if s.Rules.Key != r.Key {
		return nil, fmt.Errorf("reach: sheet of %q solved with rules %q", s.Rules.Key, r.Key)
	}
	if target < 0 {
		return nil, &Error{Kind: Negative, Target: target}
	}
	st := s.State()
	ts := &Solution{r: r, start: st, total: s.Total(), target: target, gained: newGainBounds(r, st),
		byFill: make([]levelOf[float32], len(r.Categories)+1)}
	need := target - ts.total
	if need <= 0 || need > maxFuture(r, st) {
		return ts, nil
	}
	byFill, err := wholeLevels(ctx, t, st, need, true)
	if err != nil {
		return nil, &Error{Kind: TooEarly, Open: st.Open(r), Target: target, Err: err}
	}
	ts.byFill, ts.bytes = byFill, levelsBytes(byFill)
	return ts, nil
}

// Rules returns the rules the solution was computed for.
func (ts *Solution) Rules() *yacht.Rules { return ts.r }

// Target returns the target the solution was computed toward.
func (ts *Solution) Target() int { return ts.target }

// Bytes estimates the solution's memory (see Table.Bytes).
func (ts *Solution) Bytes() int64 { return ts.bytes }

// Covers reports whether the solution answers target advice toward
// target from sheet s: the same rules and target, a state the induction
// went through, and a total within the points that state can have gained
// since the sheet solved (so that every need the turn reads was kept).
func (ts *Solution) Covers(s yacht.Sheet, target int) bool {
	if s.Rules == nil || s.Rules.Key != ts.r.Key || target != ts.target {
		return false
	}
	st := s.State()
	k := bits.OnesCount32(st.Filled)
	if k >= len(ts.byFill)-1 {
		return false // a full sheet: nothing to advise
	}
	key := stateKey(ts.r, st)
	if _, ok := ts.byFill[k].at(key); !ok {
		return false
	}
	lo, hi := ts.gained.of(key)
	g := s.Total() - ts.total
	return lo <= g && g <= hi
}

// Advise is the package's Advise answered from the
// solution, for a sheet it covers (an error otherwise): the chances of the
// states after this turn are looked up, so the work is one turn's. t must
// be the max-expectation table of the same rules.
func (ts *Solution) Advise(t *strategy.Table, s yacht.Sheet, dice *yacht.Dice, roll int, target int) (Advice, error) {
	if t.Rules().Key != ts.r.Key || !ts.Covers(s, target) {
		return Advice{}, fmt.Errorf("reach: the solution of %q toward %d does not cover this sheet toward %d", ts.r.Key, ts.target, target)
	}
	ta, need, settled, err := targetStart(t, s, dice, roll, target)
	if settled || err != nil {
		return ta, err
	}
	return adviseFromLevels(ts.r, ts.byFill, s.State(), dice, roll, need, ta), nil
}

// levelsBytes estimates the memory of single-precision levels: the stored
// chances (4 bytes each; the states of one bonus class share theirs; the
// blocks they were taken from, unused ends included, when they were),
// each state's entry and key, and the levels' index tables.
func levelsBytes(levels []levelOf[float32]) int64 {
	floats, states, index := 0, 0, 0
	for _, lv := range levels {
		// No vector is shared between levels.
		if lv.held > 0 {
			floats += lv.held
		} else {
			seen := map[*float32]bool{}
			for _, v := range lv.all() {
				if len(v) > 0 && !seen[&v[0]] {
					seen[&v[0]] = true
					floats += len(v)
				}
			}
		}
		states += lv.len()
		index += cap(lv.set) + cap(lv.slot)
	}
	return int64(floats)*4 + int64(states)*(int64(unsafe.Sizeof(levelEntry[float32]{}))+4) + int64(index)*4
}

// Solutions keeps the most recently used Solutions within a
// memory budget, so that a game asking toward one target turn after turn
// computes it once. The zero value keeps nothing; it is safe for
// concurrent use.
type Solutions struct {
	// Budget bounds the sum of the kept solutions' Bytes; a solution
	// larger than it is not kept. It is set before the first use.
	Budget int64

	mu    sync.Mutex
	kept  []*Solution // least recently used first
	bytes int64
}

// Find returns a kept solution that covers sheet s toward target, marking
// it used, or nil.
func (c *Solutions) Find(s yacht.Sheet, target int) *Solution {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i := len(c.kept) - 1; i >= 0; i-- {
		if ts := c.kept[i]; ts.Covers(s, target) {
			c.kept = append(append(c.kept[:i], c.kept[i+1:]...), ts)
			return ts
		}
	}
	return nil
}

// Fits reports whether a solution of the given bytes would be kept.
func (c *Solutions) Fits(bytes int64) bool {
	return bytes > 0 && bytes <= c.Budget
}

// Add keeps ts, forgetting the least recently used solutions as the
// budget asks, and reports whether it is kept (not when it holds no
// states or is larger than the budget; a solution of the same sheet state,
// total and target already kept is kept instead, as the most recent).
func (c *Solutions) Add(ts *Solution) bool {
	if !c.Fits(ts.bytes) {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, old := range c.kept {
		if old.r.Key == ts.r.Key && old.start == ts.start && old.total == ts.total && old.target == ts.target {
			c.kept = append(append(c.kept[:i], c.kept[i+1:]...), old)
			return true
		}
	}
	for len(c.kept) > 0 && c.bytes+ts.bytes > c.Budget {
		c.bytes -= c.kept[0].bytes
		c.kept[0] = nil
		c.kept = c.kept[1:]
	}
	c.kept = append(c.kept, ts)
	c.bytes += ts.bytes
	return true
}

// Bytes returns the memory of the kept solutions (their Bytes).
func (c *Solutions) Bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}
