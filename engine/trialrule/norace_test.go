//go:build !race

package trialrule

const raceEnabled = false
