//go:build !unix

// Package cputime measures the CPU time of the process, for the Yacht
// benchmarks on a machine shared with other work.
package cputime

import "time"

// Process returns false: the CPU time is not measured here.
func Process() (time.Duration, bool) { return 0, false }
