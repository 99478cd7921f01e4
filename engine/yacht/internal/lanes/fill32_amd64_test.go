//go:build amd64 && !purego

package lanes

import (
	"math"
	"testing"

	"golang.org/x/sys/cpu"
)

// growStack deepens the goroutine's stack by about n KB, so that Go moves
// it to a larger one.
//
//go:noinline
func growStack(n int) int {
	var buf [1024]byte
	buf[n%len(buf)] = byte(n)
	if n == 0 {
		return int(buf[0])
	}
	return growStack(n-1) + int(buf[n%len(buf)])
}

// FillRows32 reads a vector that lives on a goroutine's stack where it is
// when the kernel runs, after Go has moved the stack: the source holds the
// vector's address and the shift apart, never an address computed before
// the move. Each kernel the processor runs, called directly so that the
// vector stays on the stack.
func TestFillRows32StackVector(t *testing.T) {
	for _, wide := range []bool{true, false} {
		if wide && !cpu.X86.HasAVX512F || !wide && !cpu.X86.HasAVX2 {
			continue
		}
		var v [32]float32
		for i := range v {
			v[i] = 0.5
		}
		src := [1]Shifted32{ShiftedOf(v[:], 3)}
		growStack(64)
		for i := range v {
			v[i] = float32(i) / 64
		}
		var rows [3]Row32
		fillRows32Asm(rows[:], src[:], 8, nil, nil, wide)
		for j := range Width32 {
			want := fillLane(v[:], 3, 8, j)
			if math.Float32bits(rows[0][j]) != math.Float32bits(want) {
				t.Fatalf("wide %v lane %d: %v, want %v (the vector before the stack moved, or elsewhere)", wide, j, rows[0][j], want)
			}
		}
	}
}
