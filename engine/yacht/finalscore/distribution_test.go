package finalscore

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/internal/race"
)

// keepFirst orders tied keeps as the policy promises: smaller keeps first,
// then more ones, then more twos, ...
func keepFirst(a, b yacht.Counts) bool {
	if a.Size() != b.Size() {
		return a.Size() < b.Size()
	}
	for f := range a {
		if a[f] != b[f] {
			return a[f] > b[f]
		}
	}
	return false
}

// chosen picks from Advise's list the action the policy takes: the best
// expected score, ties within TieTolerance to scoring, then the first
// category, then keepFirst.
func chosen(adv strategy.Advice) strategy.Action {
	top := adv.Actions[0].Expected
	var pick *strategy.Action
	for i := range adv.Actions {
		a := &adv.Actions[i]
		if a.Expected < top-TieTolerance {
			continue
		}
		switch {
		case pick == nil:
			pick = a
		case a.Kind == strategy.Score && pick.Kind == strategy.Keep:
			pick = a
		case a.Kind == strategy.Score && pick.Kind == strategy.Score && a.Scoring.Category < pick.Scoring.Category:
			pick = a
		case a.Kind == strategy.Keep && pick.Kind == strategy.Keep && keepFirst(a.Keep, pick.Keep):
			pick = a
		}
	}
	return *pick
}

// bruteDistribution enumerates every sequence of dice from sheet s to the
// end, with the decisions taken from Advise, and returns P(final = v) by v.
// Outcomes of the same roll are grouped by pattern with their multinomial
// probabilities (KeepTransitions, PatternProbability).
func bruteDistribution(t *testing.T, tb *strategy.Table, s yacht.Sheet, memo map[string]map[int]float64) map[int]float64 {
	t.Helper()
	if s.Filled() == len(s.Scores) {
		return map[int]float64{s.Total(): 1}
	}
	key := s.String()
	if d, ok := memo[key]; ok {
		return d
	}
	mix := func(dst map[int]float64, src map[int]float64, p float64) {
		for v, q := range src {
			dst[v] += p * q
		}
	}
	// after[roll][w]: the distribution when pattern w has just been rolled
	// on that roll.
	var after [4][yacht.NumPatterns]map[int]float64
	keepMemo := map[yacht.Counts]map[int]float64{}
	for roll := 3; roll >= 1; roll-- {
		clear(keepMemo)
		for w := 0; w < yacht.NumPatterns; w++ {
			dice := patternDice(w)
			adv, err := tb.Advise(s, &dice, roll)
			if err != nil {
				t.Fatal(err)
			}
			a := chosen(adv)
			if a.Kind == strategy.Score {
				after[roll][w] = bruteDistribution(t, tb, s.Fill(a.Scoring), memo)
				continue
			}
			d, ok := keepMemo[a.Keep]
			if !ok {
				d = map[int]float64{}
				trs, err := yacht.KeepTransitions(a.Keep)
				if err != nil {
					t.Fatal(err)
				}
				for _, tr := range trs {
					mix(d, after[roll+1][tr.Pattern], float64(tr.Num)/float64(tr.Den))
				}
				keepMemo[a.Keep] = d
			}
			after[roll][w] = d
		}
	}
	d := map[int]float64{}
	for w := 0; w < yacht.NumPatterns; w++ {
		num, den := yacht.PatternProbability(w)
		mix(d, after[1][w], float64(num)/float64(den))
	}
	memo[key] = d
	return d
}

