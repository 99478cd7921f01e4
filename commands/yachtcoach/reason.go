package yachtcoach

import (
	"cmp"
	"math"
	"slices"

	"github.com/alea-bot/alea/engine/yacht/finalscore"
)

// The parts of a breakdown besides the boxes, as Part.Box.
const (
	// UpperBonus is the upper bonus.
	UpperBonus = -1
	// ExtraBonus is Yahtzee's extra bonuses.
	ExtraBonus = -2
)

// Shown is the smallest difference a why names: a tenth of a point shown
// (0.05 rounds to it); anything smaller is "the same".
const Shown = 0.05

// maxGains and maxLosses bound the parts a why names.
const (
	maxGains  = 2
	maxLosses = 1
)

// Part is one part of the difference between two breakdowns.
type Part struct {
	// Box is a category index, or UpperBonus or ExtraBonus.
	Box int
	// Points is the difference of expected points (the better action's
	// less the other's).
	Points float64
	// Chance is the difference of the upper bonus's probability (Box ==
	// UpperBonus).
	Chance float64
}

// Reason is why one action beats another, in numbers: the parts where
// their breakdowns differ most.
type Reason struct {
	// Gains are the parts the better action gains most in, at least Shown
	// each, largest first (at most two).
	Gains []Part
	// Losses are the parts it gives up most, at least Shown each, largest
	// loss first (at most one).
	Losses []Part
	// Total is the difference of the expected final scores (≥ 0 when the
	// better action is the better one).
	Total float64
}

// Compare is the reason better beats other: every box's difference, the
// upper bonus's and the extra bonuses', the largest named. A part is the
// better action's expected points less the other's.
func Compare(better, other finalscore.Breakdown) Reason {
	var parts []Part
	for c := range better.Boxes {
		parts = append(parts, Part{Box: c, Points: better.Boxes[c] - other.Boxes[c]})
	}
	parts = append(parts, Part{Box: UpperBonus, Points: better.UpperBonus - other.UpperBonus, Chance: better.PUpperBonus - other.PUpperBonus},
		Part{Box: ExtraBonus, Points: better.ExtraBonus - other.ExtraBonus})
	var x Reason
	for _, p := range parts {
		x.Total += p.Points
	}
	// Largest gain first; among equals, the sheet's order.
	slices.SortStableFunc(parts, func(a, b Part) int { return cmp.Compare(b.Points, a.Points) })
	for _, p := range parts {
		if p.Points >= Shown && len(x.Gains) < maxGains {
			x.Gains = append(x.Gains, p)
		}
	}
	for i := len(parts) - 1; i >= 0; i-- {
		if p := parts[i]; p.Points <= -Shown && len(x.Losses) < maxLosses {
			x.Losses = append(x.Losses, p)
		}
	}
	return x
}

// Tie reports whether the two actions are worth the same to the
// hundredth of a point shown elsewhere.
func (x Reason) Tie() bool { return math.Round(100*math.Abs(x.Total)) == 0 }

// Same reports whether the two actions come to the same thing: worth the
// same, with no part differing by Shown (keeping all five and scoring
// them, say).
func (x Reason) Same() bool { return x.Tie() && len(x.Gains) == 0 && len(x.Losses) == 0 }

// RunnerUp is the action a why compares the best one (actions[0]) with:
// the first after it that does not come to the same thing (Same), or the
// second when every one does. It is -1 with fewer than two actions.
func RunnerUp(actions []finalscore.ActionBreakdown) int {
	if len(actions) < 2 {
		return -1
	}
	for i := 1; i < len(actions); i++ {
		if !Compare(actions[0].Breakdown, actions[i].Breakdown).Same() {
			return i
		}
	}
	return 1
}
