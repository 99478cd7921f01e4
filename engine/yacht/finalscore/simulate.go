package finalscore

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/parallel"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// Simulation is the outcome of games played to the end by the optimal policy
// of a strategy.Table (the exact Yacht strategy: the keep maximising Ẽ'1 and Ẽ'2, the
// category maximising Ẽ3), from one sheet at the start of a turn.
type Simulation struct {
	// Games is the number of games played.
	Games int
	// Finals holds each game's final total (bonuses included), in game
	// order.
	Finals []int
	// UpperBonus counts the games that ended with the upper bonus.
	UpperBonus int
	// Yacht counts the games whose Yacht box held its points at the end
	// (at least one Yacht scored in the Yacht box).
	Yacht int
}

// Mean is the average final total.
func (s Simulation) Mean() float64 {
	if s.Games == 0 {
		return math.NaN()
	}
	sum := 0.0
	for _, f := range s.Finals {
		sum += float64(f)
	}
	return sum / float64(s.Games)
}

// StdDev is the sample standard deviation of the final totals.
func (s Simulation) StdDev() float64 {
	if s.Games < 2 {
		return math.NaN()
	}
	m := s.Mean()
	ss := 0.0
	for _, f := range s.Finals {
		d := float64(f) - m
		ss += d * d
	}
	return math.Sqrt(ss / float64(s.Games-1))
}

// StdErr is the standard error of Mean: StdDev/√Games.
func (s Simulation) StdErr() float64 { return s.StdDev() / math.Sqrt(float64(s.Games)) }

// Quantile returns the q-quantile (0 ≤ q ≤ 1) of the final totals: the
// smallest total t with at least a fraction q of the games at or below t.
func (s Simulation) Quantile(q float64) int {
	if s.Games == 0 {
		return 0
	}
	sorted := append([]int(nil), s.Finals...)
	sort.Ints(sorted)
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

// simChunk is the number of games one random stream plays; chunk c uses the
// stream PCG(seed, c), so the results do not depend on the number of workers.
const simChunk = 64

// Simulate plays games games of optimal play from sheet s (at the start of a
// turn) with dice drawn from a PCG generator seeded by seed, in parallel.
// The same sheet, count and seed give the same Simulation. If ctx ends
// first, it returns the games of the chunks finished in order so far with
// ctx.Err().
func Simulate(ctx context.Context, t *strategy.Table, s yacht.Sheet, games int, seed uint64) (Simulation, error) {
	st, err := t.SheetState(s)
	if err != nil {
		return Simulation{}, err
	}
	if games < 0 {
		return Simulation{}, fmt.Errorf("finalscore: %d games", games)
	}
	chunks := (games + simChunk - 1) / simChunk
	type result struct {
		finals       []int
		bonus, yacht int
		done         bool
	}
	results := make([]result, chunks)
	workers := runtime.GOMAXPROCS(0)
	players := make([]*player, workers)
	for w := range players {
		players[w] = &player{t: t, opts: make([]yacht.Scoring, 0, 32)}
	}
	// A stop by ctx leaves chunks undone: the sum below takes the finished
	// ones in order and reports ctx.Err() itself.
	_ = parallel.ForEach(ctx, workers, chunks, func(w, c int) {
		p := players[w]
		rng := rand.New(rand.NewPCG(seed, uint64(c)))
		n := min(simChunk, games-c*simChunk)
		res := result{finals: make([]int, n)}
		for g := 0; g < n; g++ {
			final, gst := p.play(rng, st, s.Total())
			res.finals[g] = final
			if gst.Upper >= t.Rules().BonusThreshold {
				res.bonus++
			}
			if gst.YachtBonus {
				res.yacht++
			}
		}
		res.done = true
		results[c] = res
	})
	var sim Simulation
	for _, r := range results {
		if !r.done {
			break
		}
		sim.Finals = append(sim.Finals, r.finals...)
		sim.UpperBonus += r.bonus
		sim.Yacht += r.yacht
	}
	sim.Games = len(sim.Finals)
	if sim.Games < games {
		return sim, ctx.Err()
	}
	return sim, nil
}

// player plays games by the table's optimal policy.
type player struct {
	t *strategy.Table
	// k1 and k2 hold Ẽ'1 and Ẽ'2 of every keep for the current state.
	k1, k2 [yacht.NumKeeps]float64
	opts   []yacht.Scoring
}

// roll adds n random dice to keep k and returns the pattern index reached.
func roll(rng *rand.Rand, k, n int) int {
	for ; n > 0; n-- {
		k = int(space.Child[k][rng.IntN(6)])
	}
	return k - firstPattern
}

// bestKeep returns the keep ≤ pattern w with the largest value in kv; ties
// within TieTolerance go to the smaller keep, as Table.Advise lists them and
// Of plays them.
func bestKeep(w int, kv *[yacht.NumKeeps]float64) int {
	best, bv := -1, math.Inf(-1)
	for i := space.PatternKeepStart[w]; i < space.PatternKeepStart[w+1]; i++ {
		k := int(space.PatternKeeps[i])
		if best < 0 || kv[k] > bv+TieTolerance || kv[k] >= bv-TieTolerance && keepBefore(k, best) {
			best, bv = k, kv[k]
		}
	}
	return best
}

// play finishes one game from state st with total points on the sheet and
// returns the final total and state.
func (p *player) play(rng *rand.Rand, st yacht.State, total int) (int, yacht.State) {
	t := p.t
	r := t.Rules()
	for !st.Done(r) {
		t.KeepValues(st, &p.k1, &p.k2)

		w := roll(rng, 0, yacht.NumDice)
		k := bestKeep(w, &p.k1)
		w = roll(rng, k, yacht.NumDice-int(space.Size[k]))
		k = bestKeep(w, &p.k2)
		w = roll(rng, k, yacht.NumDice-int(space.Size[k]))

		p.opts = r.AppendScorings(p.opts[:0], st, yacht.Pattern(w))
		best, bv := p.opts[0], math.Inf(-1)
		for _, o := range p.opts {
			if v := float64(o.Gain()) + t.Value(r.Next(st, o)); v > bv {
				best, bv = o, v
			}
		}
		total += best.Gain()
		st = r.Next(st, best)
	}
	return total, st
}
