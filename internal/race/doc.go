// Package race reports whether the binary was built with the race detector,
// so that tests can shrink their heaviest exhaustive checks under -race,
// where every memory access is many times slower. The run without -race
// still checks everything.
package race
