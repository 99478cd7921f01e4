// Package regression holds Alea's regression values: numbers taken from
// Alea's own output and written down once, so that tests notice when a
// change moves them. They are not evidence that the output is right. The
// evidence is elsewhere, beside the tests that use it: brute force on small
// cases, the sources' printed tables and the published values listed in
// docs/sources.md (Verhoeff's 254.5896, Larsson & Sjöberg's 248.63, the
// trial-rule paper's tables).
package regression

// StartTolerance is how far a start value may move before a test fails: the
// values below are rounded to six decimals.
const StartTolerance = 5e-7

// Start values: the expected final score under optimal play from an empty
// sheet (a Yacht table's start value), by rule set, as the solver of
// engine/yacht/strategy computed them.
const (
	// YachtStart is the start value of the yacht preset (12 categories, +35
	// at 63, the rules of the exact Yacht strategy). No published value
	// exists for these rules.
	YachtStart = 191.760880
	// YachtFullHouseYachtStart is the start value of yacht with five equal
	// dice also scoring as a Full House.
	YachtFullHouseYachtStart = 191.774369
	// PanchtStart is the start value of the pancht preset (13 categories);
	// the Pancht AI post's heuristic, which it must beat, averaged 205.695.
	PanchtStart = 218.821368
	// YahtzeeStart is the start value of the yahtzee preset with the official
	// forced-joker rule; the published 254.5896 is for the free-joker reading.
	YahtzeeStart = 254.587729
	// YatzyStart is the start value of the yatzy preset (Two Pairs needs two
	// different pairs); the published 248.63 is for the lenient reading.
	YatzyStart = 248.439989
)
