package reach

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/internal/race"
)

// subKeeps lists every keep of pattern c (every sub-multiset).
func subKeepsOf(c yacht.Counts) []yacht.Counts {
	out := []yacht.Counts{{}}
	for f := 0; f < 6; f++ {
		var nx []yacht.Counts
		for _, k := range out {
			for x := 0; x <= int(c[f]); x++ {
				k2 := k
				k2[f] = uint8(x)
				nx = append(nx, k2)
			}
		}
		out = nx
	}
	return out
}

// bruteTarget maximises P(final ≥ target) by trying every action at every
// roll, with Rules.Scorings and KeepTransitions only.
type bruteTarget struct {
	t    *testing.T
	r    *yacht.Rules
	memo map[string]float64
	// util, when set, is the value of each final score instead of
	// 1{final ≥ target}.
	util func(final int) float64
}

// turn is the best probability from the start of a turn of sheet s.
func (b *bruteTarget) turn(s yacht.Sheet, target int) float64 {
	if b.util != nil {
		if s.Filled() == len(s.Scores) {
			return b.util(s.Total())
		}
	} else {
		if s.Total() >= target {
			return 1
		}
		if s.Filled() == len(s.Scores) {
			return 0
		}
	}
	key := fmt.Sprint(s.String(), "|", target)
	if p, ok := b.memo[key]; ok {
		return p
	}
	var after [4][yacht.NumPatterns]float64
	for roll := 3; roll >= 1; roll-- {
		for w := 0; w < yacht.NumPatterns; w++ {
			after[roll][w] = b.best(s, target, roll, w, &after)
		}
	}
	p := 0.0
	for w := 0; w < yacht.NumPatterns; w++ {
		num, den := yacht.PatternProbability(w)
		p += float64(num) / float64(den) * after[1][w]
	}
	b.memo[key] = p
	return p
}

// actions gives the value of every action for pattern w on a roll, keyed
// as the advice lists them.
func (b *bruteTarget) actions(s yacht.Sheet, target, roll, w int, after *[4][yacht.NumPatterns]float64) map[string]float64 {
	out := map[string]float64{}
	opts, err := b.r.Scorings(s.State(), patternDice(w))
	if err != nil {
		b.t.Fatal(err)
	}
	for _, o := range opts {
		out[fmt.Sprint("score ", o.Category)] = b.turn(s.Fill(o), target)
	}
	if roll < 3 {
		for _, k := range subKeepsOf(yacht.Pattern(w)) {
			trs, err := yacht.KeepTransitions(k)
			if err != nil {
				b.t.Fatal(err)
			}
			v := 0.0
			for _, tr := range trs {
				v += float64(tr.Num) / float64(tr.Den) * after[roll+1][tr.Pattern]
			}
			out[fmt.Sprint("keep ", k)] = v
		}
	}
	return out
}

func (b *bruteTarget) best(s yacht.Sheet, target, roll, w int, after *[4][yacht.NumPatterns]float64) float64 {
	best := 0.0
	for _, v := range b.actions(s, target, roll, w, after) {
		best = max(best, v)
	}
	return best
}

func actionKey(a strategy.Action) string {
	if a.Kind == strategy.Score {
		return fmt.Sprint("score ", a.Scoring.Category)
	}
	return fmt.Sprint("keep ", a.Keep)
}

// Every action's probability equals a brute-force maximisation over every
// action at every later roll, for end games with one and two open
// categories and several targets.
func TestAdviseTargetMatchesBruteForce(t *testing.T) {
	cases := []struct {
		rules, fill string
		open        []string
		dice        string
		targets     []int
	}{
		{yacht.Yacht, "", []string{"yacht"}, "6 6 6 2 3", []int{1, 50}},
		{yacht.Yacht, "aces:2 twos:6 threes:9 fours:12 fives:15", []string{"sixes", "choice"}, "6 6 5 1 2", []int{20, 40, 60, 75}},
		{yacht.Yacht, "", []string{"full_house", "small_straight"}, "2 3 4 4 6", []int{15, 30, 40}},
		{yacht.Yahtzee, "yahtzee:50", []string{"fours", "full_house"}, "4 4 4 4 2", []int{20, 30, 130}},
		{yacht.Yatzy, "", []string{"two_pairs", "sixes"}, "6 6 3 3 1", []int{10, 25, 40}},
	}
	if race.Enabled {
		cases = cases[:2]
	}
	for _, c := range cases {
		r := mustPreset(t, c.rules)
		tb, err := strategy.BuildEndGame(context.Background(), r, 2)
		if err != nil {
			t.Fatal(err)
		}
		s := endSheet(t, r, c.fill, c.open...)
		d, err := yacht.ParseDice(c.dice)
		if err != nil {
			t.Fatal(err)
		}
		for _, extra := range c.targets {
			target := s.Total() + extra
			b := &bruteTarget{t: t, r: r, memo: map[string]float64{}}
			for roll := 1; roll <= 3; roll++ {
				var after [4][yacht.NumPatterns]float64
				for rr := 3; rr > roll; rr-- {
					for w := 0; w < yacht.NumPatterns; w++ {
						after[rr][w] = b.best(s, target, rr, w, &after)
					}
				}
				want := b.actions(s, target, roll, yacht.PatternIndex(d), &after)
				got, err := Advise(context.Background(), tb, s, &d, roll, target)
				if err != nil {
					t.Fatal(err)
				}
				if len(got.Actions) != len(want) {
					t.Fatalf("%v target %d roll %d: %d actions, brute force %d", c.open, target, roll, len(got.Actions), len(want))
				}
				best := 0.0
				for i, a := range got.Actions {
					w, ok := want[actionKey(a.Action)]
					if !ok || math.Abs(a.Reach-w) > 1e-9 {
						t.Errorf("%v target %d roll %d: %s reach %.12f, brute force %.12f", c.open, target, roll, actionKey(a.Action), a.Reach, w)
					}
					if i > 0 && a.Reach > got.Actions[i-1].Reach {
						t.Errorf("not sorted by reach at %d", i)
					}
					best = max(best, w)
				}
				if math.Abs(got.Reach-best) > 1e-9 {
					t.Errorf("best %.12f, brute force %.12f", got.Reach, best)
				}
			}
			// From the start of the turn.
			got, err := Advise(context.Background(), tb, s, nil, 0, target)
			if err != nil {
				t.Fatal(err)
			}
			if want := b.turn(s, target); math.Abs(got.Reach-want) > 1e-9 {
				t.Errorf("%v target %d: turn %.12f, brute force %.12f", c.open, target, got.Reach, want)
			}
		}
	}
}

