package reach

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// The lane turn (eight needs at a time, with the boxes folded and the
// early stop) gives every state of an induction the chances of the
// vector-by-vector turn, which keeps no lanes, folds nothing and computes
// every need: the two differ only in rounding (the one-die mean divides by
// six in one, multiplies by a sixth in the other). The inductions start
// from sheets whose open boxes make every kind of outcome: upper boxes
// around the bonus, five of a kind under Yahtzee's joker with the extra
// bonus, boxes that score nothing on most patterns.
func TestTargetLanesEqualVectorTurn(t *testing.T) {
	cases := []struct {
		rules, fill string
		open        []string
	}{
		{yacht.Yacht, "aces:3 twos:6 threes:9 sixes:24", []string{"fours", "fives", "choice", "four_of_a_kind", "yacht"}},
		{yacht.Yahtzee, "yahtzee:50 aces:3 twos:6", []string{"threes", "fives", "full_house", "chance", "large_straight"}},
		{yacht.Yahtzee, "aces:3", []string{"sixes", "yahtzee", "four_of_a_kind", "small_straight"}},
		{yacht.Yatzy, "ones:3 twos:6 threes:9 fours:12", []string{"sixes", "one_pair", "two_pairs", "yatzy", "full_house"}},
	}
	for _, c := range cases {
		r := mustPreset(t, c.rules)
		tb, err := strategy.BuildEndGame(context.Background(), r, len(c.open))
		if err != nil {
			t.Fatal(err)
		}
		s := endSheet(t, r, c.fill, c.open...)
		st := s.State()
		// Every level of the induction, as the lane turn computed it.
		var all []targetLevel
		levels, err := targetLevels(context.Background(), tb, st, maxFuture(r, st), nil, false, func(lv targetLevel) { all = append(all, lv) })
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, levels...)
		byFill := map[int]targetLevel{}
		for _, lv := range all {
			if lv.len() > 0 {
				byFill[bits.OnesCount32(lv.keys[0]>>7)] = lv
			}
		}
		sc := &targetScratch{}
		states, needs := 0, 0
		for fill, lv := range byFill {
			next, ok := byFill[fill+1]
			if !ok && fill+1 < len(r.Categories) {
				t.Fatalf("%s: no level %d", c.rules, fill+1)
			}
			if fill+1 == len(r.Categories) {
				next = targetLevel{}
			}
			if fill == len(r.Categories) {
				continue
			}
			for k, got := range lv.all() {
				st := yacht.State{Filled: k >> 7, Upper: int(k>>1) & 63, YachtBonus: k&1 == 1}
				l := maxFuture(r, st)
				want := make([]float64, l)
				solveTargetTurn(r, next, st, l, sc, want)
				for n := 0; n < max(len(got), len(want)); n++ {
					var g, w float64
					if n < len(got) {
						g = got[n]
					}
					if n < len(want) {
						w = want[n]
					}
					// Beyond the kept chances the vector turn's are below
					// the trim.
					if n >= len(got) && w < tailTrim {
						continue
					}
					if math.Abs(g-w) > 1e-14 {
						t.Fatalf("%s state %x need %d: lanes %v, vector turn %v", c.rules, k, n+1, g, w)
					}
				}
				states++
				needs += len(got)
			}
		}
		if states < 50 || needs < 1000 {
			t.Fatalf("%s: only %d states, %d needs compared", c.rules, states, needs)
		}
		t.Logf("%s: %d states, %d chances", c.rules, states, needs)
	}
}

