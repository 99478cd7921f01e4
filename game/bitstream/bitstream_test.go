package bitstream

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// bitString writes buf as 0s and 1s, first bit first.
func bitString(buf []byte, n int) string {
	var b strings.Builder
	for _, x := range buf {
		fmt.Fprintf(&b, "%08b", x)
	}
	return b.String()[:n]
}

// Elias gamma codes as published: 1 → 1, 2 → 010, 3 → 011, 4 → 00100,
// 5 → 00101, 9 → 0001001.
func TestGammaCodes(t *testing.T) {
	for v, want := range map[uint64]string{1: "1", 2: "010", 3: "011", 4: "00100", 5: "00101", 9: "0001001"} {
		w := &Writer{}
		w.Gamma(v)
		if got := bitString(w.Bytes(), len(want)); got != want || len(w.Bytes()) != 1 {
			t.Errorf("gamma(%d) = %s (%d bytes), want %s", v, got, len(w.Bytes()), want)
		}
		if r := NewReader(w.Bytes()); r.Gamma(64) != v || r.Bad() || r.Pos() != len(want) {
			t.Errorf("gamma(%d) read back wrong", v)
		}
	}
}

// Most significant bit first, zero-padded to a byte.
func TestWriteOrder(t *testing.T) {
	w := &Writer{}
	w.Write(0b101, 3)
	w.Write(0b1, 1)
	w.Write(0xFF, 6) // the low six bits
	if got := bitString(w.Bytes(), 16); got != "1011111111000000" {
		t.Errorf("bits %s", got)
	}
}

// Random fields read back as written; a read past the end is bad.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	type field struct {
		v     uint64
		bits  int
		gamma bool
	}
	var fs []field
	w := &Writer{}
	for i := 0; i < 1000; i++ {
		f := field{bits: 1 + rng.IntN(64)}
		f.v = rng.Uint64() >> (64 - f.bits)
		if f.gamma = rng.IntN(3) == 0; f.gamma {
			f.v = 1 + rng.Uint64N(1<<20)
			w.Gamma(f.v)
		} else {
			w.Write(f.v, f.bits)
		}
		fs = append(fs, f)
	}
	r := NewReader(w.Bytes())
	for i, f := range fs {
		var got uint64
		if f.gamma {
			got = r.Gamma(21)
		} else {
			got = r.Read(f.bits)
		}
		if got != f.v || r.Bad() {
			t.Fatalf("field %d: %d, want %d", i, got, f.v)
		}
	}
	if 8*len(w.Bytes())-r.Pos() >= 8 {
		t.Errorf("%d bits left over", 8*len(w.Bytes())-r.Pos())
	}
	r.Read(8)
	if !r.Bad() {
		t.Error("a read past the end is not bad")
	}
	// A gamma code longer than allowed is bad.
	w = &Writer{}
	w.Gamma(1 << 10)
	if r := NewReader(w.Bytes()); r.Gamma(10) != 0 || !r.Bad() {
		t.Error("an 11-bit gamma code read with a 10-bit bound")
	}
}

// Zero has no gamma code: writing it would put every later field out of
// step, so Gamma refuses it.
func TestGammaZeroPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("Gamma(0) did not panic")
		}
	}()
	var w Writer
	w.Gamma(0)
}
