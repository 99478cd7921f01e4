//go:build race

package trialrule

// raceEnabled shrinks the random property tests under the race detector.
const raceEnabled = true
