//go:build race

package orbs

// raceEnabled is true under the race detector, where drawing and encoding
// hundreds of pictures takes minutes: the exhaustive tests then sample
// (the run without -race checks everything).
const raceEnabled = true
