package trialrule_test

import (
	"context"
	"fmt"
	"math/big"
	"os"
	"strings"

	"github.com/alea-bot/alea/engine/trialrule"
)

func ExampleParseWeights() {
	for _, s := range []string{"5% 20% 75%", "3:7", "1/6 1/3 1/2", "0 0"} {
		w, err := trialrule.ParseWeights(s)
		fmt.Println(w, err)
	}
	// Output:
	// [1 4 15] <nil>
	// [3 7] <nil>
	// [1 2 3] <nil>
	// [] weight is zero: weight 1 "0"
}

// The paper's Printer run of section 4.3: k = 3, E_1:E_2 = 5:2, extra depth 6.
func ExampleSearch() {
	p, _ := trialrule.NewProblem(3, []int64{5, 2})
	t, _ := trialrule.Search(context.Background(), p, 6)
	for _, h := range t.Heights {
		fmt.Printf("height %d: E[X] = %s (%s), c = %s, printed %v\n",
			h.Height, trialrule.FormatExpected(h.Expected), h.Expected.RatString(), h.C, h.Printed)
	}
	// Output:
	// height 2: E[X] = 2.14285714286 (15/7), c = 1, printed true
	// height 3: E[X] = 2.78571428571 (39/14), c = 2, printed false
	// height 4: E[X] = 1.55844155844 (120/77), c = 11, printed true
	// height 5: E[X] = 1.57563025210 (375/238), c = 34, printed false
	// height 6: E[X] = 1.50000000000 (3/2), c = 104, printed true
	// height 7: E[X] = 1.50620119430 (3279/2177), c = 311, printed false
	// height 8: E[X] = 1.50068608020 (9843/6559), c = 937, printed false
}

// The rule of height 4 in section 4.3, as the Printer lists it.
func ExampleRule_Lines() {
	p, _ := trialrule.NewProblem(3, []int64{5, 2})
	r, _ := p.PaperRule(big.NewInt(11), 4)
	fmt.Println(strings.Join(r.Lines(nil), "\n"))
	// Output:
	// 1 - E_1
	// 2 - E_1
	// 3
	// 3 1 - E_2
	// 3 2 - E_2
	// 3 3
	// 3 3 1 - Re
	// 3 3 2 - E_2
	// 3 3 3
	// 3 3 3 1 - Re
	// 3 3 3 2 - E_1
	// 3 3 3 3 - E_2
}

// With a coin and 1:2:3 the paper's best is 3 rolls on average; the
// Knuth–Yao rule needs 2, with a back-edge "2 2 2 → 2".
func ExampleKnuthYao() {
	p, _ := trialrule.NewProblem(2, []int64{1, 2, 3})
	o, _ := trialrule.KnuthYao(context.Background(), p)
	fmt.Println("E[X] =", o.Expected.RatString(), "P =", o.Preperiod, "L =", o.Period)
	fmt.Printf("Shannon bound %.4f\n", p.EntropyBound())
	fmt.Println(strings.Join(o.Rule.Lines([]string{"rare", "odd", "even"}), "\n"))
	// Output:
	// E[X] = 2 P = 1 L = 2
	// Shannon bound 1.4591
	// 1 - even
	// 2
	// 2 1 - odd
	// 2 2
	// 2 2 1 - rare
	// 2 2 2 → 2
}

// The Printer's output file (section 4.3) for a coin and 1:1:2.
func ExampleWriteSheet() {
	p, _ := trialrule.NewProblem(2, []int64{1, 1, 2})
	t, _ := trialrule.Search(context.Background(), p, 1)
	_ = trialrule.WriteSheet(os.Stdout, t, nil, nil)
	// Output:
	// ## input value ##
	// ## k = 2 // vector = { 1 1 2 } // extra depth limit = 1 ##
	//
	// ## probabilities ##
	// E_1	: 25.000%
	// E_2	: 25.000%
	// E_3	: 50.000%
	//
	// =====
	// # height = 2 // min E[X] = 1.50000000000 #
	// -----
	// 1 - E_3
	// 2
	// 2 1 - E_1
	// 2 2 - E_2
	// =====
	//
	// =====
	// # height = 3 // no case #
	// =====
	//
}
