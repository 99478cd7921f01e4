//go:build !race

// The full-table example is left out of -race runs, where a build takes
// ten times longer.

package strategy_test

import (
	"context"
	"fmt"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// The start value printed is a regression value (internal/regression's
// YachtStart), not a published one.
func ExampleTables() {
	var tables strategy.Tables // the zero value is ready; share one per process
	t, err := tables.Preset(context.Background(), yacht.Yacht)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%.6f\n", t.Start())
	// Output:
	// 191.760880
}
