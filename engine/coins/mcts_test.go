package coins

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/alea-bot/alea/internal/race"
)

func bwGame() Game[BWState, BWMove] { return BW{} }

func seeded(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// The lecture's printed trees (slides 64, 78, 79), blank lines between depths.
const (
	slide64 = `A total of 12 nodes
(2,1), win rate 0.40 (2/5)

(1,1), win rate 0.00 (0/2)
(0,1), win rate 1.00 (1/1)
(2,0), win rate 0.50 (1/2)

(0,1), win rate 0.00 (0/1)
(1,0), win rate 0.00 (0/1)
(0,0), win rate 1.00 (1/1)
(1,0), win rate 0.00 (0/1)
(0,0), win rate 1.00 (1/1)

(0,0), win rate 0.00 (0/1)
(0,0), win rate 0.00 (0/1)
(0,0), win rate 0.00 (0/1)
`
	slide78 = `A total of 5 nodes
(1,1), win rate 1.00 (4/4)

(0,1), win rate 1.00 (2/2)
(1,0), win rate 1.00 (2/2)

(0,0), win rate 1.00 (1/1)
(0,0), win rate 1.00 (1/1)
`
	slide79won = `A total of 6 nodes
(2,1), win rate 0.60 (3/5)

(1,1), win rate 0.00 (0/1)
(0,1), win rate 1.00 (2/2)
(2,0), win rate 0.50 (1/2)

(0,0), win rate 1.00 (1/1)
(1,0), win rate 0.00 (0/1)
`
	slide79lost = `A total of 5 nodes
(2,1), win rate 0.50 (2/4)

(1,1), win rate 0.00 (0/1)
(0,1), win rate 1.00 (2/2)
(2,0), win rate 0.00 (0/1)

(0,0), win rate 1.00 (1/1)
`
)

// TestFullTreeSlide64 reproduces the lecture's TreePlayer(2, 1, 0) print.
func TestFullTreeSlide64(t *testing.T) {
	root, err := FullTree(context.Background(), bwGame(), BWState{2, 1}, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if got := FormatTree(root, 0, nil); got != slide64 {
		t.Errorf("got\n%s\nwant\n%s", got, slide64)
	}
	if _, err := FullTree(context.Background(), bwGame(), BWState{6, 6}, 1000); err == nil {
		t.Error("FullTree(6,6) fit in 1000 nodes")
	}
}

// TestPTreeSlide78 reproduces print(PTreePlayer(1, 1, 0)): whatever the
// random numbers, 5 nodes with the printed counts.
func TestPTreeSlide78(t *testing.T) {
	for seed := range uint64(50) {
		p, err := NewPTree(context.Background(), bwGame(), BWState{1, 1}, 0, DefaultSimulations, seeded(seed))
		if err != nil {
			t.Fatal(err)
		}
		if got := p.String(); got != slide78 {
			t.Fatalf("seed %d: got\n%s\nwant\n%s", seed, got, slide78)
		}
	}
}

// TestPTreeSlide79 reproduces print(PTreePlayer(2, 1, 0)): one of the two
// printed trees, depending on whether the first play-out under (2,0) is won
// (probability ½).
func TestPTreeSlide79(t *testing.T) {
	won, lost := 0, 0
	const n = 400
	for seed := range uint64(n) {
		p, err := NewPTree(context.Background(), bwGame(), BWState{2, 1}, 0, DefaultSimulations, seeded(seed))
		if err != nil {
			t.Fatal(err)
		}
		switch p.String() {
		case slide79won:
			won++
		case slide79lost:
			lost++
		default:
			t.Fatalf("seed %d: unexpected tree\n%s", seed, p)
		}
	}
	if won < n/2-60 || lost < n/2-60 {
		t.Errorf("won %d, lost %d of %d: not about half each", won, lost, n)
	}
}

// TestPTreeSlide80 reproduces sum(PTreePlayer(100, 100, 0).root[2]) == 50:
// with many coins the root gets exactly k = 50 simulations, one new node each.
func TestPTreeSlide80(t *testing.T) {
	for seed := range uint64(20) {
		p, err := NewPTree(context.Background(), bwGame(), BWState{100, 100}, 0, DefaultSimulations, seeded(seed))
		if err != nil {
			t.Fatal(err)
		}
		if s := p.Root.Wins[0] + p.Root.Wins[1]; s != 50 {
			t.Fatalf("seed %d: sum(root[2]) = %d, want 50", seed, s)
		}
		if c := p.Root.Count(); c != 51 {
			t.Fatalf("seed %d: %d nodes, want 51", seed, c)
		}
	}
}

// TestRunBWGameSlide81 reproduces runBWGame(2, 1, PTreePlayer, RandomPlayer,
// True): the tree player takes both black coins and wins.
func TestRunBWGameSlide81(t *testing.T) {
	const want = "player 0: (2, 1) --> (0, 1)\nplayer 1: (0, 1) --> (0, 0)\nplayer 0 wins\n"
	for seed := range uint64(20) {
		var b strings.Builder
		w, err := RunBWGame(context.Background(), BWState{2, 1}, PlayerSpec{MCTS, 50}, PlayerSpec{Kind: Random}, seeded(seed), &b)
		if err != nil {
			t.Fatal(err)
		}
		if w != 0 || b.String() != want {
			t.Fatalf("seed %d: winner %d, trace\n%s", seed, w, b.String())
		}
	}
}

// checkCounts verifies the bookkeeping of a tree grown by the lecture's
// rule from a fresh root: each round adds exactly one node and one
// simulation, every non-root node has its own play-out plus those of its
// children, and each node's state follows from its parent's by its move.
func checkCounts(t *testing.T, g Game[BWState, BWMove], n *Node[BWState, BWMove], root bool) {
	t.Helper()
	var sum [2]int64
	for i, c := range n.Children {
		if c == nil {
			continue
		}
		if c.Parent != n || c.Mover != 1-n.Mover || c.State != g.Play(n.State, n.Moves[i]) {
			t.Fatalf("bad child %v of %v", c.State, n.State)
		}
		checkCounts(t, g, c, false)
		sum[0] += c.Wins[0]
		sum[1] += c.Wins[1]
	}
	own := n.Simulations() - sum[0] - sum[1]
	if (root && own != 0) || (!root && own != 1) {
		t.Fatalf("node %v: %d own play-outs (root %v)", n.State, own, root)
	}
}

func TestPTreeInvariants(t *testing.T) {
	r := seeded(99)
	for range 200 {
		s := BWState{r.Int64N(9), r.Int64N(9)}
		k := 1 + r.IntN(120)
		p, err := NewPTree(context.Background(), bwGame(), s, r.IntN(2), k, seeded(r.Uint64()))
		if err != nil {
			t.Fatal(err)
		}
		sims := p.Root.Simulations()
		if sims > int64(k) {
			t.Fatalf("%v k=%d: %d simulations", s, k, sims)
		}
		if got := p.Root.Count(); int64(got) != sims+1 {
			t.Fatalf("%v k=%d: %d nodes for %d simulations", s, k, got, sims)
		}
		checkCounts(t, bwGame(), p.Root, true)
	}
}

// TestPTreeTerminalCounts checks that a terminal node's play-outs are all
// won by the player to move there (whoever takes the last coin loses).
func TestPTreeTerminalCounts(t *testing.T) {
	p, _ := NewUCTTree(context.Background(), bwGame(), BWState{4, 3}, 0, 3000, seeded(3))
	var walk func(n *Node[BWState, BWMove])
	walk = func(n *Node[BWState, BWMove]) {
		if n.State.Total() == 0 && n.Wins[1-n.Mover] != 0 {
			t.Fatalf("terminal node with wins %v for mover %d", n.Wins, n.Mover)
		}
		for _, c := range n.Children {
			if c != nil {
				walk(c)
			}
		}
	}
	walk(p.Root)
	if p.Root.Simulations() != 3000 {
		t.Errorf("UCT root has %d simulations, want 3000", p.Root.Simulations())
	}
}

// TestPTreeReRoots plays whole games and checks that both trees follow the
// game: after every move the root is the current position, the root's
// parent pointer leads to the previous root, and it has been expanded again.
func TestPTreeReRoots(t *testing.T) {
	ctx := context.Background()
	for seed := range uint64(30) {
		start := BWState{6, 5}
		a, _ := NewPTree(ctx, bwGame(), start, 0, 40, seeded(seed))
		b, _ := NewPTree(ctx, bwGame(), start, 1, 3, seeded(seed+1000))
		s := start
		players := [2]*PTree[BWState, BWMove]{a, b}
		for cur := 0; !(BW{}).Terminal(s); cur = 1 - cur {
			prev := players[1-cur].Root
			m, err := players[cur].MyTurn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if !(BW{}).Legal(s, m) {
				t.Fatalf("illegal move %v in %v", m, s)
			}
			if err := players[1-cur].OthersTurn(ctx, m); err != nil {
				t.Fatal(err)
			}
			s = (BW{}).Play(s, m)
			for _, p := range players {
				if p.Root.State != s {
					t.Fatalf("root %v, game at %v", p.Root.State, s)
				}
				if !(BW{}).Terminal(s) && p.Root.Simulations() == 0 {
					t.Fatalf("root %v not expanded", s)
				}
			}
			if players[1-cur].Root.Parent != prev {
				t.Fatal("re-rooted node lost its parent")
			}
		}
		if _, err := a.MyTurn(ctx); err != ErrGameOver {
			t.Errorf("MyTurn after the end: %v", err)
		}
	}
}

// TestPTreeBeatsRandom: the lecture's player with k = 50 beats the random
// player far more often than not from positions the first player wins.
func TestPTreeBeatsRandom(t *testing.T) {
	games := 200
	if race.Enabled {
		games = 60
	}
	r := seeded(11)
	for _, s := range []BWState{{2, 1}, {3, 3}, {5, 4}, {10, 8}} {
		if !(BW{}).MoverWins(s) {
			t.Fatalf("%v is not a first-player win", s)
		}
		res, err := Match(context.Background(), s, PlayerSpec{MCTS, 50}, PlayerSpec{Kind: Random}, games, r)
		if err != nil {
			t.Fatal(err)
		}
		if res.Games != games || res.Wins[0]+res.Wins[1] != games {
			t.Fatalf("result %+v", res)
		}
		if rate := float64(res.Wins[0]) / float64(games); rate < 0.8 {
			t.Errorf("%v: mcts:50 won %d of %d against random", s, res.Wins[0], games)
		}
	}
}

// perfectShare returns how many of n seeds choose a winning move from s.
func perfectShare(t *testing.T, s BWState, k int, uct bool, n int) int {
	good := 0
	wins := (BW{}).WinningMoves(s)
	for seed := range uint64(n) {
		var p *PTree[BWState, BWMove]
		var err error
		if uct {
			p, err = NewUCTTree(context.Background(), bwGame(), s, 0, k, seeded(seed))
		} else {
			p, err = NewPTree(context.Background(), bwGame(), s, 0, k, seeded(seed))
		}
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.Choose()
		if err != nil {
			t.Fatal(err)
		}
		if slices.Contains(wins, m) {
			good++
		}
	}
	return good
}

// TestPTreeImprovesWithK: with the lecture's rule the share of winning first
// moves (200 seeds) grows with k: on (3,3) from about two thirds with
// k = 10 to nearly all with k = 50; on (5,4), where two of the four moves
// win, from chance with k = 10 to about 70% with k = 1000 (the rule's early
// stop at a terminal node keeps the root near 180 simulations, so it stops
// improving there; see TestUCTTreeConverges).
func TestPTreeImprovesWithK(t *testing.T) {
	const n = 200
	for _, c := range []struct {
		s        BWState
		k        int
		min, max int
	}{
		{BWState{3, 3}, 10, 0, 160},
		{BWState{3, 3}, 50, 180, n},
		{BWState{5, 4}, 10, 0, 120},
		{BWState{5, 4}, 1000, 125, n},
	} {
		if got := perfectShare(t, c.s, c.k, false, n); got < c.min || got > c.max {
			t.Errorf("%v k=%d: %d of %d seeds choose a winning move, want %d..%d", c.s, c.k, got, n, c.min, c.max)
		}
	}
}

// TestUCTTreeConverges: without the early stop, every seed chooses a
// winning move once k is large enough, where few do with small k.
func TestUCTTreeConverges(t *testing.T) {
	const n = 40
	cases := []struct {
		s     BWState
		small int
		large int
	}{
		{BWState{3, 3}, 10, 1000},
		{BWState{5, 4}, 10, 2000},
	}
	if !race.Enabled {
		cases = append(cases, struct {
			s     BWState
			small int
			large int
		}{BWState{7, 7}, 200, 40000})
	}
	for _, c := range cases {
		if got := perfectShare(t, c.s, c.small, true, n); got == n {
			t.Errorf("%v k=%d: all seeds already perfect", c.s, c.small)
		}
		if got := perfectShare(t, c.s, c.large, true, n); got != n {
			t.Errorf("%v k=%d: %d of %d seeds choose a winning move", c.s, c.large, got, n)
		}
	}
}

// TestPerfectPlayerNeverLosesAWin: from every won position with at most 12
// coins of each colour the perfect player beats random and mcts opponents.
func TestPerfectPlayerNeverLosesAWin(t *testing.T) {
	ctx := context.Background()
	r := seeded(5)
	for b := int64(0); b <= 12; b++ {
		for w := int64(0); w <= 12; w++ {
			s := BWState{b, w}
			if s.Total() == 0 {
				continue
			}
			for _, opp := range []PlayerSpec{{Kind: Random}, {MCTS, 30}, {Kind: Perfect}} {
				if (BW{}).MoverWins(s) {
					if win, err := RunBWGame(ctx, s, PlayerSpec{Kind: Perfect}, opp, r, nil); err != nil || win != 0 {
						t.Fatalf("%v perfect first vs %v: winner %d %v", s, opp, win, err)
					}
				} else {
					if win, err := RunBWGame(ctx, s, opp, PlayerSpec{Kind: Perfect}, r, nil); err != nil || win != 1 {
						t.Fatalf("%v %v first vs perfect: winner %d %v", s, opp, win, err)
					}
				}
			}
		}
	}
}

func TestRunGameOtherGames(t *testing.T) {
	ctx := context.Background()
	p, _ := NewPile([]int64{1, 3, 4}, true)
	sol, _ := p.Solve(ctx)
	r := seeded(8)
	for n := int64(1); n < 40; n++ {
		var players [2]Player[int64]
		perfectSeat := 0
		if !sol.MoverWins(n) {
			perfectSeat = 1
		}
		players[perfectSeat] = NewPerfectPlayer(Game[int64, int64](p), Solver[int64, int64](sol), n, r)
		players[1-perfectSeat] = NewRandomPlayer(Game[int64, int64](p), n, r)
		if w, err := RunGame(ctx, Game[int64, int64](p), n, players, nil); err != nil || w != perfectSeat {
			t.Fatalf("pile %d: winner %d, perfect seat %d, %v", n, w, perfectSeat, err)
		}
		players[perfectSeat] = NewPerfectPlayer(Game[int64, int64](Marbles{}), Solver[int64, int64](Marbles{}), n, r)
		perfectSeat2 := 0
		if !(Marbles{}).MoverWins(n) {
			perfectSeat2 = 1
		}
		players = [2]Player[int64]{}
		players[perfectSeat2] = NewPerfectPlayer(Game[int64, int64](Marbles{}), Solver[int64, int64](Marbles{}), n, r)
		mc, err := NewPTree(ctx, Game[int64, int64](Marbles{}), n, 1-perfectSeat2, 30, r)
		if err != nil {
			t.Fatal(err)
		}
		players[1-perfectSeat2] = mc
		if w, err := RunGame(ctx, Game[int64, int64](Marbles{}), n, players, nil); err != nil || w != perfectSeat2 {
			t.Fatalf("marbles %d: winner %d, perfect seat %d, %v", n, w, perfectSeat2, err)
		}
	}
}

func TestPTreeErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := NewPTree(ctx, bwGame(), BWState{1, 1}, 0, 0, seeded(1)); err == nil {
		t.Error("k = 0 accepted")
	}
	if _, err := NewPTree(ctx, bwGame(), BWState{1, 1}, 2, 5, seeded(1)); err == nil {
		t.Error("player 2 accepted")
	}
	p, _ := NewPTree(ctx, bwGame(), BWState{1, 1}, 0, 5, seeded(1))
	if err := p.OthersTurn(ctx, BWMove{Black, 2}); err == nil {
		t.Error("illegal move accepted")
	}
	over, _ := NewPTree(ctx, bwGame(), BWState{0, 0}, 0, 5, seeded(1))
	if _, err := over.Choose(); err != ErrGameOver {
		t.Errorf("Choose at the end: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := NewUCTTree(cctx, bwGame(), BWState{50, 50}, 0, 100000, seeded(1)); err == nil {
		t.Error("cancelled context ignored")
	}
	// k = 1: the opponent may answer with a move the tree never expanded.
	one, _ := NewPTree(ctx, bwGame(), BWState{3, 3}, 1, 1, seeded(1))
	if err := one.OthersTurn(ctx, BWMove{White, 2}); err != nil || one.Root.State != (BWState{3, 1}) {
		t.Errorf("unexpanded reply: %v, root %v", err, one.Root.State)
	}
}

func TestFormatTreeAnnotate(t *testing.T) {
	p, _ := NewPTree(context.Background(), bwGame(), BWState{1, 1}, 0, 50, seeded(1))
	got := FormatTree(p.Root, 0, func(n *Node[BWState, BWMove]) string {
		if n == p.Root {
			return ""
		}
		return "exact: " + map[bool]string{true: "win", false: "loss"}[!(BW{}).MoverWins(n.State)]
	})
	if !strings.Contains(got, "(4/4)\n") || !strings.Contains(got, "(0,1), win rate 1.00 (2/2)  exact: win\n") {
		t.Errorf("annotated tree:\n%s", got)
	}
}
