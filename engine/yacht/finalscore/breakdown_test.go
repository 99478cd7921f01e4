package finalscore

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/internal/race"
)

// testBreakdowns shares the breakdown tables of the full strategy tables
// (testTables) between the tests of one run.
var testBreakdowns BreakdownTables

func breakdownTable(t testing.TB, name string) (*strategy.Table, *BreakdownTable) {
	t.Helper()
	tb, err := testTables.Preset(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	bt, err := testBreakdowns.Get(context.Background(), tb)
	if err != nil {
		t.Fatal(err)
	}
	return tb, bt
}

// parts lays a breakdown out as the enumeration below computes it: every
// box, the probability of the upper bonus, the extra bonuses.
func parts(d Breakdown) []float64 {
	return append(append([]float64(nil), d.Boxes...), d.PUpperBonus, d.ExtraBonus)
}

// bruteBreakdown enumerates every sequence of dice from sheet s to the
// end, with the decisions taken from Advise (chosen), and returns the
// expected final points of every box, the probability of the upper bonus
// and the expected extra bonuses (parts' layout).
func bruteBreakdown(t *testing.T, tb *strategy.Table, s yacht.Sheet, memo map[string][]float64) []float64 {
	t.Helper()
	n := len(s.Scores)
	if s.Filled() == n {
		out := make([]float64, n+2)
		for c, v := range s.Scores {
			out[c] = float64(v)
		}
		if s.UpperBonus() > 0 {
			out[n] = 1
		}
		out[n+1] = float64(s.ExtraBonus)
		return out
	}
	key := s.String()
	if d, ok := memo[key]; ok {
		return d
	}
	after := bruteRolls(t, tb, s, memo)
	d := make([]float64, n+2)
	for w := 0; w < yacht.NumPatterns; w++ {
		num, den := yacht.PatternProbability(w)
		mixParts(d, after[1][w], float64(num)/float64(den))
	}
	memo[key] = d
	return d
}

// bruteRolls returns, for every roll and pattern rolled on it, the
// breakdown once Advise's choice (chosen) is made.
func bruteRolls(t *testing.T, tb *strategy.Table, s yacht.Sheet, memo map[string][]float64) *[4][yacht.NumPatterns][]float64 {
	t.Helper()
	var after [4][yacht.NumPatterns][]float64
	for roll := 3; roll >= 1; roll-- {
		keepMemo := map[yacht.Counts][]float64{}
		for w := 0; w < yacht.NumPatterns; w++ {
			dice := patternDice(w)
			adv, err := tb.Advise(s, &dice, roll)
			if err != nil {
				t.Fatal(err)
			}
			a := chosen(adv)
			if a.Kind == strategy.Score {
				after[roll][w] = bruteBreakdown(t, tb, s.Fill(a.Scoring), memo)
				continue
			}
			d, ok := keepMemo[a.Keep]
			if !ok {
				d = bruteKeep(t, a.Keep, &after[roll+1], len(s.Scores))
				keepMemo[a.Keep] = d
			}
			after[roll][w] = d
		}
	}
	return &after
}

// bruteKeep mixes the breakdowns after the next roll (next, by pattern)
// over the patterns that rerolling all but keep k reaches.
func bruteKeep(t *testing.T, k yacht.Counts, next *[yacht.NumPatterns][]float64, n int) []float64 {
	t.Helper()
	trs, err := yacht.KeepTransitions(k)
	if err != nil {
		t.Fatal(err)
	}
	d := make([]float64, n+2)
	for _, tr := range trs {
		mixParts(d, next[tr.Pattern], float64(tr.Num)/float64(tr.Den))
	}
	return d
}

func mixParts(dst, src []float64, p float64) {
	for i, x := range src {
		dst[i] += p * x
	}
}

// closeParts fails unless got and want agree within tol part by part.
func closeParts(t *testing.T, what string, r *yacht.Rules, got, want []float64, tol float64) {
	t.Helper()
	for i := range want {
		if math.Abs(got[i]-want[i]) > tol {
			t.Errorf("%s: %s %.12f, want %.12f", what, partName(r, i), got[i], want[i])
		}
	}
}

// partName names part i of parts' layout.
func partName(r *yacht.Rules, i int) string {
	switch {
	case i < len(r.Categories):
		return r.Categories[i].Key
	case i == len(r.Categories):
		return "P(upper bonus)"
	}
	return "extra bonus"
}

// The breakdowns equal the enumeration of every dice sequence played by
// Advise's choices, for end games with one and two open boxes (the upper
// bonus at stake, Yahtzee's jokers and extra bonuses): from the start of
// the turn and, on every roll and for every pattern, every action (a
// scoring and the enumeration after it; a keep and the enumeration of the
// rolls after it).
func TestBreakdownMatchesEnumeration(t *testing.T) {
	cases := []struct {
		rules, fill string
		open        []string
	}{
		{yacht.Yacht, "", []string{"sixes", "yacht"}},
		{yacht.Yacht, "aces:2 twos:6 threes:9 fours:12 fives:15", []string{"sixes", "choice"}},
		{yacht.Yacht, "", []string{"full_house", "small_straight"}},
		{yacht.Pancht, "aces:1 twos:4", []string{"threes", "three_of_a_kind"}},
		{yacht.Yahtzee, "yahtzee:50", []string{"fours", "full_house"}},
		{yacht.Yahtzee, "yahtzee:50 yahtzee_bonus:100", []string{"large_straight"}},
		{yacht.Yahtzee, "yahtzee:0", []string{"sixes", "chance"}},
		{yacht.Yahtzee, "", []string{"yahtzee", "chance"}},
		{yacht.Yahtzee + "+" + yacht.FreeJokerOption, "yahtzee:50 fives:0", []string{"small_straight", "fives"}},
		{yacht.Yatzy, "", []string{"two_pairs", "sixes"}},
	}
	if race.Enabled {
		cases = cases[:2]
	}
	for _, c := range cases {
		t.Run(c.rules+"/"+strings.Join(c.open, "+"), func(t *testing.T) {
			r := mustPreset(t, c.rules)
			tb, err := strategy.BuildEndGame(context.Background(), r, 2)
			if err != nil {
				t.Fatal(err)
			}
			bt, err := BuildBreakdownTable(context.Background(), tb)
			if err != nil {
				t.Fatal(err)
			}
			s := endSheet(t, r, c.fill, c.open...)
			memo := map[string][]float64{}
			want := bruteBreakdown(t, tb, s, memo)
			got, err := bt.Breakdowns(s, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			closeParts(t, "start of the turn", r, parts(got.Position), want, 1e-12)
			after := bruteRolls(t, tb, s, memo)
			for roll := 1; roll <= 3; roll++ {
				for w := 0; w < yacht.NumPatterns; w++ {
					dice := patternDice(w)
					got, err := bt.Breakdowns(s, &dice, roll)
					if err != nil {
						t.Fatal(err)
					}
					for _, a := range got.Actions {
						var want []float64
						if a.Kind == strategy.Score {
							want = bruteBreakdown(t, tb, s.Fill(a.Scoring), memo)
						} else {
							want = bruteKeep(t, a.Keep, &after[roll+1], len(r.Categories))
						}
						closeParts(t, fmt.Sprintf("roll %d, %v, %s", roll, dice, actionKey(a.Action)), r, parts(a.Breakdown), want, 1e-12)
					}
				}
			}
		})
	}
	// A state the end-game table does not hold has no breakdown.
	r := mustPreset(t, yacht.Yacht)
	tb, err := strategy.BuildEndGame(context.Background(), r, 2)
	if err != nil {
		t.Fatal(err)
	}
	bt, err := BuildBreakdownTable(context.Background(), tb)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bt.Breakdowns(endSheet(t, r, "", "aces", "twos", "yacht"), nil, 0); err == nil {
		t.Errorf("a sheet with three open boxes was broken down by a two-box table")
	}
}

// actionKey names an action for a message.
func actionKey(a strategy.Action) string {
	if a.Kind == strategy.Score {
		return fmt.Sprintf("score %d:%d", a.Scoring.Category, a.Scoring.Points)
	}
	return fmt.Sprintf("keep %v", a.Keep.Faces())
}

// breakdownPositions lists, for the rules r, sheets to break down: the
// empty sheet, a mid game (every other box open, and the Yacht box), an
// end game (the last upper box and the Yacht box, the bonus at stake) and,
// under rules with jokers or extra bonuses, the Yacht box filled with and
// without its points, a face's upper box open.
func breakdownPositions(t *testing.T, r *yacht.Rules) map[string]yacht.Sheet {
	t.Helper()
	y := r.YachtIndex()
	var mid []string
	for c := range r.Categories {
		if c%2 == 0 || c == y {
			mid = append(mid, r.Categories[c].Key)
		}
	}
	upper := func(face int) string {
		for c := range r.Categories {
			if r.Categories[c].Kind == yacht.KindUpper && r.Categories[c].Face == face {
				return r.Categories[c].Key
			}
		}
		t.Fatalf("%s has no upper box of face %d", r.Key, face)
		return ""
	}
	out := map[string]yacht.Sheet{
		"empty": yacht.NewSheet(r),
		"mid":   endSheet(t, r, "", mid...),
		"end":   endSheet(t, r, "", upper(6), r.Categories[y].Key),
	}
	if r.Joker != yacht.NoJoker || r.ExtraYachtBonus > 0 {
		var lower []string
		for c := range r.Categories {
			if r.Categories[c].Kind != yacht.KindUpper && c != y && len(lower) < 3 {
				lower = append(lower, r.Categories[c].Key)
			}
		}
		yk := r.Categories[y].Key
		bonus := ""
		if r.ExtraYachtBonus > 0 {
			bonus = fmt.Sprintf(" %s:%d", extraBonusKey, r.ExtraYachtBonus)
		}
		out["jokers"] = endSheet(t, r, yk+":50"+bonus, append([]string{upper(4), upper(6)}, lower...)...)
		out["jokers-no-yacht"] = endSheet(t, r, yk+":0", append([]string{upper(4)}, lower...)...)
	}
	return out
}

// For every preset, every action of the sample positions on every roll,
// and the start of a turn: the parts add up to the action's expected final
// score (Advise's) within 1e-9; a filled box holds its points; an open box
// expects no more than its best score; the bonus's points are its
// probability times its points; the actions are Advise's, in its order.
func TestBreakdownSumsToExpected(t *testing.T) {
	names := yacht.PresetNames()
	if race.Enabled || testing.Short() {
		names = []string{yacht.Yacht}
	}
	dice := []string{"3 3 5 6 6", "4 4 4 4 4", "6 6 6 6 6", "1 2 3 4 5", "2 2 3 3 3", "1 1 1 2 6"}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			tb, bt := breakdownTable(t, name)
			r := tb.Rules()
			for pos, s := range breakdownPositions(t, r) {
				check := func(what string, d Breakdown, expected float64) {
					t.Helper()
					if got := d.Total(); math.Abs(got-expected) > 1e-9 {
						t.Errorf("%s %s: parts add up to %.12f, expected %.12f", pos, what, got, expected)
					}
					for c, v := range s.Scores {
						ps := r.PossibleScores(c)
						switch {
						case v >= 0 && d.Boxes[c] != float64(v):
							t.Errorf("%s %s: filled %s holds %g, not %d", pos, what, r.Categories[c].Key, d.Boxes[c], v)
						case d.Boxes[c] < 0 || d.Boxes[c] > float64(ps[len(ps)-1])+1e-12:
							t.Errorf("%s %s: %s expects %g", pos, what, r.Categories[c].Key, d.Boxes[c])
						}
					}
					if d.PUpperBonus < -1e-15 || d.PUpperBonus > 1+1e-12 || s.UpperBonus() > 0 && d.PUpperBonus != 1 {
						t.Errorf("%s %s: P(upper bonus) %g", pos, what, d.PUpperBonus)
					}
					if d.UpperBonus != d.PUpperBonus*float64(r.BonusPoints) || d.ExtraBonus < float64(s.ExtraBonus) || r.ExtraYachtBonus == 0 && d.ExtraBonus != 0 {
						t.Errorf("%s %s: upper bonus %g (P %g), extra %g", pos, what, d.UpperBonus, d.PUpperBonus, d.ExtraBonus)
					}
				}
				adv, err := tb.Advise(s, nil, 0)
				if err != nil {
					t.Fatal(err)
				}
				got, err := bt.Breakdowns(s, nil, 0)
				if err != nil {
					t.Fatal(err)
				}
				check("start of the turn", got.Position, adv.Expected)
				for _, text := range dice {
					d, err := yacht.ParseDice(text)
					if err != nil {
						t.Fatal(err)
					}
					for roll := 1; roll <= 3; roll++ {
						adv, err := tb.Advise(s, &d, roll)
						if err != nil {
							t.Fatal(err)
						}
						got, err := bt.Breakdowns(s, &d, roll)
						if err != nil {
							t.Fatal(err)
						}
						if len(got.Actions) != len(adv.Actions) {
							t.Fatalf("%s %v roll %d: %d actions, Advise %d", pos, d, roll, len(got.Actions), len(adv.Actions))
						}
						for i, a := range got.Actions {
							if !a.SameMove(adv.Actions[i]) || a.Expected != adv.Actions[i].Expected {
								t.Errorf("%s %v roll %d: action %d is %s, Advise's %s", pos, d, roll, i, actionKey(a.Action), actionKey(adv.Actions[i]))
							}
							check(fmt.Sprintf("%v roll %d %s", d, roll, actionKey(a.Action)), a.Breakdown, a.Expected)
						}
						check(fmt.Sprintf("%v roll %d position", d, roll), got.Position, adv.Expected)
					}
				}
			}
		})
	}
}

