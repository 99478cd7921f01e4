//go:build !race

package yacht

const raceEnabled = false
