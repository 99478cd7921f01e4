// Package yachtcoach words why one Yacht action beats another, exactly:
// from the breakdowns of their expected final scores (what every box will
// hold at the end, the upper bonus and the extra bonuses, under best play
// afterwards; engine/yacht/finalscore), it names the boxes where the two
// differ most, in a player's terms and in English, Korean and Japanese.
// It keeps the breakdown tables the Yacht commands share (Tables) and the
// breakdown's data output (Breakdown).
package yachtcoach