// From singleOpen open boxes Advise keeps the later states' chances
// in single precision: every action's chance is the double-precision
// induction's (itself checked against brute force above) to within 1e-6,
// with dice on each roll and from the start of the turn.
func TestAdviseTargetSingleMatchesDouble(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("a Yatzy target from nine open boxes, twice")
	}
	tb, err := testTables.Preset(context.Background(), yacht.Yatzy)
	if err != nil {
		t.Fatal(err)
	}
	r := tb.Rules()
	s := endSheet(t, r, "ones:2 fours:12 one_pair:8 two_pairs:14 three_of_a_kind:9 large_straight:20", "twos", "threes", "fives", "sixes", "small_straight", "four_of_a_kind", "full_house", "chance", "yatzy")
	if s.State().Open(r) != singleOpen {
		t.Fatalf("%d open", s.State().Open(r))
	}
	d, _ := yacht.ParseDice("5 5 2 6 3")
	for _, target := range []int{s.Total() + 150, s.Total() + 220} {
		for roll := 0; roll <= 3; roll++ {
			dp := &d
			if roll == 0 {
				dp = nil
			}
			ta, need, _, err := targetStart(tb, s, dp, roll, target)
			if err != nil {
				t.Fatal(err)
			}
			double, err := solveTarget(context.Background(), tb, s.State(), dp, roll, need, nil, false, ta)
			if err != nil {
				t.Fatal(err)
			}
			single, err := Advise(context.Background(), tb, s, dp, roll, target)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(single.Reach-double.Reach) > 1e-6 || single.Reach == double.Reach || single.Reach <= 0 || single.Reach >= 1 {
				t.Fatalf("target %d roll %d: single %.9f, double %.9f", target, roll, single.Reach, double.Reach)
			}
			want := map[string]float64{}
			for _, a := range double.Actions {
				want[actionKey(a.Action)] = a.Reach
			}
			for _, a := range single.Actions {
				if w := want[actionKey(a.Action)]; math.Abs(a.Reach-w) > 1e-6 {
					t.Errorf("target %d roll %d: %s single %.9f, double %.9f", target, roll, actionKey(a.Action), a.Reach, w)
				}
			}
		}
	}
}

// A target the sheet holds gives 1 for every action, one it cannot reach
// 0; a negative target is an error.
func TestAdviseTargetReachedAndUnreachable(t *testing.T) {
	r := mustPreset(t, yacht.Yacht)
	tb, err := strategy.BuildEndGame(context.Background(), r, 2)
	if err != nil {
		t.Fatal(err)
	}
	s := endSheet(t, r, "", "sixes", "yacht")
	d, _ := yacht.ParseDice("6 6 6 1 2")
	held, err := Advise(context.Background(), tb, s, &d, 1, s.Total())
	if err != nil {
		t.Fatal(err)
	}
	if !held.Reached || held.Reach != 1 || len(held.Actions) == 0 {
		t.Fatalf("held: %+v", held)
	}
	for _, a := range held.Actions {
		if a.Reach != 1 {
			t.Errorf("%s: %g", actionKey(a.Action), a.Reach)
		}
	}
	// The best still possible: 30 in sixes (which earns the bonus: 45 +
	// 30 ≥ 63) and 50 in the yacht box.
	if want := s.Total() + 30 + 35 + 50; MaxFinal(s) != want {
		t.Errorf("MaxFinal %d, want %d", MaxFinal(s), want)
	}
	beyond, err := Advise(context.Background(), tb, s, &d, 1, MaxFinal(s)+1)
	if err != nil {
		t.Fatal(err)
	}
	if !beyond.Unreachable || beyond.Reach != 0 {
		t.Fatalf("beyond: %+v", beyond)
	}
	for _, a := range beyond.Actions {
		if a.Reach != 0 {
			t.Errorf("%s: %g", actionKey(a.Action), a.Reach)
		}
	}
	// Exactly the best: five sixes now or later, then a yacht.
	top, err := Advise(context.Background(), tb, s, &d, 1, MaxFinal(s))
	if err != nil {
		t.Fatal(err)
	}
	if top.Reach <= 0 || top.Reach >= 1 {
		t.Errorf("top reach %g", top.Reach)
	}
	var te *Error
	if _, err := Advise(context.Background(), tb, s, &d, 1, -5); !errors.As(err, &te) || te.Kind != Negative {
		t.Errorf("negative target: %v", err)
	}
	// A context that has ended stops the work with TooEarly.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Advise(ctx, tb, s, &d, 1, s.Total()+40); !errors.As(err, &te) || te.Kind != TooEarly || te.Open != 2 {
		t.Errorf("ended context: %v", err)
	}
}

