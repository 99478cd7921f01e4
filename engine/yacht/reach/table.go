package reach

import (
	"context"
	"fmt"
	"math/bits"
	"sync"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// Table holds, for every state of a rule set's sheet (the filled
// categories, the upper total capped at the bonus threshold and, under
// extra-Yacht bonus rules, whether the Yacht box holds a Yacht), the whole
// function n ↦ P(at least n more points), every decision maximising that
// probability for its own n (the threshold strategy): target advice from
// any sheet, the empty one included, is then one turn of work. States
// whose upper totals lead to the same bonus chances share one vector;
// chances are stored as float32 (computed in float64) and a vector's tail
// below 1e-15 is dropped.
type Table struct {
	r *yacht.Rules
	// byFill holds the states of each fill count: the induction's levels,
	// kept as they are (no copy into one map).
	byFill []levelOf[float32]
}

// BuildTable computes the target table of t's rules by backward
// induction over every state reachable from the empty sheet, in parallel,
// sixteen needs at a time in single precision; it stops with ctx's error
// when ctx ends.
func BuildTable(ctx context.Context, t *strategy.Table) (*Table, error) {
	r := t.Rules()
	empty := yacht.NewSheet(r).State()
	byFill, err := wholeLevels(ctx, t, empty, maxFuture(r, empty), false)
	if err != nil {
		return nil, err
	}
	return &Table{r: r, byFill: byFill}, nil
}

// wholeLevels runs the single-precision induction from st for needs up to
// need (with toTarget, only those on the way to need itself: see
// targetLevels) and keeps every fill count's level, byFill[f] for fill
// count f (empty below st's and for a full sheet), each handed over as
// soon as the induction no longer reads it.
func wholeLevels(ctx context.Context, t *strategy.Table, st yacht.State, need int, toTarget bool) ([]levelOf[float32], error) {
	byFill := make([]levelOf[float32], len(t.Rules().Categories)+1)
	keep := func(lv levelOf[float32]) {
		if lv.len() > 0 {
			byFill[bits.OnesCount32(lv.keys[0]>>7)] = lv
		}
	}
	levels, err := targetLevels[float32](ctx, t, st, need, nil, toTarget, keep)
	if err != nil {
		return nil, err
	}
	for _, lv := range levels {
		keep(lv)
	}
	return byFill, nil
}

// adviseFromLevels is the end of target advice from the whole levels of an
// induction that holds st (see wholeLevels): the chances of the states
// after this turn and of st itself are looked up, so the work is one
// turn's.
func adviseFromLevels(r *yacht.Rules, byFill []levelOf[float32], st yacht.State, dice *yacht.Dice, roll, need int, ta Advice) Advice {
	k := bits.OnesCount32(st.Filled)
	return finishTarget(r, widen(r, byFill[k+1], st), byFill[k].get(r, st, need), st, dice, roll, need, ta)
}

// level is the table's level of st's fill count (empty for a full sheet).
func (tt *Table) level(st yacht.State) levelOf[float32] {
	return tt.byFill[bits.OnesCount32(st.Filled)]
}

// Rules returns the rules the table was built for.
func (tt *Table) Rules() *yacht.Rules { return tt.r }

// States returns the number of sheet states the table answers for.
func (tt *Table) States() int {
	n := 0
	for _, lv := range tt.byFill {
		n += lv.len()
	}
	return n
}

// Bytes estimates the table's memory: the stored chances (4 bytes each;
// the states of one bonus class share theirs), each state's slice header
// and key, and the levels' index tables.
func (tt *Table) Bytes() int64 { return levelsBytes(tt.byFill) }

// Reach returns P(final ≥ target) from the start of the next turn of
// sheet s under the threshold strategy.
func (tt *Table) Reach(s yacht.Sheet, target int) float64 {
	need := target - s.Total()
	if need <= 0 {
		return 1
	}
	return tt.at(s.State(), need)
}

// at is P(at least n more points) from state st (0 for a state the table
// does not hold).
func (tt *Table) at(st yacht.State, n int) float64 {
	if n <= 0 {
		return 1
	}
	lv := tt.level(st)
	v := lv.vec(stateKey(tt.r, st))
	if n > len(v) {
		return 0
	}
	return float64(v[n-1])
}

func (tt *Table) has(st yacht.State) bool {
	lv := tt.level(st)
	_, ok := lv.at(stateKey(tt.r, st))
	return ok
}

// nextLevel gathers, in double precision, the vectors of the states one
// scoring after st (st is not full).
func (tt *Table) nextLevel(st yacht.State) targetLevel {
	return widen(tt.r, tt.byFill[bits.OnesCount32(st.Filled)+1], st)
}

// Advise is the package's Advise answered from the
// table: the chances of the states after this turn are looked up, so the
// work is one turn's whatever the number of open categories. t must be
// the max-expectation table of the same rules (for the expected finals).
func (tt *Table) Advise(t *strategy.Table, s yacht.Sheet, dice *yacht.Dice, roll int, target int) (Advice, error) {
	if t.Rules().Key != tt.r.Key {
		return Advice{}, fmt.Errorf("reach: target table of %q asked with rules %q", tt.r.Key, t.Rules().Key)
	}
	ta, need, settled, err := targetStart(t, s, dice, roll, target)
	if settled || err != nil {
		return ta, err
	}
	st := s.State()
	if !tt.has(st) {
		return Advice{}, fmt.Errorf("reach: state %x of the sheet is not in the target table", stateKey(tt.r, st))
	}
	return adviseFromLevels(tt.r, tt.byFill, st, dice, roll, need, ta), nil
}

// Tables builds each rule set's target table once and shares it.
// The zero value is ready to use. Concurrent callers asking for the same
// rule set wait for the same build; a caller whose context ends stops
// waiting, but the build goes on for the others. A failed build is
// forgotten, so the next call retries.
type Tables struct {
	mu      sync.Mutex
	entries map[string]*targetEntry
}

type targetEntry struct {
	done  chan struct{}
	table *Table
	err   error
}

// Get returns the target table of t's rules, building it on first use.
func (ts *Tables) Get(ctx context.Context, t *strategy.Table) (*Table, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	key := t.Rules().Key
	ts.mu.Lock()
	if ts.entries == nil {
		ts.entries = map[string]*targetEntry{}
	}
	e, ok := ts.entries[key]
	if !ok {
		e = &targetEntry{done: make(chan struct{})}
		ts.entries[key] = e
		buildCtx := context.WithoutCancel(ctx)
		go func() {
			e.table, e.err = BuildTable(buildCtx, t)
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

// Building reports whether the target table for a rule-set key is being
// built (asked, not finished).
func (ts *Tables) Building(key string) bool {
	ts.mu.Lock()
	e, ok := ts.entries[key]
	ts.mu.Unlock()
	if !ok {
		return false
	}
	select {
	case <-e.done:
		return false
	default:
		return true
	}
}

// Ready returns the target table for a rule-set key if it is built.
func (ts *Tables) Ready(key string) (*Table, bool) {
	ts.mu.Lock()
	e, ok := ts.entries[key]
	ts.mu.Unlock()
	if !ok {
		return nil, false
	}
	select {
	case <-e.done:
		return e.table, e.err == nil
	default:
		return nil, false
	}
}
