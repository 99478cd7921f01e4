//go:build race

package bottest

// RaceEnabled is true under the race detector, where start-up tables take
// minutes to build: tests then skip commands that need them (their
// packages test them; the non-race run answers every example).
const RaceEnabled = true