// The single-precision induction (the target table's, sixteen needs a
// row) gives every state the double-precision induction's chances to
// within 1e-6: its roundings are all to nearest, so they do not add up
// along the turns (multiplying by float32(1/6) would add about 3e-8 a
// mean, 1e-6 over a game). Measured over the whole Yacht table from the
// empty sheet, the largest difference was 2.0e-7.
func TestTargetSingleMatchesDouble(t *testing.T) {
	cases := []struct {
		rules, fill string
		open        []string
	}{
		{yacht.Yacht, "aces:2 threes:9 four_of_a_kind:24", []string{"twos", "fours", "fives", "sixes", "choice", "full_house", "yacht", "large_straight"}},
		{yacht.Pancht, "aces:3 twos:6", []string{"threes", "fours", "fives", "sixes", "choice", "full_house", "yacht"}},
	}
	for _, c := range cases {
		r := mustPreset(t, c.rules)
		tb, err := strategy.BuildEndGame(context.Background(), r, len(c.open))
		if err != nil {
			t.Fatal(err)
		}
		st := endSheet(t, r, c.fill, c.open...).State()
		double := targetLevel{}
		single := levelOf[float32]{}
		lv64, err := targetLevels(context.Background(), tb, st, maxFuture(r, st), nil, false, func(lv targetLevel) { copyLevel(&double, &lv) })
		if err != nil {
			t.Fatal(err)
		}
		lv32, err := targetLevels(context.Background(), tb, st, maxFuture(r, st), nil, false, func(lv levelOf[float32]) { copyLevel(&single, &lv) })
		if err != nil {
			t.Fatal(err)
		}
		for i := range lv64 {
			copyLevel(&double, &lv64[i])
			copyLevel(&single, &lv32[i])
		}
		worst, chances := 0.0, 0
		for k, want := range double.all() {
			got, ok := single.at(k)
			if !ok {
				t.Fatalf("%s: state %x missing in single precision", c.rules, k)
			}
			for n := 0; n < max(len(got), len(want)); n++ {
				var g, w float64
				if n < len(got) {
					g = float64(got[n])
				}
				if n < len(want) {
					w = want[n]
				}
				worst = max(worst, math.Abs(g-w))
				chances++
			}
		}
		if worst > 1e-6 || chances < 10000 {
			t.Fatalf("%s: largest difference %.3g over %d chances", c.rules, worst, chances)
		}
		t.Logf("%s: %d states, %d chances, largest difference %.3g", c.rules, double.len(), chances, worst)
	}
}

// A row of needs that every pattern's best box makes certain is not run
// through the turn (laneScratch.sure): on a Yacht sheet whose upper boxes
// and Choice are open, many states gain eight points or more whatever the
// dice, and their chances are the same bits as when every row is run, in
// double precision (eight needs a row) and in single (sixteen, the
// table's). Each level's states run on one scratch in key order, as in the
// induction, so the lists of each pattern's boxes are reused across them.
func TestTargetLanesCertainRows(t *testing.T) {
	r := mustPreset(t, yacht.Yacht)
	open := []string{"aces", "twos", "threes", "fours", "fives", "sixes", "choice"}
	tb, err := strategy.BuildEndGame(context.Background(), r, len(open))
	if err != nil {
		t.Fatal(err)
	}
	st := endSheet(t, r, "", open...).State()
	t.Run("double", func(t *testing.T) { checkCertainRows[float64](t, r, tb, st, 20) })
	t.Run("single", func(t *testing.T) { checkCertainRows[float32](t, r, tb, st, 500) })
}

// checkCertainRows runs every state of the induction from st with and
// without the skip of certain rows and fails on any difference, or when
// fewer than least states skip a row.
func checkCertainRows[T chance](t *testing.T, r *yacht.Rules, tb *strategy.Table, st yacht.State, least int) {
	certain, rows := 0, 0
	twoScratches(t, r, tb, st, func(plan *lanePlan) (*laneScratch[T], *laneScratch[T]) {
		return &laneScratch[T]{plan: plan}, &laneScratch[T]{plan: plan, computeCertain: true}
	}, func(k uint32, skip, _ *laneScratch[T], got, want []T) {
		if w := skip.width(); skip.sure >= w {
			certain++
			rows += skip.sure / w
		}
		if !slices.Equal(got, want) {
			t.Fatalf("state %x (certain to need %d): skipping gives %v, running every row %v", k, skip.sure, got, want)
		}
	})
	if certain < least {
		t.Fatalf("only %d states had a certain row", certain)
	}
	t.Logf("%d states, %d rows certain", certain, rows)
}

