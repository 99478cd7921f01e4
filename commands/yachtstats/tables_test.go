package yachtstats

import (
	"context"
	"sync"
	"testing"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/internal/race"
)

var (
	sharedOnce   sync.Once
	sharedTables *strategy.Tables
)

// tables returns tables shared by the tests. Under -race, where a full
// build takes tens of seconds, the yacht table holds only the end game (at
// most three open categories).
func tables(t testing.TB) *strategy.Tables {
	t.Helper()
	sharedOnce.Do(func() {
		sharedTables = &strategy.Tables{}
		if race.Enabled {
			r, _ := yacht.Preset(yacht.Yacht)
			tb, err := strategy.BuildEndGame(context.Background(), r, 3)
			if err != nil {
				panic(err)
			}
			sharedTables.Put(tb)
		}
	})
	return sharedTables
}

// harness runs /yacht-stats.
func harness(t testing.TB) *bottest.Harness {
	return bottest.New(t, newStatsCommand(tables(t)))
}

func table(t testing.TB, key string) *strategy.Table {
	t.Helper()
	tb, err := tables(t).Preset(context.Background(), key)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}
