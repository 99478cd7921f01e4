// Package yachtkit holds what the Yacht commands share beyond words: the
// tables they build and look up behind the bound on heavy work.
package yachtkit

import (
	"context"
	"errors"
	"fmt"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// Warm returns the warm-up of a Yacht command: it builds the table of every
// preset key at start (tables are shared, so each is built once).
func Warm(tables *strategy.Tables, keys []string) func(ctx context.Context) error {
	return func(ctx context.Context) error {
		for _, k := range keys {
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
