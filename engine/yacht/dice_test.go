package yacht

import (
	"errors"
	"testing"
)

func TestSpaceSizes(t *testing.T) {
	if got := len(space.index); got != NumKeeps {
		t.Fatalf("%d keeps, want %d", got, NumKeeps)
	}
	for k := 0; k < NumKeeps; k++ {
		if (k >= firstPattern) != (space.Size[k] == NumDice) {
			t.Fatalf("keep %d (%v) out of order", k, space.Keep[k])
		}
	}
	// Patterns against an enumeration of all 7776 ordered rolls.
	seen := map[Counts]int{}
	for x := 0; x < 7776; x++ {
		var d Dice
		y := x
		for i := range d {
			d[i] = y%6 + 1
			y /= 6
		}
		seen[d.Counts()]++
	}
	if len(seen) != NumPatterns {
		t.Fatalf("%d patterns among ordered rolls, want %d", len(seen), NumPatterns)
	}
	for c, n := range seen {
		num, den := PatternProbability(int(space.KeepIndex(c)) - firstPattern)
		if num != int64(n) || den != 7776 {
			t.Errorf("P(%v) = %d/%d, counted %d/7776", c, num, den, n)
		}
	}
}

// Every keep's transition probabilities sum to exactly one, and each equals
// the share of ordered rerolls that give the pattern.
func TestKeepTransitionsSumToOne(t *testing.T) {
	for k := 0; k < NumKeeps; k++ {
		keep := space.Keep[k]
		tr, err := KeepTransitions(keep)
		if err != nil {
			t.Fatal(err)
		}
		var sum int64
		var den int64
		for _, x := range tr {
			sum += x.Num
			den = x.Den
		}
		if sum != den {
			t.Fatalf("keep %v: probabilities sum to %d/%d", keep, sum, den)
		}
		// Ordered rerolls of the free dice.
		free := NumDice - keep.Size()
		count := map[int]int64{}
		total := int64(1)
		for i := 0; i < free; i++ {
			total *= 6
		}
		for x := int64(0); x < total; x++ {
			c := keep
			y := x
			for i := 0; i < free; i++ {
				c[y%6]++
				y /= 6
			}
			count[int(space.KeepIndex(c))-firstPattern]++
		}
		if len(count) != len(tr) {
			t.Fatalf("keep %v: %d outcomes, enumeration has %d", keep, len(tr), len(count))
		}
		for _, x := range tr {
			if count[x.Pattern]*x.Den != x.Num*total {
				t.Fatalf("keep %v -> %v: %d/%d, enumeration %d/%d", keep, Pattern(x.Pattern), x.Num, x.Den, count[x.Pattern], total)
			}
		}
	}
	if _, err := KeepTransitions(Counts{6, 0, 0, 0, 0, 0}); err == nil {
		t.Error("a keep of six dice was accepted")
	}
}

func TestParseDice(t *testing.T) {
	good := map[string]string{
		"3 3 5 6 6":   "3 3 5 6 6",
		"33566":       "3 3 5 6 6",
		"6,5,3,3,6":   "3 3 5 6 6",
		"⚂⚂⚄⚅⚅":       "3 3 5 6 6",
		" 1 2 3 4 5 ": "1 2 3 4 5",
		"[1-1-1-1-1]": "1 1 1 1 1",
	}
	for in, want := range good {
		d, err := ParseDice(in)
		if err != nil {
			t.Errorf("ParseDice(%q): %v", in, err)
			continue
		}
		if d.String() != want {
			t.Errorf("ParseDice(%q) = %s, want %s", in, d, want)
		}
	}
	bad := map[string]InputCode{
		"1 2 3 4":     DiceCount,
		"7 1 1 1 1":   DiceNotFace,
		"0 1 1 1 1":   DiceNotFace,
		"1 2 3 4 5 6": DiceCount,
		"":            DiceCount,
		"a b c d e":   DiceUnexpected,
		"12 3 4 5":    0,
	}
	for in, want := range bad {
		_, err := ParseDice(in)
		if err == nil {
			if want != 0 {
				t.Errorf("ParseDice(%q) accepted", in)
			}
			continue
		}
		var ie *InputError
		if !errors.As(err, &ie) || ie.Code != want {
			t.Errorf("ParseDice(%q) error %#v, want code %d", in, err, want)
		}
	}
}

func FuzzParseDice(f *testing.F) {
	for _, s := range []string{"3 3 5 6 6", "33566", "1 2 3 4", "7 1 1 1 1", "⚀⚁⚂⚃⚄", "", "1,2,3,4,5,6", "\xff", "３　３　５　６　６", "３３５６６", "３，３，５，６，６"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDice(s)
		if err != nil {
			return
		}
		if !d.Valid() {
			t.Fatalf("ParseDice(%q) = %v, invalid", s, d)
		}
		again, err := ParseDice(d.String())
		if err != nil || again.Counts() != d.Counts() {
			t.Fatalf("round trip of %q: %v %v", s, again, err)
		}
	})
}