// The distribution equals the enumeration of every dice sequence played by
// Advise's choices, for end games with one and two open categories,
// including Yahtzee's jokers and extra bonuses and the upper bonus at stake.
func TestDistributionMatchesEnumeration(t *testing.T) {
	cases := []struct {
		rules, fill string
		open        []string
	}{
		{yacht.Yacht, "", []string{"yacht"}},
		{yacht.Yacht, "", []string{"sixes", "yacht"}},
		{yacht.Yacht, "aces:2 twos:6 threes:9 fours:12 fives:15", []string{"sixes", "choice"}},
		{yacht.Yacht, "", []string{"full_house", "small_straight"}},
		{yacht.Pancht, "aces:1 twos:4", []string{"threes", "three_of_a_kind"}},
		{yacht.Yahtzee, "yahtzee:50", []string{"fours", "full_house"}},
		{yacht.Yahtzee, "yahtzee:50 yahtzee_bonus:100", []string{"large_straight"}},
		{yacht.Yahtzee, "", []string{"yahtzee", "chance"}},
		{yacht.Yahtzee + "+" + yacht.FreeJokerOption, "yahtzee:50 fives:0", []string{"small_straight", "fives"}},
		{yacht.Yatzy, "", []string{"two_pairs", "sixes"}},
	}
	if race.Enabled {
		cases = cases[:2]
	}
	tables := map[string]*strategy.Table{}
	for _, c := range cases {
		t.Run(c.rules+"/"+strings.Join(c.open, "+"), func(t *testing.T) {
			tb, ok := tables[c.rules]
			if !ok {
				r := mustPreset(t, c.rules)
				var err error
				tb, err = strategy.BuildEndGame(context.Background(), r, 2)
				if err != nil {
					t.Fatal(err)
				}
				tables[c.rules] = tb
			}
			s := endSheet(t, tb.Rules(), c.fill, c.open...)
			want := bruteDistribution(t, tb, s, map[string]map[int]float64{})
			got, err := Of(context.Background(), tb, s)
			if err != nil {
				t.Fatal(err)
			}
			for v := got.Min; v <= got.Max(); v++ {
				if math.Abs(got.Prob(v)-want[v]) > 1e-12 {
					t.Errorf("P(%d) = %.15f, enumeration %.15f", v, got.Prob(v), want[v])
				}
			}
			for v, p := range want {
				if p > 0 && (v < got.Min || v > got.Max()) {
					t.Errorf("P(%d) = %g missing", v, p)
				}
			}
			if m := float64(s.Total()) + tb.Value(s.State()); math.Abs(got.Mean()-m) > 1e-9 {
				t.Errorf("mean %.12f, table %.12f", got.Mean(), m)
			}
		})
	}
}

// checkAgainstSimulation compares the exact distribution with games played
// by Simulate from the same sheet: the mean, P(upper bonus), P(Yacht box
// scores) and P(final ≤ q) at the quartiles, each within four standard
// errors.
func checkAgainstSimulation(t *testing.T, tb *strategy.Table, s yacht.Sheet, games int, seed uint64) Distribution {
	t.Helper()
	d, err := Of(context.Background(), tb, s)
	if err != nil {
		t.Fatal(err)
	}
	sim, err := Simulate(context.Background(), tb, s, games, seed)
	if err != nil {
		t.Fatal(err)
	}
	if diff := math.Abs(sim.Mean() - d.Mean()); diff > 4*d.StdDev()/math.Sqrt(float64(games))+1e-9 {
		t.Errorf("mean: simulated %.3f, exact %.3f (4 SE = %.3f)", sim.Mean(), d.Mean(), 4*d.StdDev()/math.Sqrt(float64(games)))
	}
	prop := func(name string, hits int, p float64) {
		se := math.Sqrt(p * (1 - p) / float64(games))
		if got := float64(hits) / float64(games); math.Abs(got-p) > 4*se+1e-12 {
			t.Errorf("%s: simulated %.4f, exact %.4f (4 SE = %.4f)", name, got, p, 4*se)
		}
	}
	prop("P(upper bonus)", sim.UpperBonus, d.UpperBonus)
	prop("P(yacht)", sim.Yacht, d.Yacht)
	for _, q := range []float64{0.25, 0.5, 0.75} {
		v := d.Quantile(q)
		hits := 0
		for _, f := range sim.Finals {
			if f <= v {
				hits++
			}
		}
		prop(fmt.Sprintf("P(final ≤ %d)", v), hits, 1-d.AtLeast(v+1))
	}
	if total := sum(d.P); math.Abs(total-1) > 1e-12 {
		t.Errorf("probabilities sum to %.15f", total)
	}
	if m := float64(s.Total()) + tb.Value(s.State()); math.Abs(d.Mean()-m) > 1e-9 {
		t.Errorf("mean %.12f, table %.12f", d.Mean(), m)
	}
	return d
}

