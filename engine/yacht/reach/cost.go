package reach

import (
	"math/bits"
	"unsafe"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/bonus"
)

// Cost foretells the work of Advise from a sheet for a
// target, so that a caller can decline what would not finish in time.
type Cost struct {
	// Rows is how many rows of needs the induction runs (sixteen needs a
	// row in single precision, eight in double): its time is about
	// proportional to them, 2.5–3.3 µs a row in single precision on a
	// 2-core Intel Xeon (AVX-512).
	Rows int64
	// Bytes is the most memory the chances take at once (two fill counts),
	// before the garbage collector's headroom.
	Bytes int64
	// States is how many states the induction lists (every fill count's,
	// listed before it starts), whose lists and indexes take memory too.
	States int64
	// Kept is the memory of the Solution from the sheet (every fill
	// count's chances in single precision, before the tails the
	// induction drops, and each state's header, key and index), as
	// Solution.Bytes counts it.
	Kept int64
}

// Estimate returns the cost of Advise(…, s, …, target) (with
// dice or without), without running it: the induction's states and the
// needs each one keeps on the way to the target, counted by category set
// rather than state by state, in milliseconds from an empty Yatzy sheet.
// A target the sheet already holds or cannot reach costs nothing. The
// cost is not monotone in the target: a state keeps the needs between
// the target less the most and the fewest points it can have gained, so
// the work peaks at a middling target and falls toward both ends.
func Estimate(s yacht.Sheet, target int) Cost {
	r, st, need, per, size, ok := costBasis(s, target)
	if !ok {
		return Cost{}
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
	var cost Cost
	floats := make([]int64, n+1) // the chances of each fill count
	// add counts a job: its best future top and the points its class can
	// have gained since the sheet, lo to hi (jobNeeds' span).
	add := func(fill, top, lo, hi int) {
		first, last := max(1, need-hi), min(need, top, need-lo)
		if last < first {
			return
		}
		l := last - first + 1
		cost.Rows += int64((l + per - 1) / per)
		floats[fill] += int64(l)
	}
	// The sheet's own state is the only one of its fill count.
	add(k0, maxFutureOf(r, bests, st), 0, 0)
	cost.States = 1
	// The upper part of every later state's job (levelJobs' jobs, one per
	// bonus class): the open upper boxes' best scores, plus the bonus
	// when the class can still earn it, and the points the upper boxes
	// can have gained since the sheet over the class's totals (gainBounds).
	type upperJob struct{ future, lo, hi, states int }
	type upperSet struct {
		mask uint32
		jobs []upperJob
	}
	t, su := r.BonusThreshold, min(st.Upper, r.BonusThreshold)
	var uppers []upperSet
	for _, um := range subsetsOver(st.Filled, upperCats) {
		sums := bonus.OpenSums(r, upperCats, um)
		best, filledBest := 0, 0
		for _, c := range upperCats {
			switch {
			case um&(1<<uint(c)) == 0:
				best += bests[c]
			case !st.IsFilled(c):
				filledBest += bests[c]
			}
		}
		var class [130]int // 1 + the class's job in us.jobs
		us := upperSet{mask: um}
		for _, u := range bonus.Reachable(r, upperCats, st, um) {
			c := bonus.ClassOf(r, sums, u)
			var lo, hi int
			switch {
			case u < t:
				lo, hi = u-su, u-su
			case su >= t:
				lo, hi = 0, filledBest
			default:
				lo, hi = t-su+r.BonusPoints, filledBest+r.BonusPoints
			}
			if class[c+2] == 0 {
				future := best
				if c >= 0 {
					future += r.BonusPoints
				}
				us.jobs = append(us.jobs, upperJob{future, lo, hi, 1})
				class[c+2] = len(us.jobs)
				continue
			}
			j := &us.jobs[class[c+2]-1]
			j.lo, j.hi = min(j.lo, lo), max(j.hi, hi)
			j.states++
		}
		uppers = append(uppers, us)
	}
	y := r.YachtIndex()
	for _, lm := range subsetsOver(st.Filled, lowerCats) {
		future, lo, hi := 0, 0, 0
		for _, c := range lowerCats {
			switch {
			case lm&(1<<uint(c)) == 0:
				future += bests[c]
			case !st.IsFilled(c):
				lo += r.PossibleScores(c)[0]
				hi += bests[c]
			}
		}
		for _, us := range uppers {
			m := us.mask | lm
			fill := bits.OnesCount32(m)
			if fill == k0 || fill == n {
				continue
			}
			open := n - fill
			// The Yacht-bonus flags of levelJobs, what each adds to the
			// best future (maxFutureOf) and to the points gained since
			// the sheet (gainBounds).
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
				extra, gained := 0, 0
				if r.ExtraYachtBonus > 0 {
					switch {
					case y >= 0 && m&(1<<uint(y)) == 0:
						extra = r.ExtraYachtBonus * (open - 1)
					case fl:
						extra = r.ExtraYachtBonus * open
					}
					if fl {
						turns := fill - k0
						if !st.YachtBonus {
							turns--
						}
						gained = r.ExtraYachtBonus * max(turns, 0)
					}
				}
				for _, j := range us.jobs {
					add(fill, j.future+future+extra, j.lo+lo, j.hi+hi+gained)
					cost.States += int64(j.states)
				}
			}
		}
	}
	var all int64
	for f := k0; f < n; f++ {
		cost.Bytes = max(cost.Bytes, size*(floats[f]+floats[f+1]))
		all += floats[f]
	}
	// Each state's entry (vector, offset and leading ones) and key, the
	// unused ends of the blocks the vectors are taken from (at most an
	// eighth, see slabBlock); the index of a level: 4 bytes a category
	// set the rules have, and a block of 128 slots (512 bytes) for each
	// set the level holds, twice over for the room the blocks grow by.
	sets := int64(1) << uint(n-k0)
	cost.Kept = 4*all + 4*all/8 + cost.States*(int64(unsafe.Sizeof(levelEntry[float32]{}))+4) + 4*int64(n-k0)<<uint(n) + 2*512*sets
	return cost
}

// costBasis is what the cost of a target from s rests on: the rules, the
// state, the points needed, the needs in a row and the bytes of a chance
// (double below singleOpen open boxes, single from there); false when
// nothing is computed (the target is held, out of reach, or the sheet is
// full).
func costBasis(s yacht.Sheet, target int) (r *yacht.Rules, st yacht.State, need, per int, size int64, ok bool) {
	r, st = s.Rules, s.State()
	need = target - s.Total()
	if need <= 0 || need > MaxFinal(s)-s.Total() || st.Done(r) {
		return r, st, need, 0, 0, false
	}
	if st.Open(r) >= singleOpen {
		return r, st, need, 16, 4, true
	}
	return r, st, need, 8, 8, true
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
