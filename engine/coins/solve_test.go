package coins

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/alea-bot/alea/internal/race"
)

// TestBWClosedFormEqualsTree proves the mod-3 rule equal to the full
// (merged) game-tree search for every b, w ≤ 200: who wins and every
// winning move.
func TestBWClosedFormEqualsTree(t *testing.T) {
	ctx := context.Background()
	limit := int64(200)
	if race.Enabled {
		limit = 80
	}
	tree := NewTree(Game[BWState, BWMove](BW{}))
	for b := int64(0); b <= limit; b++ {
		for w := int64(0); w <= limit; w++ {
			s := BWState{b, w}
			want, err := tree.MoverWins(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			if got := (BW{}).MoverWins(s); got != want {
				t.Fatalf("MoverWins%v = %v, tree says %v", s, got, want)
			}
			wantMoves, err := tree.WinningMoves(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			if got := (BW{}).WinningMoves(s); !slices.Equal(got, wantMoves) {
				t.Fatalf("WinningMoves%v = %v, tree says %v", s, got, wantMoves)
			}
		}
	}
	if want := int((limit + 1) * (limit + 1)); tree.Len() != want {
		t.Errorf("tree solved %d states, want %d", tree.Len(), want)
	}
}

// TestBWLecture checks the lecture's small cases: from (2,1) the first
// player wins only by taking both black coins (slide 64's tree: only (0,1)
// has win rate 1), and from (1,1) the mover always wins (slide 78).
func TestBWLecture(t *testing.T) {
	if got := (BW{}).WinningMoves(BWState{2, 1}); !slices.Equal(got, []BWMove{{Black, 2}}) {
		t.Errorf("WinningMoves(2,1) = %v, want [black 2]", got)
	}
	if got := (BW{}).WinningMoves(BWState{1, 1}); !slices.Equal(got, []BWMove{{Black, 1}, {White, 1}}) {
		t.Errorf("WinningMoves(1,1) = %v, want [black 1 white 1]", got)
	}
	// With no white coins the game is the one-pile game of slide 12.
	for n := int64(0); n < 60; n++ {
		if got, want := (BW{}).MoverWins(BWState{n, 0}), n%3 != 1; got != want {
			t.Errorf("MoverWins(%d,0) = %v, want %v (slide 22: 3k+1 loses)", n, got, want)
		}
	}
}

func TestBWMovesOrderAndLegal(t *testing.T) {
	got := (BW{}).Moves(BWState{5, 1})
	want := []BWMove{{Black, 1}, {Black, 2}, {White, 1}}
	if !slices.Equal(got, want) {
		t.Fatalf("Moves(5,1) = %v, want %v", got, want)
	}
	for i, m := range want {
		if m.Index() != []int{0, 1, 2}[i] {
			t.Errorf("%v.Index() = %d", m, m.Index())
		}
		if !(BW{}).Legal(BWState{5, 1}, m) {
			t.Errorf("%v not legal in (5,1)", m)
		}
	}
	if (BW{}).Legal(BWState{5, 1}, BWMove{White, 2}) || (BW{}).Legal(BWState{5, 1}, BWMove{Black, 3}) {
		t.Error("illegal move accepted")
	}
}

// TestBWRandomMoveDistribution checks RandomMove against the lecture's
// RandomPlayer: the colour first (½ each when both are left), then 1 or 2.
func TestBWRandomMoveDistribution(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	counts := map[BWMove]int{}
	const n = 40000
	for range n {
		counts[(BW{}).RandomMove(r, BWState{5, 1})]++
	}
	want := map[BWMove]float64{{Black, 1}: 0.25, {Black, 2}: 0.25, {White, 1}: 0.5}
	for m, p := range want {
		if got := float64(counts[m]) / n; got < p-0.02 || got > p+0.02 {
			t.Errorf("P(%v) = %.3f, want %.2f", m, got, p)
		}
	}
	if len(counts) != 3 {
		t.Errorf("moves drawn: %v", counts)
	}
}

// pileTakeSets returns every non-empty subset of {1..7} and some random
// sets with larger amounts.
func pileTakeSets() [][]int64 {
	var sets [][]int64
	for mask := 1; mask < 1<<7; mask++ {
		var s []int64
		for i := range 7 {
			if mask&(1<<i) != 0 {
				s = append(s, int64(i+1))
			}
		}
		sets = append(sets, s)
	}
	r := rand.New(rand.NewPCG(7, 7))
	for range 60 {
		k := 1 + r.IntN(4)
		var s []int64
		for range k {
			s = append(s, 1+r.Int64N(25))
		}
		sets = append(sets, s)
	}
	return sets
}

// TestPileSolutionEqualsTree proves the detected period equal to the full
// game-tree search for many take sets, both endings, and every size up to
// several periods past the detection (at least 300).
func TestPileSolutionEqualsTree(t *testing.T) {
	ctx := context.Background()
	for _, take := range pileTakeSets() {
		for _, lastWins := range []bool{false, true} {
			p, err := NewPile(take, lastWins)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := p.Solve(ctx)
			if err != nil {
				t.Fatalf("%v lastWins=%v: %v", take, lastWins, err)
			}
			limit := max(300, sol.Preperiod+3*sol.Period+p.take[len(p.take)-1])
			if race.Enabled {
				limit = max(120, sol.Preperiod+2*sol.Period)
			}
			tree := NewTree(Game[int64, int64](p))
			for n := int64(0); n <= limit; n++ {
				want, err := tree.MoverWins(ctx, n)
				if err != nil {
					t.Fatal(err)
				}
				if got := sol.MoverWins(n); got != want {
					t.Fatalf("take %v lastWins=%v n=%d: MoverWins %v, tree %v (pre %d, period %d)", take, lastWins, n, got, want, sol.Preperiod, sol.Period)
				}
				wantMoves, _ := tree.WinningMoves(ctx, n)
				if got := sol.WinningMoves(n); !slices.Equal(got, wantMoves) {
					t.Fatalf("take %v n=%d: WinningMoves %v, tree %v", take, n, got, wantMoves)
				}
			}
			// The period is the least one: no proper divisor works from Preperiod.
			for d := int64(1); d < sol.Period; d++ {
				if sol.Period%d != 0 {
					continue
				}
				ok := true
				for n := sol.Preperiod; n < sol.Preperiod+2*sol.Period; n++ {
					if sol.MoverWins(n) != sol.MoverWins(n+d) {
						ok = false
						break
					}
				}
				if ok {
					t.Fatalf("take %v: period %d is not least, %d works", take, sol.Period, d)
				}
			}
			// The preperiod is the least one.
			if pre := sol.Preperiod; pre > 0 && sol.MoverWins(pre-1) == sol.MoverWins(pre-1+sol.Period) {
				t.Fatalf("take %v: preperiod %d is not least", take, pre)
			}
		}
	}
}

// TestPileLectureRules checks the lecture's rules: take 1 or 2 and the last
// coin loses: the mover loses exactly at 3k+1 (slide 22); the last coin
// wins: the mover loses exactly at 3k (slide 87); and Winning Ways'
// subtraction game {1,3,4} (normal play): losing exactly at n ≡ 0, 2 mod 7.
func TestPileLectureRules(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		take     []int64
		lastWins bool
		period   int64
		losing   []int64
	}{
		{[]int64{1, 2}, false, 3, []int64{1}},
		{[]int64{1, 2}, true, 3, []int64{0}},
		{[]int64{1, 3, 4}, true, 7, []int64{0, 2}},
	}
	for _, c := range cases {
		p, err := NewPile(c.take, c.lastWins)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := p.Solve(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Preperiod != 0 || sol.Period != c.period || !slices.Equal(sol.LosingResidues(), c.losing) {
			t.Errorf("take %v lastWins %v: pre %d period %d losing %v, want 0 %d %v", c.take, c.lastWins, sol.Preperiod, sol.Period, sol.LosingResidues(), c.period, c.losing)
		}
	}
	// Slide 12: 20 coins, take 1 or 2, last loses: A wins by taking 1 (to 19 = 3·6+1).
	p, _ := NewPile([]int64{1, 2}, false)
	sol, _ := p.Solve(ctx)
	if got := sol.WinningMoves(20); !slices.Equal(got, []int64{1}) {
		t.Errorf("WinningMoves(20) = %v, want [1]", got)
	}
	if sol.MoverWins(4) {
		t.Error("slide 21: with N = 4 the first player has no winning strategy")
	}
}

// TestPileResiduesDescribeSolution checks that LosingBeforePeriod and
// LosingResidues describe exactly the losing sizes.
func TestPileResiduesDescribeSolution(t *testing.T) {
	ctx := context.Background()
	for _, take := range pileTakeSets()[100:] {
		p, _ := NewPile(take, false)
		sol, err := p.Solve(ctx)
		if err != nil {
			t.Fatal(err)
		}
		before := sol.LosingBeforePeriod()
		res := sol.LosingResidues()
		for n := int64(0); n < sol.Preperiod+3*sol.Period; n++ {
			var lose bool
			if n < sol.Preperiod {
				lose = slices.Contains(before, n)
			} else {
				lose = slices.Contains(res, n%sol.Period)
			}
			if lose == sol.MoverWins(n) {
				t.Fatalf("take %v n=%d: residues say lose=%v", take, n, lose)
			}
		}
	}
}

func TestPileNonTerminalWithoutOne(t *testing.T) {
	// Take set {2,3}, last mover wins: 0 and 1 have no move, so the mover loses.
	p, _ := NewPile([]int64{3, 2}, true)
	if !slices.Equal(p.Take(), []int64{2, 3}) {
		t.Fatalf("Take() = %v", p.Take())
	}
	sol, _ := p.Solve(context.Background())
	for n, want := range []bool{false, false, true, true, true, false, false} {
		if got := sol.MoverWins(int64(n)); got != want {
			t.Errorf("n=%d: MoverWins %v, want %v", n, got, want)
		}
	}
}

func TestNewPileErrors(t *testing.T) {
	for _, take := range [][]int64{nil, {0}, {-1, 2}, {MaxTake + 1}} {
		if _, err := NewPile(take, false); err == nil {
			t.Errorf("NewPile(%v) accepted", take)
		}
	}
	var many []int64
	for i := range MaxTakeSize + 1 {
		many = append(many, int64(i+1))
	}
	if _, err := NewPile(many, false); err == nil {
		t.Error("too many amounts accepted")
	}
	if _, err := NewPile(append(many[:MaxTakeSize], 1, 2), false); err != nil {
		t.Errorf("duplicates counted: %v", err)
	}
}

func TestPileSolveHonoursContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p, _ := NewPile([]int64{1, 2}, false)
	if _, err := p.Solve(ctx); err == nil {
		t.Error("Solve ignored a cancelled context")
	}
	if _, err := NewTree(Game[int64, int64](p)).MoverWins(ctx, 5000); err == nil {
		t.Error("Tree ignored a cancelled context")
	}
}

// TestMarblesClosedFormEqualsTree proves the 3·2^i − 1 rule equal to the
// full game-tree search for every n ≤ 10^4 (who wins), and every winning
// move for n ≤ 5000.
func TestMarblesClosedFormEqualsTree(t *testing.T) {
	ctx := context.Background()
	limit := int64(10000)
	if race.Enabled || testing.Short() {
		limit = 1500
	}
	tree := NewTree(Game[int64, int64](Marbles{}))
	for n := int64(0); n <= limit; n++ {
		want, err := tree.MoverWins(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		if got := (Marbles{}).MoverWins(n); got != want {
			t.Fatalf("MoverWins(%d) = %v, tree %v", n, got, want)
		}
		if n > limit/2 {
			continue // every winning move is checked below n ≤ limit/2; above, who wins
		}
		wantMoves, _ := tree.WinningMoves(ctx, n)
		if got := (Marbles{}).WinningMoves(n); !slices.Equal(got, wantMoves) {
			t.Fatalf("WinningMoves(%d) = %v, tree %v", n, got, wantMoves)
		}
	}
}

// TestMarblesLecture checks slide 34: from 100 marbles A takes 5 to leave
// 95, and the positions left to B are 95, 47, 23, 11, 5, 2 = 3·2^(i−1) − 1.
func TestMarblesLecture(t *testing.T) {
	if got := (Marbles{}).WinningMoves(100); !slices.Equal(got, []int64{5}) {
		t.Errorf("WinningMoves(100) = %v, want [5]", got)
	}
	for i, n := range []int64{2, 5, 11, 23, 47, 95} {
		if (Marbles{}).MoverWins(n) {
			t.Errorf("%d should lose", n)
		}
		if want := int64(3)<<i - 1; n != want {
			t.Errorf("3·2^%d − 1 = %d, not %d", i, want, n)
		}
	}
	// Up to 10^18: the losing sizes are 3·2^i − 1 and nothing near them.
	for l := int64(2); l < MaxCount; l = 2*l + 1 {
		if (Marbles{}).MoverWins(l) || !(Marbles{}).MoverWins(l+1) || !(Marbles{}).MoverWins(l-1) {
			t.Fatalf("rule breaks near %d", l)
		}
		if m := (Marbles{}).WinningMoves(2*l + 2); len(m) != 1 || 2*l+2-m[0] != 2*l+1 || m[0] > (2*l+2)/2 {
			t.Fatalf("WinningMoves(%d) = %v", 2*l+2, m)
		}
	}
	if got := (Marbles{}).WinningMoves(1); !slices.Equal(got, []int64{1}) {
		t.Errorf("WinningMoves(1) = %v", got)
	}
}
