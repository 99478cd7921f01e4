//go:build race

package yacht

// raceEnabled shrinks the heaviest checks when the race detector slows
// every memory access down.
const raceEnabled = true
