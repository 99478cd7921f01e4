// Package bonus is the arithmetic of the upper bonus that the solvers
// beyond the expectation share: which capped upper totals a set of filled
// boxes can reach from a state ([Reachable]), and which upper totals have
// the same future ([Class]: the totals of one class earn the bonus on
// exactly the same later scores, so every later decision and chance is
// the same for them).
package bonus

import "github.com/alea-bot/alea/engine/yacht"

// Reachable lists, ascending, the upper totals (capped at the bonus
// threshold) that a state with the boxes of mask m filled can hold after
// st: st's own (capped), plus any points the upper boxes of upperCats (the
// rules' upper boxes, in sheet order) filled in m but open in st can
// score.
func Reachable(r *yacht.Rules, upperCats []int, st yacht.State, m uint32) []int {
	set := uint64(1) << uint(min(st.Upper, r.BonusThreshold))
	for _, c := range upperCats {
		if st.IsFilled(c) || m&(1<<uint(c)) == 0 {
			continue
		}
		f := r.Categories[c].Face
		var nx uint64
		for u := 0; u <= r.BonusThreshold; u++ {
			if set&(1<<uint(u)) == 0 {
				continue
			}
			for k := 0; k <= yacht.NumDice; k++ {
				nx |= 1 << uint(min(r.BonusThreshold, u+k*f))
			}
		}
		set = nx
	}
	var out []int
	for u := 0; u <= r.BonusThreshold; u++ {
		if set&(1<<uint(u)) != 0 {
			out = append(out, u)
		}
	}
	return out
}

// Class groups the upper totals u of mask m by what the open upper boxes
// (those of upperCats that m leaves open) can still do with them: -1 when
// the bonus is earned, -2 when it can no longer be earned, otherwise the
// smallest sum of the open upper boxes that would earn it (at most 127).
// Upper totals of one class have the same future.
func Class(r *yacht.Rules, upperCats []int, m uint32, u int) int {
	return ClassOf(r, OpenSums(r, upperCats, m), u)
}

// Sums is a set of sums of the open upper boxes, 0 … 127, a bit each.
type Sums [2]uint64

// OpenSums is the set of sums the upper boxes of upperCats open in mask m
// can still make.
func OpenSums(r *yacht.Rules, upperCats []int, m uint32) Sums {
	var sums Sums
	sums[0] = 1
	for _, c := range upperCats {
		if m&(1<<uint(c)) != 0 {
			continue
		}
		f := r.Categories[c].Face
		var nx Sums
		for x := 0; x < 128; x++ {
			if sums[x/64]&(1<<uint(x%64)) == 0 {
				continue
			}
			for k := 0; k <= yacht.NumDice && x+k*f < 128; k++ {
				y := x + k*f
				nx[y/64] |= 1 << uint(y%64)
			}
		}
		sums = nx
	}
	return sums
}

// ClassOf is Class for upper total u, given the sums the open upper boxes
// can make (OpenSums).
func ClassOf(r *yacht.Rules, sums Sums, u int) int {
	if u >= r.BonusThreshold {
		return -1
	}
	for x := r.BonusThreshold - u; x < 128; x++ {
		if sums[x/64]&(1<<uint(x%64)) != 0 {
			return x
		}
	}
	return -2
}
