package yachtstats

import (
	"context"
	"testing"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands/yachttables/yachttest"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// tables returns tables shared by the tests. Under -race, where a full
// build takes tens of seconds, the yacht table holds only the end game (at
// most three open categories).
func tables(t testing.TB) *strategy.Tables {
	t.Helper()
	return yachttest.Tables()
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
