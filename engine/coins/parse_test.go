package coins

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestParseCount(t *testing.T) {
	good := map[string]int64{
		"0": 0, "7": 7, " 42 ": 42, "+3": 3, "007": 7,
		"1000000000000000000": MaxCount, "10^18": MaxCount, "1e18": MaxCount, "3E5": 300000,
		"2^10": 1024, "0^0": 1, "0e5": 0, "1^999999999999": 1,
	}
	for in, want := range good {
		got, err := ParseCount(in)
		if err != nil || got != want {
			t.Errorf("ParseCount(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	bad := map[string]error{
		"": ErrNotNumber, "  ": ErrNotNumber, "abc": ErrNotNumber, "1.5": ErrNotNumber, "-": ErrNotNumber,
		"-1": ErrNegative, "-10^30": ErrNegative, "--1": ErrNotNumber,
		"1000000000000000001": ErrTooLarge, "10^19": ErrTooLarge, "2e18": ErrTooLarge,
		"99999999999999999999999": ErrTooLarge, "2^62": ErrTooLarge, "1e": ErrNotNumber, "^2": ErrNotNumber,
		"1 2": ErrNotNumber, "0x10": ErrNotNumber,
	}
	for in, want := range bad {
		_, err := ParseCount(in)
		if !errors.Is(err, want) {
			t.Errorf("ParseCount(%q) error %v, want %v", in, err, want)
		}
	}
}

func TestParseTakeSet(t *testing.T) {
	good := map[string][]int64{
		"1 2": {1, 2}, "2,1": {1, 2}, " 4 ; 1,3 ": {1, 3, 4}, "1 1 1": {1}, "1000": {1000}, "1e3": {1000},
	}
	for in, want := range good {
		got, err := ParseTakeSet(in)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("ParseTakeSet(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	bad := map[string]error{
		"": ErrEmptyTakeSet, " , ": ErrEmptyTakeSet, "0": ErrZeroTake, "1 0": ErrZeroTake, "-2": ErrZeroTake,
		"1001": ErrTakeTooLarge, "10^19": ErrTakeTooLarge, "x": ErrNotNumber,
		"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21": ErrTakeTooMany,
	}
	for in, want := range bad {
		_, err := ParseTakeSet(in)
		if !errors.Is(err, want) {
			t.Errorf("ParseTakeSet(%q) error %v, want %v", in, err, want)
		}
	}
}

func TestParsePlayerSpec(t *testing.T) {
	good := map[string]PlayerSpec{
		"perfect": {Kind: Perfect}, " Random ": {Kind: Random}, "mcts": {MCTS, 50},
		"MCTS:7": {MCTS, 7}, "mcts:1000000": {MCTS, MaxSimulations}, "mcts:1e3": {MCTS, 1000},
	}
	for in, want := range good {
		got, err := ParsePlayerSpec(in)
		if err != nil || got != want {
			t.Errorf("ParsePlayerSpec(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	bad := map[string]error{
		"": ErrBadPlayer, "tree": ErrBadPlayer, "mcts:": ErrSimulations, "mcts:0": ErrSimulations,
		"mcts:-5": ErrSimulations, "mcts:1000001": ErrSimulations, "mcts:x": ErrSimulations,
	}
	for in, want := range bad {
		_, err := ParsePlayerSpec(in)
		if !errors.Is(err, want) {
			t.Errorf("ParsePlayerSpec(%q) error %v, want %v", in, err, want)
		}
	}
}

func FuzzParseCount(f *testing.F) {
	for _, s := range []string{"0", "12", "-3", "10^18", "1e18", "1e19", "+7", "2^63", "", "99999999999999999999", "0^0", "9^-1", "１２", "１０^１８", "１０＾１８", "３　"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseCount(s)
		if err != nil {
			if n != 0 {
				t.Fatalf("error with value %d", n)
			}
			if !errors.Is(err, ErrNotNumber) && !errors.Is(err, ErrNegative) && !errors.Is(err, ErrTooLarge) {
				t.Fatalf("unclassified error %v", err)
			}
			return
		}
		if n < 0 || n > MaxCount {
			t.Fatalf("ParseCount(%q) = %d out of range", s, n)
		}
		if back, err := ParseCount(strconv.FormatInt(n, 10)); err != nil || back != n {
			t.Fatalf("round trip of %d: %d, %v", n, back, err)
		}
	})
}

func FuzzParseTakeSet(f *testing.F) {
	for _, s := range []string{"1 2", "0", "", "1,3,4", "1000 1", "-1", "5 5 5", "1e3", "1;2;3", "１　２", "１，３，４", "１；２"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		set, err := ParseTakeSet(s)
		if err != nil {
			if set != nil {
				t.Fatal("error with a set")
			}
			return
		}
		if len(set) == 0 || len(set) > MaxTakeSize {
			t.Fatalf("ParseTakeSet(%q) = %v", s, set)
		}
		for i, n := range set {
			if n < 1 || n > MaxTake || (i > 0 && set[i-1] >= n) {
				t.Fatalf("ParseTakeSet(%q) = %v: not sorted distinct in range", s, set)
			}
		}
		parts := make([]string, len(set))
		for i, n := range set {
			parts[i] = strconv.FormatInt(n, 10)
		}
		if back, err := ParseTakeSet(strings.Join(parts, " ")); err != nil || !slices.Equal(back, set) {
			t.Fatalf("round trip of %v: %v, %v", set, back, err)
		}
	})
}

func FuzzParsePlayerSpec(f *testing.F) {
	for _, s := range []string{"perfect", "random", "mcts", "mcts:50", "mcts:0", "MCTS:1e6", "mcts:-1", "x", "ｍｃｔｓ：５０", "mcts：50", "ｐｅｒｆｅｃｔ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePlayerSpec(s)
		if err != nil {
			return
		}
		if p.Kind == MCTS && (p.Simulations < 1 || p.Simulations > MaxSimulations) {
			t.Fatalf("ParsePlayerSpec(%q) = %+v", s, p)
		}
		if back, err := ParsePlayerSpec(p.String()); err != nil || back != p {
			t.Fatalf("round trip of %v: %v, %v", p, back, err)
		}
	})
}