// From the empty sheet, the breakdown's probability of the upper bonus
// and its expected Yacht box equal the exact distribution's P(upper
// bonus) and 50 × P(Yacht box scores): for Yacht 0.6902 and 0.2835 (the
// values the issue gives), for every preset within 1e-9 of Of's.
func TestBreakdownMatchesDistribution(t *testing.T) {
	names := yacht.PresetNames()
	if race.Enabled || testing.Short() {
		names = []string{yacht.Yacht}
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			tb, bt := breakdownTable(t, name)
			r := tb.Rules()
			s := yacht.NewSheet(r)
			d, err := Of(context.Background(), tb, s)
			if err != nil {
				t.Fatal(err)
			}
			got, err := bt.Breakdowns(s, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			y := r.YachtIndex()
			box := float64(r.Categories[y].Points)
			if math.Abs(got.Position.PUpperBonus-d.UpperBonus) > 1e-9 || math.Abs(got.Position.Boxes[y]-box*d.Yacht) > 1e-9 {
				t.Errorf("P(upper bonus) %.12f, distribution %.12f; %s box %.12f, %g × P(yacht) %.12f",
					got.Position.PUpperBonus, d.UpperBonus, r.Categories[y].Key, got.Position.Boxes[y], box, box*d.Yacht)
			}
			if math.Abs(got.Position.Total()-d.Mean()) > 1e-9 {
				t.Errorf("total %.12f, distribution's mean %.12f", got.Position.Total(), d.Mean())
			}
			if name == yacht.Yacht && (math.Abs(d.UpperBonus-0.6902) > 5e-5 || math.Abs(d.Yacht-0.2835) > 5e-5) {
				t.Errorf("Yacht: P(upper bonus) %.4f, P(yacht) %.4f; the issue gives 0.6902, 0.2835", d.UpperBonus, d.Yacht)
			}
			t.Logf("%s: P(upper bonus) %.6f, P(yacht) %.6f, %d classes, %.1f MB", name, d.UpperBonus, d.Yacht, bt.Classes(), float64(bt.Bytes())/1e6)
		})
	}
}

