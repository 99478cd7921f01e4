package strategy

import (
	"context"
	"fmt"
	"sync"

	"github.com/alea-bot/alea/engine/yacht"
)

// Tables builds each rule set's table once and shares it. The zero value is
// ready to use. Concurrent callers asking for the same rule set wait for the
// same build; a caller whose context ends stops waiting, but the build goes
// on for the others. A failed build is forgotten, so the next call retries.
type Tables struct {
	mu      sync.Mutex
	entries map[string]*tableEntry
}

type tableEntry struct {
	done  chan struct{}
	table *Table
	err   error
	fp    [32]byte
}

// Get returns the table for rules r, building it on first use.
func (ts *Tables) Get(ctx context.Context, r *yacht.Rules) (*Table, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	fp := r.Fingerprint()
	ts.mu.Lock()
	if ts.entries == nil {
		ts.entries = map[string]*tableEntry{}
	}
	e, ok := ts.entries[r.Key]
	if ok && e.fp != fp {
		ts.mu.Unlock()
		return nil, fmt.Errorf("strategy: two different rule sets share the key %q", r.Key)
	}
	if !ok {
		e = &tableEntry{done: make(chan struct{}), fp: fp}
		ts.entries[r.Key] = e
		buildCtx := context.WithoutCancel(ctx)
		go func() {
			e.table, e.err = Build(buildCtx, r)
			if e.err != nil {
				ts.mu.Lock()
				delete(ts.entries, r.Key)
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

// Preset returns the table of a preset by name (see yacht.Preset).
func (ts *Tables) Preset(ctx context.Context, name string) (*Table, error) {
	r, err := yacht.Preset(name)
	if err != nil {
		return nil, err
	}
	return ts.Get(ctx, r)
}

// Ready returns the table for a rule-set key if it is already built.
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

// Put adds a table built or loaded elsewhere (e.g. by ReadTable). It does
// not replace a table that is already present or being built.
func (ts *Tables) Put(t *Table) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.entries == nil {
		ts.entries = map[string]*tableEntry{}
	}
	if _, ok := ts.entries[t.rules.Key]; ok {
		return
	}
	e := &tableEntry{done: make(chan struct{}), table: t, fp: t.rules.Fingerprint()}
	close(e.done)
	ts.entries[t.rules.Key] = e
}
