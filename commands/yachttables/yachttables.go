// Package yachttables gives the Yacht commands their strategy tables, one
// per rule set, shared by every Yacht command of the process: built at
// start (Warm), and looked up, or built behind the bound on heavy work
// when not built yet (Table).
package yachttables

import (
	"context"
	"errors"
	"fmt"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// Warm returns the warm-up of a Yacht command: it builds the table of every
// preset (yacht.Presets) at start; tables are shared, so each is built
// once whichever command warms first.
func Warm(tables *strategy.Tables) func(ctx context.Context) error {
	return func(ctx context.Context) error {
		for _, k := range yacht.Presets() {
			if _, err := tables.Preset(ctx, k); err != nil {
				return fmt.Errorf("yacht table %s: %w", k, err)
			}
		}
		return nil
	}
}

// Table returns the table of r from tables, building it first (heavy work,
// behind commands.Heavy) when it is not built yet.
func Table(ctx context.Context, tables *strategy.Tables, r *yacht.Rules) (*strategy.Table, error) {
	if _, ok := tables.Ready(r.Key); !ok { // building the table is heavy; a lookup is not
		hctx, done, err := commands.Heavy(ctx)
		if err != nil {
			return nil, err
		}
		defer done()
		ctx = hctx
	}
	t, err := tables.Get(ctx, r)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			return nil, err
		}
		return nil, fmt.Errorf("yacht table %s: %w", r.Key, err)
	}
	return t, nil
}
