package finalscore

import (
	"context"
	"fmt"
	"strings"
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

// endSheet fills every category of rules name but the open ones, with the
// scores given in fill (key:score) or, for the rest, a score the category
// can hold: three of the face in the upper section, the smallest positive
// score below.
func endSheet(t testing.TB, r *yacht.Rules, fill string, open ...string) yacht.Sheet {
	t.Helper()
	given := map[string]string{}
	for _, f := range strings.Fields(fill) {
		k, v, _ := strings.Cut(f, ":")
		given[k] = v
	}
	var parts []string
	for i := range r.Categories {
		c := &r.Categories[i]
		skip := false
		for _, o := range open {
			if o == c.Key {
				skip = true
			}
		}
		if skip {
			continue
		}
		if v, ok := given[c.Key]; ok {
			parts = append(parts, c.Key+":"+v)
			continue
		}
		v := 0
		if c.Kind == yacht.KindUpper {
			v = 3 * c.Face
		} else if ps := r.PossibleScores(i); len(ps) > 1 {
			v = ps[1]
		}
		parts = append(parts, fmt.Sprintf("%s:%d", c.Key, v))
	}
	if v, ok := given[extraBonusKey]; ok {
		parts = append(parts, extraBonusKey+":"+v)
	}
	s, err := yacht.ParseSheet(r, strings.Join(parts, " "))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// patternDice is the dice of pattern w, faces ascending.
func patternDice(w int) yacht.Dice {
	var d yacht.Dice
	copy(d[:], yacht.Pattern(w).Faces())
	return d
}