// twoScratches runs every state of the induction from st, for every need
// it can still meet, on the two scratches pair makes for each fill count
// (a level's states in key order, as in the induction, so that the lists
// of each pattern's boxes are reused across them), and hands check each
// state's key, the two scratches and their chances.
func twoScratches[T chance](t *testing.T, r *yacht.Rules, tb *strategy.Table, st yacht.State, pair func(*lanePlan) (*laneScratch[T], *laneScratch[T]), check func(k uint32, a, b *laneScratch[T], got, want []T)) {
	t.Helper()
	var all []levelOf[T]
	levels, err := targetLevels(context.Background(), tb, st, maxFuture(r, st), nil, false, func(lv levelOf[T]) { all = append(all, lv) })
	if err != nil {
		t.Fatal(err)
	}
	all = append(all, levels...)
	byFill := map[int]levelOf[T]{len(r.Categories): {}}
	for _, lv := range all {
		if lv.len() > 0 {
			byFill[bits.OnesCount32(lv.keys[0]>>7)] = lv
		}
	}
	plan := newLanePlan(r)
	for fill, lv := range byFill {
		if fill == len(r.Categories) {
			continue
		}
		next := byFill[fill+1]
		a, b := pair(plan)
		for _, k := range slices.Sorted(slices.Values(lv.keys)) {
			st := yacht.State{Filled: k >> 7, Upper: int(k>>1) & 63, YachtBonus: k&1 == 1}
			l := maxFuture(r, st)
			got, ok := solveTargetLanes(r, next, st, l, true, a, make([]T, l))
			want, ok2 := solveTargetLanes(r, next, st, l, true, b, make([]T, l))
			if !ok || !ok2 {
				t.Fatalf("state %x: too many outcomes", k)
			}
			check(k, a, b, got, want)
		}
	}
}

// copyLevel puts every state of src into dst.
func copyLevel[T chance](dst, src *levelOf[T]) {
	for k, v := range src.all() {
		dst.put(k, v)
	}
}

// Toward one target, the induction keeps each state's needs on the way
// there only; every need it keeps is the full induction's, bit for bit,
// in double and in single precision, on every rule set (the upper bonus
// open, earned or lost, the Yacht box open, scratched or holding a Yacht)
// for low, middling and high targets; and it keeps fewer.
func TestTargetNeedsOnTheWayMatchFull(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, name := range yacht.PresetNames() {
		r := mustPreset(t, name)
		tb, err := strategy.BuildEndGame(context.Background(), r, 7)
		if err != nil {
			t.Fatal(err)
		}
		for trial := 0; trial < 4; trial++ {
			s := randomSheet(rng, r, 5+rng.IntN(3))
			st := s.State()
			top := maxFuture(r, st)
			for _, need := range []int{top / 4, top / 2, 3 * top / 4, top} {
				t.Run("double", func(t *testing.T) { checkNeedsOnTheWay[float64](t, tb, st, need) })
				t.Run("single", func(t *testing.T) { checkNeedsOnTheWay[float32](t, tb, st, need) })
			}
		}
	}
}

// checkNeedsOnTheWay runs the induction from st toward need with and
// without toTarget and compares every need the first keeps.
func checkNeedsOnTheWay[T chance](t *testing.T, tb *strategy.Table, st yacht.State, need int) {
	run := func(toTarget bool) map[uint32][]T {
		states := map[uint32][]T{}
		keep := func(lv levelOf[T]) {
			for _, k := range lv.keys {
				v, off, _ := lv.from(k)
				full := make([]T, off+len(v))
				for i := range off {
					full[i] = -1 // not kept
				}
				copy(full[off:], v)
				states[k] = full
			}
		}
		levels, err := targetLevels(context.Background(), tb, st, need, nil, toTarget, keep)
		if err != nil {
			t.Fatal(err)
		}
		for _, lv := range levels {
			keep(lv)
		}
		return states
	}
	part, full := run(true), run(false)
	// The sheet's own chance of the need, which the advice reads.
	at := func(v []T, n int) T {
		if n > len(v) {
			return 0
		}
		return v[n-1]
	}
	k := stateKey(tb.Rules(), st)
	if got, want := at(part[k], need), at(full[k], need); got != want {
		t.Fatalf("sheet %v, need %d: %v, full induction %v", st, need, got, want)
	}
	kept, all := 0, 0
	for k, want := range full {
		all += len(want)
		got, ok := part[k]
		if !ok {
			t.Fatalf("state %x missing", k)
		}
		for i, p := range got {
			if p == -1 {
				continue
			}
			kept++
			w := T(0)
			if i < len(want) {
				w = want[i]
			}
			if p != w {
				t.Fatalf("sheet %v, need %d, state %x, need %d: %v, full induction %v", st, need, k, i+1, p, w)
			}
		}
	}
	if kept >= all && all > 100 {
		t.Errorf("sheet %v, need %d: %d needs kept of %d", st, need, kept, all)
	}
}

