package finalscore

import (
	"context"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// testTables shares full tables between the tests of one run.
var testTables strategy.Tables

func fullTable(t *testing.T, name string) *strategy.Table {
	t.Helper()
	tb, err := testTables.Preset(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func mustPreset(t testing.TB, name string) *yacht.Rules {
	t.Helper()
	r, err := yacht.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// extraBonusKey is the sheet text's name for the extra-Yacht bonus total
// (yacht.ParseSheet reads it).
const extraBonusKey = "yahtzee_bonus"
