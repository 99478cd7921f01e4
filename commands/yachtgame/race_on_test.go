//go:build race

package yachtgame

const raceEnabled = true