// For every preset, from a sheet with five open categories (the upper
// bonus and the Yacht box still at stake), the exact distribution agrees
// with simulated games of the same policy.
func TestDistributionMatchesSimulation(t *testing.T) {
	cases := []struct{ rules, fill string }{
		{yacht.Yacht, "aces:2 twos:6 threes:9 choice:20 four_of_a_kind:0 small_straight:15 large_straight:30"},
		{yacht.Yacht + "+" + yacht.FullHouseYacht, "aces:2 twos:6 threes:9 choice:20 four_of_a_kind:0 small_straight:15 large_straight:30"},
		{yacht.Pancht, "aces:2 twos:6 threes:9 choice:20 three_of_a_kind:18 four_of_a_kind:0 small_straight:15 large_straight:30"},
		{yacht.Yahtzee, "aces:2 twos:6 threes:9 chance:20 three_of_a_kind:18 four_of_a_kind:0 small_straight:30 large_straight:40"},
		{yacht.Yahtzee + "+" + yacht.FreeJokerOption, "aces:2 twos:6 threes:9 chance:20 three_of_a_kind:18 four_of_a_kind:0 yahtzee:50 large_straight:40"},
		{yacht.Yatzy, "ones:2 twos:6 threes:9 chance:20 one_pair:10 two_pairs:14 three_of_a_kind:12 four_of_a_kind:0 small_straight:15 large_straight:20"},
	}
	games := 20000
	if race.Enabled {
		cases, games = cases[:1], 4000
	}
	for _, c := range cases {
		t.Run(c.rules, func(t *testing.T) {
			r := mustPreset(t, c.rules)
			s, err := yacht.ParseSheet(r, c.fill)
			if err != nil {
				t.Fatal(err)
			}
			tb, err := strategy.BuildEndGame(context.Background(), r, s.State().Open(r))
			if err != nil {
				t.Fatal(err)
			}
			checkAgainstSimulation(t, tb, s, games, 11)
		})
	}
}

// From an empty Yacht sheet: the mean equals the table's 191.76…, the
// probabilities sum to 1, and simulated games agree.
func TestDistributionYachtFromStart(t *testing.T) {
	if race.Enabled || testing.Short() {
		t.Skip("builds the full table")
	}
	tb := fullTable(t, yacht.Yacht)
	d := checkAgainstSimulation(t, tb, yacht.NewSheet(tb.Rules()), 20000, 5)
	// Every box at its best and the upper bonus (Yacht has no extra
	// bonus).
	r := tb.Rules()
	best := r.BonusPoints
	for c := range r.Categories {
		ps := r.PossibleScores(c)
		best += ps[len(ps)-1]
	}
	if d.Min < 0 || d.Max() > best {
		t.Errorf("support %d..%d", d.Min, d.Max())
	}
}

// Hasbro Yahtzee with the free joker, the rules of the published optimum:
// Verhoeff's mean 254.5896, standard deviation 59.6117 and median 248, to
// every digit printed. The standard deviation depends on how ties between
// equally good keeps are broken: preferring the smaller keep (rerolling
// more dice), as the policy does, gives 59.611731; preferring the larger
// one gives 59.611436, which the published figure rules out.
func TestDistributionVerhoeff(t *testing.T) {
	if race.Enabled || testing.Short() {
		t.Skip("builds the full table")
	}
	tb := fullTable(t, yacht.Yahtzee+"+"+yacht.FreeJokerOption)
	d, err := Of(context.Background(), tb, yacht.NewSheet(tb.Rules()))
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(d.Mean()-254.5896) > 5e-5 || math.Abs(d.Mean()-tb.Start()) > 1e-9 {
		t.Errorf("mean %.6f, published 254.5896, table %.6f", d.Mean(), tb.Start())
	}
	if math.Abs(d.StdDev()-59.6117) > 5e-5 {
		t.Errorf("standard deviation %.6f, published 59.6117", d.StdDev())
	}
	if d.Median() != 248 {
		t.Errorf("median %d, published 248", d.Median())
	}
	if total := sum(d.P); math.Abs(total-1) > 1e-12 {
		t.Errorf("probabilities sum to %.15f", total)
	}
}

// A limit below what one fill count needs stops before allocating, with
// the numbers; without a limit the same sheet answers.
func TestOfLimit(t *testing.T) {
	r := mustPreset(t, yacht.Yacht)
	tb, err := strategy.BuildEndGame(context.Background(), r, 3)
	if err != nil {
		t.Fatal(err)
	}
	s := endSheet(t, r, "", "sixes", "yacht", "choice")
	_, err = OfLimit(context.Background(), tb, s, 64)
	var tl *DistributionTooLargeError
	if !errors.As(err, &tl) || tl.Open != 3 || tl.Bytes <= 64 || tl.Limit != 64 {
		t.Fatalf("limit 64 bytes: %v", err)
	}
	if _, err := OfLimit(context.Background(), tb, s, 1<<20); err != nil {
		t.Fatal(err)
	}
}

// The reference policy's precomputed keep order is keepBefore's: smaller
// keeps first, then the order of the dice space.
func TestReferenceKeepRank(t *testing.T) {
	for a := 0; a < yacht.NumKeeps; a++ {
		for b := 0; b < yacht.NumKeeps; b++ {
			if got, want := referenceRank[a] < referenceRank[b], keepBefore(a, b); got != want {
				t.Fatalf("keeps %d, %d: rank says %v, keepBefore %v", a, b, got, want)
			}
		}
	}
}

