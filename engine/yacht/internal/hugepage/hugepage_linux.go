package hugepage

import "golang.org/x/sys/unix"

// advise gives the hint for b, which starts and ends on huge page
// boundaries; an error (a kernel without transparent huge pages) leaves
// the memory as it was.
func advise(b []byte) { _ = unix.Madvise(b, unix.MADV_HUGEPAGE) }