// Folding the upper boxes (their outcome of no points into the start row)
// changes no chance: on every rule set, from sheets whose upper boxes and
// Yacht box are open or filled, every state of the induction gives the same
// chances as with only the boxes of one vector folded, within 1e-12 in
// double precision and 1e-7 in single (the fold's order is exact in
// mathematics; it has been bit for bit in every case run), and some states
// fold an upper box.
func TestTargetLanesUpperFold(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for _, name := range yacht.PresetNames() {
		r := mustPreset(t, name)
		tb, err := strategy.BuildEndGame(context.Background(), r, 7)
		if err != nil {
			t.Fatal(err)
		}
		upper := 0
		for trial := 0; trial < 3; trial++ {
			st := randomSheet(rng, r, 5+rng.IntN(3)).State()
			upper += checkUpperFold[float64](t, r, tb, st, 1e-12)
			upper += checkUpperFold[float32](t, r, tb, st, 1e-7)
		}
		if upper == 0 {
			t.Errorf("%s: no state folded an upper box that the exact fold does not", name)
		}
	}
}

// checkUpperFold runs every state of the induction from st with the upper
// boxes folded and without, fails on a difference above tol, and returns
// how many states folded an upper box that the exact fold does not.
func checkUpperFold[T chance](t *testing.T, r *yacht.Rules, tb *strategy.Table, st yacht.State, tol float64) int {
	t.Helper()
	upper, chances, differ := 0, 0, 0
	twoScratches(t, r, tb, st, func(plan *lanePlan) (*laneScratch[T], *laneScratch[T]) {
		return &laneScratch[T]{plan: plan}, &laneScratch[T]{plan: plan, exactFold: true}
	}, func(k uint32, folded, exact *laneScratch[T], got, want []T) {
		if len(folded.base) > len(exact.base) {
			upper++
		}
		if len(got) != len(want) {
			t.Fatalf("state %x: %d chances folded, %d not", k, len(got), len(want))
		}
		for i := range got {
			chances++
			if got[i] != want[i] {
				differ++
			}
			if d := math.Abs(float64(got[i]) - float64(want[i])); d > tol {
				t.Fatalf("state %x need %d: %v folded, %v not", k, i+1, got[i], want[i])
			}
		}
	})
	t.Logf("%s from %x: %d chances, %d differ; %d states fold an upper box", r.Key, st.Filled, chances, differ, upper)
	return upper
}

// A box's rows joined with the start (buildBest) give every state the same
// chances, bit for bit, as the start and the box's rows read apart, in
// double precision and in single, on sheets where Choice is open (every
// pattern reads one of its rows) and where it is filled (another box
// joins); and most states join one.
func TestTargetLanesJoinedRows(t *testing.T) {
	for _, c := range []struct {
		rules, fill string
		open        []string
	}{
		{yacht.Yacht, "", []string{"aces", "threes", "fives", "choice", "full_house", "yacht", "small_straight"}},
		{yacht.Yahtzee, "chance:20", []string{"twos", "sixes", "three_of_a_kind", "full_house", "yahtzee", "large_straight"}},
	} {
		r := mustPreset(t, c.rules)
		tb, err := strategy.BuildEndGame(context.Background(), r, len(c.open))
		if err != nil {
			t.Fatal(err)
		}
		st := endSheet(t, r, c.fill, c.open...).State()
		t.Run(c.rules+"/double", func(t *testing.T) { checkJoinedRows[float64](t, r, tb, st) })
		t.Run(c.rules+"/single", func(t *testing.T) { checkJoinedRows[float32](t, r, tb, st) })
	}
}

// checkJoinedRows runs every state of the induction from st with and
// without joined rows and fails on any difference, or when fewer than
// half the states join a box's rows.
func checkJoinedRows[T chance](t *testing.T, r *yacht.Rules, tb *strategy.Table, st yacht.State) {
	joined, states := 0, 0
	twoScratches(t, r, tb, st, func(plan *lanePlan) (*laneScratch[T], *laneScratch[T]) {
		return &laneScratch[T]{plan: plan}, &laneScratch[T]{plan: plan, noJoin: true}
	}, func(k uint32, join, apart *laneScratch[T], got, want []T) {
		states++
		if len(join.joined) > 0 {
			joined++
		}
		if len(apart.joined) > 0 {
			t.Fatalf("state %x: rows joined with noJoin", k)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("state %x: joined rows give %v, apart %v", k, got, want)
		}
	})
	if joined*2 < states {
		t.Fatalf("only %d of %d states joined a box's rows", joined, states)
	}
	t.Logf("%d of %d states joined a box's rows", joined, states)
}