// shiftedSums.add gives the bits of adding a state's probabilities times
// each ending's, one ending after another (the definition), into the
// entries of the share it is given: on random states (empty, short and
// long), endings to a few states with gains close together and far apart,
// endings to one state not next to each other, and the slab cut into two
// shares at a state's boundary.
func TestShiftedSumsEqualsEachEnding(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var ss shiftedSums
	for trial := 0; trial < 3000; trial++ {
		n := rng.IntN(120)
		if trial%7 == 0 {
			n = rng.IntN(4)
		}
		v := make([]float64, n)
		for i := range v {
			if rng.IntN(5) > 0 {
				v[i] = rng.Float64()
			}
		}
		states, maxGain := 1+rng.IntN(4), 1+rng.IntN(200)
		var out []distOutcome
		for range rng.IntN(40) {
			out = append(out, distOutcome{to: uint32(rng.IntN(states)), gain: int16(rng.IntN(maxGain)), p: rng.Float64()})
		}
		src := &distState{lo: rng.IntN(20), vec: v, out: out}
		// Each state of the next level holds the points its endings reach.
		spans := make([]pointSpan, states)
		for i := range spans {
			spans[i] = pointSpan{math.MaxInt, math.MinInt}
		}
		for _, o := range out {
			sp := &spans[o.to]
			sp.lo, sp.hi = min(sp.lo, src.lo+int(o.gain)), max(sp.hi, src.lo+int(o.gain)+n-1)
		}
		at, starts := make([]int, states), make([]int, states+1)
		for i, sp := range spans {
			if sp.lo > sp.hi {
				sp = pointSpan{0, -1}
			}
			at[i] = starts[i] - sp.lo
			starts[i+1] = starts[i] + sp.hi - sp.lo + 1
		}
		slab := make([]float64, starts[states])
		for i := range slab {
			slab[i] = rng.Float64()
		}
		want := slices.Clone(slab)
		cut := starts[rng.IntN(states+1)]
		for _, share := range [][2]int{{0, cut}, {cut, len(slab)}} {
			ss.add(slab, share[0], share[1], at, src)
			for _, o := range out {
				x := at[o.to] + src.lo + int(o.gain)
				if x < share[0] || x >= share[1] {
					continue
				}
				for i, p := range v {
					want[x+i] += float64(o.p * p)
				}
			}
		}
		for i := range slab {
			if math.Float64bits(slab[i]) != math.Float64bits(want[i]) {
				t.Fatalf("trial %d: entry %d is %v, ending after ending %v", trial, i, slab[i], want[i])
			}
		}
	}
}

// The distribution is the same bits whatever the number of workers: the
// layout's runs, phase 2's shares (more than one from five workers on,
// each clearing its part of a reused slab) and the batches' scheduling
// change nothing.
func TestDistributionSameBitsAnyWorkers(t *testing.T) {
	cases := []struct {
		rules string
		open  []string
	}{
		{yacht.Yacht, []string{"sixes", "yacht", "choice", "fives", "full_house", "aces", "twos", "threes", "small_straight"}},
		{yacht.Yatzy, []string{"two_pairs", "sixes", "chance", "yatzy", "fours", "aces", "threes", "full_house"}},
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, c := range cases {
		r := mustPreset(t, c.rules)
		tb, err := strategy.BuildEndGame(context.Background(), r, len(c.open))
		if err != nil {
			t.Fatal(err)
		}
		s := endSheet(t, r, "", c.open...)
		var want Distribution
		for _, procs := range []int{1, 2, 5, 8} {
			runtime.GOMAXPROCS(procs)
			d, err := Of(context.Background(), tb, s)
			if err != nil {
				t.Fatal(err)
			}
			if procs == 1 {
				want = d
				continue
			}
			same := d.Min == want.Min && len(d.P) == len(want.P) && d.States == want.States &&
				math.Float64bits(d.UpperBonus) == math.Float64bits(want.UpperBonus) && math.Float64bits(d.Yacht) == math.Float64bits(want.Yacht)
			for i := 0; same && i < len(d.P); i++ {
				same = math.Float64bits(d.P[i]) == math.Float64bits(want.P[i])
			}
			if !same {
				t.Fatalf("%s with %d workers: not the bits of one worker", c.rules, procs)
			}
		}
	}
}
