//go:build unix

package yacht

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used (user and system, all
// threads), for benchmarks on a machine shared with other work, where the
// wall clock also counts the others' turns.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
