package yachtcoach

import (
	"context"
	"sync"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// Tables keeps the breakdown table of each rule set (what every box will
// hold at the end, finalscore.BreakdownTable), shared by the Yacht
// commands of the process. A table is built once, in the background: a
// command that finds it not built yet answers without the breakdown and
// says so, never waiting for it (Ready), or, when it is doing heavy work
// already (its strategy table was cold), builds it within that turn
// (Get). The zero value is ready to use.
type Tables struct {
	bts finalscore.BreakdownTables

	mu    sync.Mutex
	built map[string]*finalscore.BreakdownTable
	asked map[string]bool // a background build was started
	// Go runs a background build (nil: in a new goroutine); tests run it
	// at once.
	Go func(func())
}

// Ready returns the breakdown table of t's rules once it is built. When
// it is not, it starts building it in the background (once) and reports
// false at once.
func (ts *Tables) Ready(t *strategy.Table) (*finalscore.BreakdownTable, bool) {
	key := t.Rules().Key
	ts.mu.Lock()
	if bt, ok := ts.built[key]; ok {
		ts.mu.Unlock()
		return bt, true
	}
	start := !ts.asked[key]
	if start {
		if ts.asked == nil {
			ts.asked = map[string]bool{}
		}
		ts.asked[key] = true
	}
	run := ts.Go
	ts.mu.Unlock()
	if start {
		if run == nil {
			run = func(f func()) { go f() }
		}
		run(func() {
			if _, err := ts.Get(context.Background(), t); err != nil {
				ts.mu.Lock()
				delete(ts.asked, key) // a failed build is tried again when next asked
				ts.mu.Unlock()
			}
		})
		ts.mu.Lock()
		bt, ok := ts.built[key]
		ts.mu.Unlock()
		return bt, ok
	}
	return nil, false
}

// Get returns the breakdown table of t's rules, building it first when it
// is not built (0.7 CPU-seconds for Yacht, 6 for Yatzy: heavy work, which
// the caller does within its turn). A build goes on when ctx ends.
func (ts *Tables) Get(ctx context.Context, t *strategy.Table) (*finalscore.BreakdownTable, error) {
	bt, err := ts.bts.Get(ctx, t)
	if err != nil {
		return nil, err
	}
	ts.mu.Lock()
	if ts.built == nil {
		ts.built = map[string]*finalscore.BreakdownTable{}
	}
	ts.built[t.Rules().Key] = bt
	ts.mu.Unlock()
	return bt, nil
}

// Warm starts building, in the background, the breakdown table of the
// default rule set (Yacht: 0.7 CPU-seconds, 6 MB) once tables holds its
// strategy table: for a command's Warm, after the strategy tables (it does
// not wait for the build, so the bot is ready without it). The other rule
// sets' are built when first asked for (Ready).
func (ts *Tables) Warm(tables *strategy.Tables) {
	if t, ok := tables.Ready(yacht.Yacht); ok {
		ts.Ready(t)
	}
}
