package finalscore

import (
	"math/bits"

	"github.com/alea-bot/alea/engine/yacht"
)

// TargetCost foretells the work of AdviseTarget from a sheet for a
// target, so that a caller can decline what would not finish in time.
type TargetCost struct {
	// Rows is how many rows of needs the induction runs (sixteen needs a
	// row in single precision, eight in double): its time is about
	// proportional to them, 2.5–2.8 µs a row in single precision on a
	// 2-core Intel Xeon (AVX-512).
	Rows int64
	// Bytes is the most memory the chances take at once (two fill counts),
	// before the garbage collector's headroom.
	Bytes int64
}

// EstimateTarget returns the cost of AdviseTarget(…, s, …, target) (with
// dice or without), without running it: the induction's states and the
// length of each one's chances, counted by category set rather than state
// by state, in milliseconds from an empty Yatzy sheet. A target the sheet
// already holds or cannot reach costs nothing.
func EstimateTarget(s yacht.Sheet, target int) TargetCost {
	r := s.Rules
	st := s.State()
	need := target - s.Total()
	if need <= 0 || need > MaxFinal(s)-s.Total() || st.Done(r) {
		return TargetCost{}
	}
	per, size := 8, int64(8)
	if st.Open(r) >= singleOpen {
		per, size = 16, 4
	}
	n := len(r.Categories)
	bests := bestScores(r)
	k0 := bits.OnesCount32(st.Filled)
	var upperCats, lowerCats []int
	for i := range r.Categories {
		if r.Categories[i].Kind == yacht.KindUpper {
			upperCats = append(upperCats, i)
		} else {
			lowerCats = append(lowerCats, i)
		}
	}
	var cost TargetCost
	floats := make([]int64, n+1) // the chances of each fill count
	add := func(fill, l int) {
		l = min(need, l)
		cost.Rows += int64((l + per - 1) / per)
		floats[fill] += int64(l)
	}
	// The sheet's own state is the only one of its fill count.
	add(k0, maxFutureOf(r, bests, st))
	// The upper part of every later state's best future: the open upper
	// boxes' best scores, plus the bonus for each bonus class that can
	// still earn it (levelJobs' jobs, one per class).
	type upperSet struct {
		mask  uint32
		parts []int
	}
	var uppers []upperSet
	for _, um := range subsetsOver(st.Filled, upperCats) {
		sums := openUpperSums(r, upperCats, um)
		best := 0
		for _, c := range upperCats {
			if um&(1<<uint(c)) == 0 {
				best += bests[c]
			}
		}
		var seen [130]bool
		us := upperSet{mask: um}
		for _, u := range reachableUppers(r, upperCats, st, um) {
			c := bonusClassOf(r, sums, u)
			if seen[c+2] {
				continue
			}
			seen[c+2] = true
			part := best
			if c >= 0 {
				part += r.BonusPoints
			}
			us.parts = append(us.parts, part)
		}
		uppers = append(uppers, us)
	}
	y := r.YachtIndex()
	for _, lm := range subsetsOver(st.Filled, lowerCats) {
		lower := 0
		for _, c := range lowerCats {
			if lm&(1<<uint(c)) == 0 {
				lower += bests[c]
			}
		}
		for _, us := range uppers {
			m := us.mask | lm
			fill := bits.OnesCount32(m)
			if fill == k0 || fill == n {
				continue
			}
			open := n - fill
			// The Yacht-bonus flags of levelJobs, and what each adds to
			// the best future (maxFutureOf).
			flags := []bool{false}
			if r.TracksYachtBonus() {
				switch {
				case st.IsFilled(y):
					flags = []bool{st.YachtBonus}
				case m&(1<<uint(y)) != 0:
					flags = []bool{false, true}
				}
			}
			for _, fl := range flags {
				extra := 0
				if r.ExtraYachtBonus > 0 {
					switch {
					case y >= 0 && m&(1<<uint(y)) == 0:
						extra = r.ExtraYachtBonus * (open - 1)
					case fl:
						extra = r.ExtraYachtBonus * open
					}
				}
				for _, part := range us.parts {
					add(fill, part+lower+extra)
				}
			}
		}
	}
	for f := k0; f < n; f++ {
		cost.Bytes = max(cost.Bytes, size*(floats[f]+floats[f+1]))
	}
	return cost
}

// subsetsOver lists filled plus every subset of the categories cats that
// filled leaves open.
func subsetsOver(filled uint32, cats []int) []uint32 {
	var open uint32
	for _, c := range cats {
		if filled&(1<<uint(c)) == 0 {
			open |= 1 << uint(c)
		}
	}
	var out []uint32
	for sub := open; ; sub = (sub - 1) & open {
		out = append(out, filled&catMask(cats)|sub)
		if sub == 0 {
			return out
		}
	}
}

// catMask is the mask of the categories cats.
func catMask(cats []int) uint32 {
	var m uint32
	for _, c := range cats {
		m |= 1 << uint(c)
	}
	return m
}
