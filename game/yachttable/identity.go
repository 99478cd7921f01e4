package yachttable

import "time"

// Epoch is the origin of the minutes a state counts time in.
var Epoch = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)

// MinuteBits is the size of a start time in a state: minutes since Epoch,
// enough for more than a century.
const MinuteBits = 26

// Minute returns t as minutes since Epoch, clamped to what a state holds.
func Minute(t time.Time) int {
	m := int(t.Sub(Epoch) / time.Minute)
	return max(0, min(m, 1<<MinuteBits-1))
}

// Time returns the start of minute m.
func Time(m int) time.Time { return Epoch.Add(time.Duration(m) * time.Minute) }
