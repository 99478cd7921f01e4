//go:build race

package coins

// raceEnabled shrinks the heaviest exhaustive checks under the race detector.
const raceEnabled = true
