// Package hugepage asks the operating system to back large arrays with
// huge pages (2 MB on amd64 and arm64 Linux instead of 4 KB), so that
// walking them takes fewer page faults and address translations. It is a
// hint: contents never change, and where the system does not take it (or
// has transparent huge pages on for all memory already) nothing happens.
package hugepage

import "unsafe"

// Size is the huge page size the hint is given for.
const Size = 2 << 20

// Advise asks for huge pages under the whole 2 MB pages that v covers
// (none when it covers none); it changes no element of v.
func Advise[E any](v []E) {
	if len(v) == 0 {
		return
	}
	n := uintptr(len(v)) * unsafe.Sizeof(v[0])
	if n < Size {
		return
	}
	start := uintptr(unsafe.Pointer(&v[0]))
	lo := (start + Size - 1) &^ (Size - 1)
	hi := (start + n) &^ (Size - 1)
	if hi <= lo {
		return
	}
	advise(unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), n)[lo-start : hi-start])
}
