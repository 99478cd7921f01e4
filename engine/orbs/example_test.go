package orbs_test

import (
	"fmt"

	"github.com/alea-bot/alea/engine/orbs"
)

func ExampleSolve() {
	g, err := orbs.Parse("#..#/.##./#..#")
	if err != nil {
		panic(err)
	}
	sol := orbs.Solve(g, 3)
	fmt.Println(sol.Solvable, sol.Count, sol.WithinLimit)
	for _, r := range sol.Rows {
		fmt.Println("row", orbs.RowLabel(r))
	}
	for _, c := range sol.Cols {
		fmt.Println("column", orbs.ColLabel(c))
	}
	after, _ := orbs.Apply(g, sol.Presses)
	fmt.Println(after)
	// Output:
	// true 3 true
	// row b
	// column i
	// column iv
	// ..../..../....
}

func ExampleSolve_diagonal() {
	// Only the diagonal from the bottom-left corner is cloudy.
	g, _ := orbs.Parse("..# .#. #..")
	sol := orbs.Solve(g, orbs.NoLimit)
	fmt.Println(sol.Count, sol.Diagonal, sol.Rows, sol.Cols)
	// Output:
	// 1 true [] []
}

func ExampleSolve_unsolvable() {
	g, _ := orbs.Parse("#.../..../..../....")
	sol := orbs.Solve(g, orbs.NoLimit)
	fmt.Println(sol.Solvable)
	w := sol.Witness
	fmt.Printf("rows %s and %s, columns %s and %s\n",
		orbs.RowLabel(w.Rows[0]), orbs.RowLabel(w.Rows[1]), orbs.ColLabel(w.Cols[0]), orbs.ColLabel(w.Cols[1]))
	fmt.Println(w.Holds(g))
	// Output:
	// false
	// rows a and b, columns ii and i
	// true
}

func ExampleApply() {
	g, _ := orbs.New(3, 4)
	g, _ = orbs.Apply(g, orbs.Presses{Diagonal: true, Rows: []int{0}, Cols: []int{3}})
	fmt.Println(g)
	// Output:
	// ##../.#.#/#..#
}

func ExampleParse() {
	_, err := orbs.Parse("#./.#.")
	fmt.Println(err)
	// Output:
	// orbs: row 2 has 3 cells but row 1 has 2
}
