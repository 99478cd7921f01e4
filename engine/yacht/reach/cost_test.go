package reach

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/alea-bot/alea/engine/yacht"
)

// targetCostByJobs is Estimate counted from the induction's own
// lists of jobs and their needs (levelJobs and jobNeeds, as targetLevels
// makes them), job by job.
func targetCostByJobs(s yacht.Sheet, target int) Cost {
	r, st, need, per, size, ok := costBasis(s, target)
	if !ok {
		return Cost{}
	}
	n := len(r.Categories)
	k0 := bits.OnesCount32(st.Filled)
	var upperCats []int
	for i := range r.Categories {
		if r.Categories[i].Kind == yacht.KindUpper {
			upperCats = append(upperCats, i)
		}
	}
	byFill := masksByFill(n, st.Filled)
	bests := bestScores(r)
	gained := newGainBounds(r, st)
	var cost Cost
	floats := make([]int64, n+1)
	for fill := k0; fill < n; fill++ {
		jobs, keys := levelJobs(r, upperCats, st, fill, byFill[fill])
		cost.States += int64(len(keys))
		for _, span := range jobNeeds(r, bests, gained, jobs, keys, need, true) {
			cost.Rows += int64((span.n + per - 1) / per)
			floats[fill] += int64(span.n)
		}
	}
	for f := k0; f < n; f++ {
		cost.Bytes = max(cost.Bytes, size*(floats[f]+floats[f+1]))
	}
	return cost
}

// randomSheet fills open boxes of a rule set at random (each with one of
// its possible scores, a Yacht box with points now and then, and extra
// bonuses where they could have been earned), leaving open of them open.
func randomSheet(rng *rand.Rand, r *yacht.Rules, open int) yacht.Sheet {
	s := yacht.NewSheet(r)
	order := rng.Perm(len(r.Categories))
	for _, i := range order[:len(r.Categories)-open] {
		ps := r.PossibleScores(i)
		s.Scores[i] = ps[rng.IntN(len(ps))]
	}
	if y := r.YachtIndex(); y >= 0 && s.Scores[y] > 0 && r.ExtraYachtBonus > 0 && rng.IntN(2) == 0 {
		s.ExtraBonus = r.ExtraYachtBonus
	}
	return s
}

// The estimate, counted set by set, is the count of the induction's own
// jobs, row for row and byte for byte, on every rule set, from empty,
// early and late sheets (the upper bonus open, earned or lost, the Yacht
// box open, scratched or holding points) and for low, middling and the
// highest targets.
func TestEstimateTargetCountsTheInductionsJobs(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, name := range yacht.PresetNames() {
		r := mustPreset(t, name)
		for trial := 0; trial < 24; trial++ {
			open := 1 + rng.IntN(min(len(r.Categories), 11))
			s := randomSheet(rng, r, open)
			if trial == 0 {
				s = yacht.NewSheet(r)
				if len(r.Categories) > 11 {
					s = randomSheet(rng, r, 11) // the empty sheet's count is slow by jobs
				}
			}
			top := MaxFinal(s)
			for _, target := range []int{s.Total() + 1, s.Total() + 40, (s.Total() + top) / 2, top, top + 1, s.Total()} {
				want := targetCostByJobs(s, target)
				got := Estimate(s, target)
				// Kept is checked against the memory a solution really
				// keeps (TestTargetSolutionAnswersLaterSheets).
				got.Kept = 0
				if got != want {
					t.Fatalf("%s, %d open, target %d (total %d): estimate %+v, jobs %+v", name, open, target, s.Total(), got, want)
				}
			}
		}
	}
}

// BenchmarkEstimateTarget: the cost of a target from the empty sheet of
// the largest rule sets, which /yacht-advise asks before it computes.
func BenchmarkEstimateTarget(b *testing.B) {
	for _, name := range []string{yacht.Yatzy, yacht.Yahtzee} {
		r := mustPreset(b, name)
		s := yacht.NewSheet(r)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				Estimate(s, 250)
			}
		})
	}
}
