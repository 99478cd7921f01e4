package trialrule

import (
	"errors"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestParseWeights(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []int64
	}{
		{"1 4 15", []int64{1, 4, 15}},
		{"3:7", []int64{3, 7}},
		{"5% 20% 75%", []int64{1, 4, 15}},
		{"0.05 0.2 0.75", []int64{1, 4, 15}},
		{"1/6 1/3 1/2", []int64{1, 2, 3}},
		{"10 20 30", []int64{1, 2, 3}},
		{"  2 ,4; 6  ", []int64{1, 2, 3}},
		{"30% 0.7", []int64{3, 7}},
		{"５％　２０％　７５％", []int64{1, 4, 15}},
		{"３：７", []int64{3, 7}},
		{".5 1.", []int64{1, 2}},
		{"+1 2", []int64{1, 2}},
		{"33.3% 66.7%", []int64{333, 667}},
	} {
		got, err := ParseWeights(tc.in)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("ParseWeights(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func TestParseWeightsErrors(t *testing.T) {
	many := strings.Repeat("1 ", 21)
	for _, tc := range []struct {
		in    string
		want  error
		index int
	}{
		{"", ErrEmpty, 0},
		{"  : , ", ErrEmpty, 0},
		{"0 0", ErrZero, 1},
		{"1 0 2", ErrZero, 2},
		{"1 -2", ErrNegative, 2},
		{"abc 1", ErrSyntax, 1},
		{"1 2e5", ErrSyntax, 2},
		{"1 .", ErrSyntax, 2},
		{"1 1/0", ErrSyntax, 2},
		{"1 %", ErrSyntax, 2},
		{"1 0.0%", ErrZero, 2},
		{"1 0/5", ErrZero, 2},
		{"7", ErrTooFewEvents, 0},
		{many, ErrTooManyEvents, 0},
		{"1 1000000000000", ErrTooFine, 0},
		{"0.000000000001 1", ErrTooFine, 0},
		{"1 " + strings.Repeat("9", 50), ErrTooFine, 2},
		{strings.Repeat(" ", 2000), ErrTooFine, 0},
	} {
		_, err := ParseWeights(tc.in)
		var we *WeightsError
		if !errors.Is(err, tc.want) || !errors.As(err, &we) || we.Index != tc.index {
			t.Errorf("ParseWeights(%q) = %v; want %v at %d", tc.in, err, tc.want, tc.index)
			continue
		}
		if err.Error() == "" {
			t.Errorf("empty message for %q", tc.in)
		}
	}
}

func TestNewProblemErrors(t *testing.T) {
	for _, tc := range []struct {
		k    int
		w    []int64
		want error
	}{
		{1, []int64{1, 2}, ErrDie},
		{101, []int64{1, 2}, ErrDie},
		{6, []int64{1}, ErrTooFewEvents},
		{6, make([]int64, 21), ErrTooManyEvents},
		{6, []int64{1, 0}, ErrZero},
		{6, []int64{1, -1}, ErrNegative},
		{6, []int64{1, MaxSum}, ErrTooFine},
	} {
		if _, err := NewProblem(tc.k, tc.w); !errors.Is(err, tc.want) {
			t.Errorf("NewProblem(%d, %v) = %v; want %v", tc.k, tc.w, err, tc.want)
		}
	}
	p, err := NewProblem(6, []int64{4, 6})
	if err != nil || !slices.Equal(p.Weights, []int64{2, 3}) || p.Sum() != 5 {
		t.Errorf("NewProblem(6, 4 6) = %v, %v", p, err)
	}
}

// FuzzParseWeights: never panics; an accepted ratio is 2..20 coprime
// positive integers summing to at most MaxSum, its values are proportional
// to the numbers typed, and typing the result back gives it again.
func FuzzParseWeights(f *testing.F) {
	for _, s := range []string{"1 4 15", "3:7", "5% 20% 75%", "0.05 0.2 0.75", "1/6 1/3 1/2",
		"0 0", "-1 2", "", "1", "1e5 2", "９９ １", "1/0 1", ". 1", "1%% 2", "00.00100 3/7%", "１：２", "５％　２０％　７５％", "１／６　１／３"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if total, ok := PercentTotal(s); ok && total.Sign() < 0 && !strings.Contains(s, "-") {
			t.Fatalf("PercentTotal(%q) = %v", s, total)
		}
		w, err := ParseWeights(s)
		if err != nil {
			var we *WeightsError
			if !errors.As(err, &we) || err.Error() == "" {
				t.Fatalf("error %v is not a *WeightsError", err)
			}
			return
		}
		if len(w) < MinEvents || len(w) > MaxEvents {
			t.Fatalf("%d weights", len(w))
		}
		var g, sum int64
		for _, x := range w {
			if x <= 0 {
				t.Fatalf("weight %d", x)
			}
			g = gcd64(g, x)
			sum += x
		}
		if g != 1 || sum > MaxSum {
			t.Fatalf("gcd %d sum %d", g, sum)
		}
		// Proportional to the typed values: w_i·v_0 = w_0·v_i.
		toks := strings.FieldsFunc(normalizeWidth(s), func(r rune) bool {
			return r == ' ' || r == ':' || r == ',' || r == ';' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f' || r == 0x85 || r == 0xA0 || r == 0x3000 || (r >= 0x2000 && r <= 0x200a) || r == 0x1680 || r == 0x2028 || r == 0x2029 || r == 0x202f || r == 0x205f
		})
		if len(toks) == len(w) {
			v0, err0 := parseToken(toks[0])
			for i, tok := range toks {
				vi, erri := parseToken(tok)
				if err0 != nil || erri != nil {
					break
				}
				lhs := new(big.Rat).Mul(big.NewRat(w[i], 1), v0)
				rhs := new(big.Rat).Mul(big.NewRat(w[0], 1), vi)
				if lhs.Cmp(rhs) != 0 {
					t.Fatalf("%q: weights %v not proportional at %d", s, w, i)
				}
			}
		}
		parts := make([]string, len(w))
		for i, x := range w {
			parts[i] = strconv.FormatInt(x, 10)
		}
		again, err := ParseWeights(strings.Join(parts, " "))
		if err != nil || !slices.Equal(again, w) {
			t.Fatalf("round trip %v → %v, %v", w, again, err)
		}
	})
}

func TestPercentTotal(t *testing.T) {
	cases := []struct {
		in   string
		want string // "" when not all percentages
	}{
		{"30% 60%", "90"},
		{"5% 20% 75%", "100"},
		{"33.3% 66.7%", "100"},
		{"12.5%:12.5%", "25"},
		{"1 2", ""},
		{"30% 60", ""},
		{"1/2%", ""},
		{"x%", ""},
		{"", ""},
	}
	for _, c := range cases {
		got, ok := PercentTotal(c.in)
		if ok != (c.want != "") || ok && got.RatString() != c.want {
			t.Errorf("PercentTotal(%q) = %v, %v; want %q", c.in, got, ok, c.want)
		}
	}
}
