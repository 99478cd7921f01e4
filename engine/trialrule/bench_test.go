package trialrule

import (
	"context"
	"math/big"
	"testing"
)

// BenchmarkSearchPaperLargest is the paper's largest table (section 5.2): k=2,
// {3,4,5}, extra depth 28 — heights 4 to 32, about 3.6·10^8 multipliers by
// enumeration.
func BenchmarkSearchPaperLargest(b *testing.B) {
	p, _ := NewProblem(2, []int64{3, 4, 5})
	for b.Loop() {
		t, err := Search(context.Background(), p, 28)
		if err != nil || t.CutShort || t.Heights[28].C.Cmp(big.NewInt(357913941)) != 0 {
			b.Fatal("wrong table")
		}
	}
}

// BenchmarkSearchDefault is a typical request: a d6, 5% 20% 75%, extra
// depth 6 (section 5.1).
func BenchmarkSearchDefault(b *testing.B) {
	p, _ := NewProblem(6, []int64{1, 4, 15})
	for b.Loop() {
		if _, err := Search(context.Background(), p, 6); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEnumerateHeight20 is the paper's plain enumeration of one height
// (k=2 {3,4,5}, h=20: 87381 − 43690 multipliers, odd ones only), for
// comparison with the digit programme.
func BenchmarkEnumerateHeight20(b *testing.B) {
	p, _ := NewProblem(2, []int64{3, 4, 5})
	for b.Loop() {
		if _, err := EnumerateHeight(context.Background(), p, 20, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkKnuthYao(b *testing.B) {
	p, _ := NewProblem(2, []int64{333, 667})
	for b.Loop() {
		if _, err := KnuthYao(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	}
}
