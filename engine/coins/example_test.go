package coins_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/alea-bot/alea/engine/coins"
)

// The black-and-white game answers instantly for 10^18 coins: the mover
// loses exactly when black + white ≡ 1 (mod 3).
func ExampleBW_WinningMoves() {
	for _, white := range []int64{3, 4, 5} {
		s := coins.BWState{Black: 1_000_000_000_000_000_000, White: white}
		fmt.Println(coins.BW{}.MoverWins(s), coins.BW{}.WinningMoves(s))
	}
	// Output:
	// false []
	// true [black 1 white 1]
	// true [black 2 white 2]
}

// The lecture's print(PTreePlayer(1, 1, 0)) (slide 78); the random numbers
// do not matter here.
func ExampleNewPTree() {
	rng := rand.New(rand.NewPCG(1, 2))
	p, err := coins.NewPTree(context.Background(), coins.BW{}, coins.BWState{Black: 1, White: 1}, 0, coins.DefaultSimulations, rng)
	if err != nil {
		panic(err)
	}
	fmt.Print(p)
	// Output:
	// A total of 5 nodes
	// (1,1), win rate 1.00 (4/4)
	//
	// (0,1), win rate 1.00 (2/2)
	// (1,0), win rate 1.00 (2/2)
	//
	// (0,0), win rate 1.00 (1/1)
	// (0,0), win rate 1.00 (1/1)
}

// The lecture's TreePlayer(2, 1, 0) tree (slide 64), not merged.
func ExampleFullTree() {
	root, err := coins.FullTree(context.Background(), coins.BW{}, coins.BWState{Black: 2, White: 1}, 100)
	if err != nil {
		panic(err)
	}
	fmt.Println(root.Count(), root.Wins)
	// Output: 12 [2 3]
}

// A pile with take set {1, 3, 4} where the last coin wins is periodic with
// period 7; the mover loses exactly at n ≡ 0, 2 (mod 7).
func ExamplePile_Solve() {
	p, err := coins.NewPile([]int64{1, 3, 4}, true)
	if err != nil {
		panic(err)
	}
	sol, err := p.Solve(context.Background())
	if err != nil {
		panic(err)
	}
	fmt.Println(sol.Preperiod, sol.Period, sol.LosingResidues(), sol.WinningMoves(1_000_000_000_000_000_000))
	// Output: 0 7 [0 2] [1]
}

// Slide 34: from 100 marbles take 5, leaving 95 = 3·2^5 − 1.
func ExampleMarbles_WinningMoves() {
	fmt.Println(coins.Marbles{}.WinningMoves(100), coins.Marbles{}.MoverWins(95))
	// Output: [5] false
}

// runBWGame(2, 1, PTreePlayer, RandomPlayer, True) (slide 81).
func ExampleRunBWGame() {
	rng := rand.New(rand.NewPCG(3, 4))
	mcts, _ := coins.ParsePlayerSpec("mcts:50")
	random, _ := coins.ParsePlayerSpec("random")
	_, err := coins.RunBWGame(context.Background(), coins.BWState{Black: 2, White: 1}, mcts, random, rng, os.Stdout)
	if err != nil {
		panic(err)
	}
	// Output:
	// player 0: (2, 1) --> (0, 1)
	// player 1: (0, 1) --> (0, 0)
	// player 0 wins
}

func ExampleParseCount() {
	for _, s := range []string{"10^18", "1e3", "-4", "10^19"} {
		n, err := coins.ParseCount(s)
		fmt.Println(n, err)
	}
	// Output:
	// 1000000000000000000 <nil>
	// 1000 <nil>
	// 0 "-4": negative counts are not allowed
	// 0 "10^19": larger than 10^18
}
