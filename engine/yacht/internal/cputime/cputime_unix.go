//go:build unix

// Package cputime measures the CPU time of the process, for the Yacht
// benchmarks on a machine shared with other work.
package cputime

import (
	"syscall"
	"time"
)

// Process returns the CPU time the process has used (user and system, all
// threads), for benchmarks on a machine shared with other work, where the
// wall clock also counts the others' turns.
func Process() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
