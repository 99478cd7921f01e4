package finalscore

import (
	"context"
	"math"
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

// sameTargetAdvice fails the test unless got has want's actions, its best
// chance and each action's within 1e-6; what names the case.
func sameTargetAdvice(t *testing.T, what string, got, want TargetAdvice) {
	t.Helper()
	if math.Abs(got.Reach-want.Reach) > 1e-6 || len(got.Actions) != len(want.Actions) {
		t.Fatalf("%s: reach %.9f (%d actions), want %.9f (%d)", what, got.Reach, len(got.Actions), want.Reach, len(want.Actions))
	}
	byKey := map[string]float64{}
	for _, a := range want.Actions {
		byKey[actionKey(a.Action)] = a.Reach
	}
	for _, a := range got.Actions {
		if w, ok := byKey[actionKey(a.Action)]; !ok || math.Abs(a.Reach-w) > 1e-6 {
			t.Errorf("%s: %s %.9f, want %.9f", what, actionKey(a.Action), a.Reach, w)
		}
	}
}
