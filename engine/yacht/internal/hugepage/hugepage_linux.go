package hugepage

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// float64s maps n float64s on whole huge pages (a huge page more is
// mapped, so that they can start on one; its unused part is never
// touched, so it takes no memory) and asks for huge pages under them (an
// error there, a kernel without transparent huge pages, leaves them on
// small pages); if the mapping fails they come from the Go heap.
func float64s(n int) ([]float64, func()) {
	size := (n*8 + pageSize - 1) &^ (pageSize - 1)
	b, err := unix.Mmap(-1, 0, size+pageSize, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON)
	if err != nil {
		return make([]float64, n), func() {}
	}
	skip := int(-uintptr(unsafe.Pointer(&b[0])) & (pageSize - 1))
	_ = unix.Madvise(b[skip:skip+size], unix.MADV_HUGEPAGE)
	v := unsafe.Slice((*float64)(unsafe.Pointer(&b[skip])), n)
	return v, func() { _ = unix.Munmap(b) }
}