// Against opponents: every action's chance of finishing first equals a
// brute-force maximisation of the expected share of the win (the chance
// of beating every opponent's final score, ties shared), with the
// opponents' distributions from end-game sheets.
func TestAdviseToBeatMatchesBruteForce(t *testing.T) {
	r := mustPreset(t, yacht.Yacht)
	tb, err := strategy.BuildEndGame(context.Background(), r, 2)
	if err != nil {
		t.Fatal(err)
	}
	me := endSheet(t, r, "aces:2 twos:6 threes:9 fours:12 fives:15", "sixes", "choice")
	var opps []finalscore.Distribution
	for _, s := range []yacht.Sheet{
		endSheet(t, r, "choice:25", "yacht", "full_house"),
		endSheet(t, r, "sixes:24", "small_straight"),
	} {
		d, err := finalscore.Of(context.Background(), tb, s)
		if err != nil {
			t.Fatal(err)
		}
		opps = append(opps, d)
	}
	share := func(x int) float64 {
		return finalscore.WinProbabilities(append([]finalscore.Distribution{{Min: x, P: []float64{1}}}, opps...))[0]
	}
	d, _ := yacht.ParseDice("6 6 5 1 2")
	for roll := 1; roll <= 3; roll++ {
		b := &bruteTarget{t: t, r: r, memo: map[string]float64{}, util: share}
		var after [4][yacht.NumPatterns]float64
		for rr := 3; rr > roll; rr-- {
			for w := 0; w < yacht.NumPatterns; w++ {
				after[rr][w] = b.best(me, 0, rr, w, &after)
			}
		}
		want := b.actions(me, 0, roll, yacht.PatternIndex(d), &after)
		got, err := AdviseToBeat(context.Background(), tb, me, &d, roll, opps)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Actions) != len(want) {
			t.Fatalf("roll %d: %d actions, brute force %d", roll, len(got.Actions), len(want))
		}
		for _, a := range got.Actions {
			if w := want[actionKey(a.Action)]; math.Abs(a.Reach-w) > 1e-9 {
				t.Errorf("roll %d: %s %.12f, brute force %.12f", roll, actionKey(a.Action), a.Reach, w)
			}
		}
		if roll == 1 {
			turn, err := AdviseToBeat(context.Background(), tb, me, nil, 0, opps)
			if err != nil {
				t.Fatal(err)
			}
			if w := b.turn(me, 0); math.Abs(turn.Reach-w) > 1e-9 || w <= 0 || w >= 1 {
				t.Errorf("turn %.12f, brute force %.12f", turn.Reach, w)
			}
		}
	}
}

// A level answers as a map would: random keys of a few category sets put,
// some twice, then every key asked, and keys it does not hold.
func TestLevelOfIsAMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var lv levelOf[float32]
	if _, ok := lv.at(12345); ok || lv.len() != 0 {
		t.Fatal("the zero level holds a state")
	}
	want := map[uint32][]float32{}
	var order []uint32
	for range 2000 {
		k := uint32(rng.IntN(40))<<7 | uint32(rng.IntN(128))
		if rng.IntN(2) == 0 {
			k |= uint32(rng.IntN(1<<12)) << 7
		}
		v := []float32{float32(rng.Float64())}
		if _, ok := want[k]; !ok {
			order = append(order, k)
		}
		want[k] = v
		lv.put(k, v)
	}
	if lv.len() != len(want) {
		t.Fatalf("%d states, want %d", lv.len(), len(want))
	}
	i := 0
	for k, v := range lv.all() {
		if k != order[i] || &v[0] != &want[k][0] {
			t.Fatalf("state %d: key %x, want %x in the order put", i, k, order[i])
		}
		i++
	}
	for range 5000 {
		k := uint32(rng.IntN(1<<13))<<7 | uint32(rng.IntN(128))
		got, ok := lv.at(k)
		w, wok := want[k]
		if ok != wok || (ok && &got[0] != &w[0]) {
			t.Fatalf("key %x: %v %v, want %v %v", k, got, ok, w, wok)
		}
	}
}
