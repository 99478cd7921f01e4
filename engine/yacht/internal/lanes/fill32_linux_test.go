package lanes

import (
	"syscall"
	"testing"
	"unsafe"
)

// FillRows32 reads no page outside a vector's own (AVX-512 nothing outside
// the vector; AVX2 may read a whole 32 bytes within a page that holds an
// entry): vectors that end at the end of a page followed by an
// inaccessible one, or start at the start of a page that follows one, are
// placed from every need that reaches across their ends (a read on the
// inaccessible page would fault; the AVX2 kernel's halves that cross into
// it are read lane by lane).
func TestFillRows32StaysInsideItsVectors(t *testing.T) {
	sets := supportedSets(t)
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 3*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("no anonymous mapping:", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		t.Skip("no mprotect:", err)
	}
	if err := syscall.Mprotect(mem[2*page:], syscall.PROT_NONE); err != nil {
		t.Skip("no mprotect:", err)
	}
	floats := unsafe.Slice((*float32)(unsafe.Pointer(&mem[page])), page/4)
	for i := range floats {
		floats[i] = float32(i+1) / float32(len(floats)+1)
	}
	for _, n := range []int{1, 5, 16, 17, 40} {
		atStart, atEnd := floats[:n], floats[len(floats)-n:]
		for g := -40; g <= 40; g++ {
			for n0 := -20; n0 <= 60; n0 += 3 {
				checkFill(t, sets, [][]float32{atStart, atEnd}, []int{g, g}, n0, []uint8{0, 1}, []uint8{1, 0})
			}
		}
	}
}