// Without dice, a sheet's breakdown is the mean over the first roll of
// its best action's: the table's entries (summed over each class's
// endings) agree with the actions' (each keep's rolls played out).
func TestBreakdownStartIsMeanOfFirstRoll(t *testing.T) {
	tb, bt := breakdownTable(t, yacht.Yacht)
	r := tb.Rules()
	for pos, s := range breakdownPositions(t, r) {
		start, err := bt.Breakdowns(s, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		mean := make([]float64, len(r.Categories)+2)
		for w := 0; w < yacht.NumPatterns; w++ {
			dice := patternDice(w)
			got, err := bt.Breakdowns(s, &dice, 1)
			if err != nil {
				t.Fatal(err)
			}
			num, den := yacht.PatternProbability(w)
			mixParts(mean, parts(got.Position), float64(num)/float64(den))
		}
		closeParts(t, pos, r, mean, parts(start.Position), 1e-9)
	}
}

// playOn plays sheet s to the end by the table's policy, one seeded game
// (an implementation of its own: the keep values of Table.KeepValues and
// the scoring of the best value, as Simulate plays), from the start of a
// turn; with dice given, from dice just rolled on roll rolled (1 or 2)
// and the action a taken.
func playOn(rng *rand.Rand, tb *strategy.Table, s yacht.Sheet, dice *yacht.Dice, rolled int, a strategy.Action) yacht.Sheet {
	r := tb.Rules()
	var k1, k2 [yacht.NumKeeps]float64
	score := func(s yacht.Sheet, w int) yacht.Sheet {
		st := s.State()
		opts := r.AppendScorings(nil, st, yacht.Pattern(w))
		best, bv := opts[0], math.Inf(-1)
		for _, o := range opts {
			if v := float64(o.Gain()) + tb.Value(r.Next(st, o)); v > bv {
				best, bv = o, v
			}
		}
		return s.Fill(best)
	}
	if dice != nil {
		if a.Kind == strategy.Score {
			s = s.Fill(a.Scoring)
		} else {
			st := s.State()
			tb.KeepValues(st, &k1, &k2)
			k := int(space.KeepIndex(a.Keep))
			w := roll(rng, k, yacht.NumDice-int(space.Size[k]))
			if rolled == 1 {
				k = bestKeep(w, &k2)
				w = roll(rng, k, yacht.NumDice-int(space.Size[k]))
			}
			s = score(s, w)
		}
	}
	for s.Filled() < len(s.Scores) {
		tb.KeepValues(s.State(), &k1, &k2)
		w := roll(rng, 0, yacht.NumDice)
		k := bestKeep(w, &k1)
		w = roll(rng, k, yacht.NumDice-int(space.Size[k]))
		k = bestKeep(w, &k2)
		w = roll(rng, k, yacht.NumDice-int(space.Size[k]))
		s = score(s, w)
	}
	return s
}

// Each part of the breakdown agrees with games played by the policy
// within four standard errors: from the empty sheet and a mid game, at the
// start of a turn, and from the best action and another keep of dice on
// the first roll.
func TestBreakdownMatchesSimulation(t *testing.T) {
	// About 60 µs a Yacht game, 110 µs a Yatzy game.
	names := yacht.PresetNames()
	if race.Enabled || testing.Short() {
		names = []string{yacht.Yacht}
	}
	for _, name := range names {
		games := 4000
		switch {
		case race.Enabled:
			games = 400
		case testing.Short():
			games = 1000
		case name == yacht.Yacht:
			games = 20000
		}
		t.Run(name, func(t *testing.T) {
			tb, bt := breakdownTable(t, name)
			r := tb.Rules()
			n := len(r.Categories)
			pos := breakdownPositions(t, r)
			dice, _ := yacht.ParseDice("3 3 5 6 6")
			for _, p := range []string{"empty", "mid"} {
				s := pos[p]
				adv, err := bt.Breakdowns(s, &dice, 1)
				if err != nil {
					t.Fatal(err)
				}
				start, err := bt.Breakdowns(s, nil, 0)
				if err != nil {
					t.Fatal(err)
				}
				cases := []struct {
					what string
					d    Breakdown
					dice *yacht.Dice
					a    strategy.Action
				}{{"start of the turn", start.Position, nil, strategy.Action{}}, {"best action", adv.Actions[0].Breakdown, &dice, adv.Actions[0].Action}}
				for _, a := range adv.Actions[1:] {
					if a.Kind == strategy.Keep {
						cases = append(cases, struct {
							what string
							d    Breakdown
							dice *yacht.Dice
							a    strategy.Action
						}{"another keep", a.Breakdown, &dice, a.Action})
						break
					}
				}
				for i, c := range cases {
					rng := rand.New(rand.NewPCG(uint64(len(name)), uint64(10*i+len(p))))
					sum, sq := make([]float64, n+2), make([]float64, n+2)
					for range games {
						end := playOn(rng, tb, s, c.dice, 1, c.a)
						x := make([]float64, n+2)
						for c, v := range end.Scores {
							x[c] = float64(v)
						}
						if end.UpperBonus() > 0 {
							x[n] = 1
						}
						x[n+1] = float64(end.ExtraBonus)
						for j, v := range x {
							sum[j] += v
							sq[j] += v * v
						}
					}
					want := parts(c.d)
					for j := range want {
						mean := sum[j] / float64(games)
						se := math.Sqrt(max(sq[j]/float64(games)-mean*mean, 0) / float64(games))
						if math.Abs(mean-want[j]) > 4*se+1e-9 {
							t.Errorf("%s, %s: %s simulated %.4f, breakdown %.4f (4 SE %.4f)", p, c.what, partName(r, j), mean, want[j], 4*se)
						}
					}
				}
			}
		})
	}
}
