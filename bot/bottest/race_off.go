//go:build !race

package bottest

// RaceEnabled is false without the race detector: every example runs.
const RaceEnabled = false
