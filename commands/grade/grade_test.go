package grade

import (
	"testing"

	"github.com/alea-bot/alea/commands"
)

func TestGradeBands(t *testing.T) {
	for _, c := range []struct {
		lost      float64
		decisions int
		want      Grade
	}{
		// The mean as shown, to the hundredth: 7.60/39 shows 0.19, 7.61/39 shows 0.20.
		{0, 39, Perfect}, {0.01, 39, Expert}, {7.6, 39, Expert}, {7.61, 39, Good}, {7.8, 39, Good},
		{19.3, 39, Good}, {19.31, 39, Fair}, {38.8, 39, Fair}, {38.81, 39, Learning}, {120, 39, Learning},
	} {
		if g := Of(c.lost, c.decisions); g != c.want {
			t.Errorf("%.2f over %d: %s, want %s", c.lost, c.decisions, g.Key(), c.want.Key())
		}
	}
	if PerDecision(5, 0) != 0 || PerDecision(5, 4) != 1.25 {
		t.Error("PerDecision")
	}
}

// Every grade has a key that reads back, and a name in each language.
func TestGradeNames(t *testing.T) {
	for g := Perfect; g <= Learning; g++ {
		if back, ok := FromKey(g.Key()); !ok || back != g {
			t.Errorf("%s reads back as %v %v", g.Key(), back, ok)
		}
		for _, l := range commands.Locales {
			if g.Name(l) == "" {
				t.Errorf("%s has no name in %s", g.Key(), l)
			}
		}
	}
	if _, ok := FromKey("godlike"); ok {
		t.Error("an unknown key reads as a grade")
	}
}
