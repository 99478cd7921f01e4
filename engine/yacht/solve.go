package yacht

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// Table holds seed 001's Ẽ(s) — the expected score still to come under
// optimal play, bonuses included — for every reachable class of sheets
// (filled categories, upper total capped at the bonus threshold[, Yacht-bonus
// flag]). A Table is immutable and safe for concurrent use.
type Table struct {
	rules    *Rules
	sol      *solver
	ev       []float64
	computed int // number of states whose value was computed
}

// solver is the rule set compiled for the inner loops.
type solver struct {
	r         *Rules
	n         int
	threshold int
	bonus     int
	flagBits  uint
	pts       [][NumPatterns]int16
	face      []int // upper face of category i, 0 for the lower section
	upperCats []int
	yacht     int
	// special is set when five equal dice can score differently from
	// PointsFor (jokers, extra bonuses).
	special bool
	// reach[m] is the bitset of capped upper totals reachable when the
	// upper categories with bits m (bit j = upperCats[j]) are filled.
	reach []uint64
	// faceCount[f][w] is how many dice of pattern w show face f+1.
	faceCount [6][NumPatterns]uint8
	// yachtPattern[f] is the pattern index of five dice showing f+1.
	yachtPattern [6]int
}

func compile(r *Rules) (*solver, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	s := &solver{r: r, n: len(r.Categories), threshold: r.BonusThreshold, bonus: r.BonusPoints, yacht: r.yachtIndex()}
	if r.hasFlag() {
		s.flagBits = 1
	}
	s.special = r.ExtraYachtBonus != 0 || r.Joker != NoJoker
	s.pts = make([][NumPatterns]int16, s.n)
	s.face = make([]int, s.n)
	for i := range r.Categories {
		c := &r.Categories[i]
		for w := 0; w < NumPatterns; w++ {
			s.pts[i][w] = int16(c.PointsFor(Pattern(w)))
		}
		if c.Kind == KindUpper {
			s.face[i] = c.Face
			s.upperCats = append(s.upperCats, i)
		}
	}
	s.reach = make([]uint64, 1<<len(s.upperCats))
	for m := range s.reach {
		set := uint64(1)
		for j, ci := range s.upperCats {
			if m&(1<<j) == 0 {
				continue
			}
			f := s.face[ci]
			var next uint64
			for u := 0; u <= 63; u++ {
				if set&(1<<u) == 0 {
					continue
				}
				for k := 0; k <= NumDice; k++ {
					next |= 1 << min(s.threshold, u+k*f)
				}
			}
			set = next
		}
		s.reach[m] = set
	}
	for w := 0; w < NumPatterns; w++ {
		for f := 0; f < 6; f++ {
			s.faceCount[f][w] = Pattern(w)[f]
		}
	}
	for f := 0; f < 6; f++ {
		var c Counts
		c[f] = NumDice
		s.yachtPattern[f] = int(space.index[c]) - firstPattern
	}
	return s, nil
}

func (s *solver) size() int { return (1 << s.n) << 6 << s.flagBits }

// index maps a state to its slot in the table.
func (s *solver) index(filled uint32, upper int, flag bool) int {
	u := min(upper, s.threshold)
	i := (int(filled)<<6 | u) << s.flagBits
	if flag && s.flagBits != 0 && s.yacht >= 0 && filled&(1<<uint(s.yacht)) != 0 {
		i |= 1
	}
	return i
}

func (s *solver) reachable(filled uint32) uint64 {
	m := 0
	for j, ci := range s.upperCats {
		if filled&(1<<uint(ci)) != 0 {
			m |= 1 << j
		}
	}
	return s.reach[m]
}

// scratch holds one worker's buffers, so the inner loops never allocate.
type scratch struct {
	e3   [NumPatterns]float64
	kv   [NumKeeps]float64
	mv   [NumKeeps]float64
	opts []Scoring
}

// fillE3 computes Ẽ3(s, ω) for every pattern ω: the best over open
// categories c of Ẽ(s ∪ (c ↦ σ_c(ω))) + σ̃(s, c ↦ σ_c(ω)).
func (s *solver) fillE3(ev []float64, st State, sc *scratch) {
	e3 := &sc.e3
	for w := range e3 {
		e3[w] = math.Inf(-1)
	}
	u := min(st.Upper, s.threshold)
	for i := 0; i < s.n; i++ {
		bit := uint32(1) << uint(i)
		if st.Filled&bit != 0 {
			continue
		}
		next := st.Filled | bit
		pts := &s.pts[i]
		if f := s.face[i]; f != 0 {
			// The points take only six values (0..5 dice showing f).
			var byCount [NumDice + 1]float64
			for n := 0; n <= NumDice; n++ {
				p := n * f
				v := float64(p)
				if u < s.threshold && u+p >= s.threshold {
					v += float64(s.bonus)
				}
				byCount[n] = v + ev[s.index(next, u+p, st.YachtBonus)]
			}
			cnt := &s.faceCount[f-1]
			for w := 0; w < NumPatterns; w++ {
				e3[w] = max(e3[w], byCount[cnt[w]])
			}
			continue
		}
		base := ev[s.index(next, u, st.YachtBonus)]
		if i == s.yacht && s.flagBits != 0 {
			withFlag := ev[s.index(next, u, true)]
			for w := 0; w < NumPatterns; w++ {
				p := int(pts[w])
				v := float64(p) + base
				if p > 0 {
					v = float64(p) + withFlag
				}
				e3[w] = max(e3[w], v)
			}
			continue
		}
		for w := 0; w < NumPatterns; w++ {
			e3[w] = max(e3[w], float64(pts[w])+base)
		}
	}
	if s.special && s.yacht >= 0 && st.IsFilled(s.yacht) {
		for f := 0; f < 6; f++ {
			w := s.yachtPattern[f]
			sc.opts = s.r.appendScorings(sc.opts[:0], st, Pattern(w))
			best := math.Inf(-1)
			for _, o := range sc.opts {
				v := float64(o.Gain()) + ev[s.stateIndex(s.r.Next(st, o))]
				if v > best {
					best = v
				}
			}
			e3[w] = best
		}
	}
}

func (s *solver) stateIndex(st State) int { return s.index(st.Filled, st.Upper, st.YachtBonus) }

// rollBack runs E2' → E2 → E1' → E1 → Ẽ from sc.e3. Seed 001's
// Ẽ'k(s, ω') = Σ_{τ ≥ ω'} P(τ − ω') Ẽk+1(s, τ) is evaluated one die at a
// time: rolling the 5−|ω'| free dice is rolling one die and then the rest, so
// Ẽ'(ω') = (1/6) Σ_f Ẽ'(ω' + f), which gives exactly the multinomial weights
// with 6 additions per keep instead of one per outcome. Ẽk(s, ω) =
// max_{τ' ≤ ω} Ẽ'k(s, τ') is likewise a running maximum over "ω minus one
// die". The direct multinomial sums are used by Advice and checked against
// this in the tests.
func rollBack(sc *scratch) float64 {
	kv, mv := &sc.kv, &sc.mv
	copy(kv[firstPattern:], sc.e3[:])
	for pass := 0; pass < 2; pass++ {
		averageKeeps(kv)
		maxOverSubKeeps(kv, mv)
		copy(kv[firstPattern:], mv[firstPattern:])
	}
	sum := 0.0
	for w := 0; w < NumPatterns; w++ {
		sum += space.prob[w] * kv[firstPattern+w]
	}
	return sum
}

// averageKeeps fills kv for every keep smaller than five dice from the
// values of the five-dice patterns.
func averageKeeps(kv *[NumKeeps]float64) {
	for k := firstPattern - 1; k >= 0; k-- {
		c := &space.child[k]
		kv[k] = (kv[c[0]] + kv[c[1]] + kv[c[2]] + kv[c[3]] + kv[c[4]] + kv[c[5]]) / 6
	}
}

// maxOverSubKeeps sets mv[k] = max over keeps k' ≤ k of kv[k'].
func maxOverSubKeeps(kv, mv *[NumKeeps]float64) {
	for k := 0; k < NumKeeps; k++ {
		v := kv[k]
		for _, j := range space.subs[k].list[:space.subs[k].n] {
			v = max(v, mv[j])
		}
		mv[k] = v
	}
}

// Build computes the table for rules r by backward induction over the fill
// count, in parallel over the states of equal fill count (which depend only on
// states with one more category filled). It returns ctx.Err() if ctx ends
// first.
func Build(ctx context.Context, r *Rules) (*Table, error) { return build(ctx, r, 0) }

// BuildEndGame computes only the states with at most maxOpen open
// categories, which is fast; every other state reads 0. It serves end-game
// questions and tests that cannot afford a full build (under -race).
func BuildEndGame(ctx context.Context, r *Rules, maxOpen int) (*Table, error) {
	return build(ctx, r, max(0, len(r.Categories)-maxOpen))
}

// build computes the values of every state with at least minFill categories
// filled (minFill 0: the whole table).
func build(ctx context.Context, r *Rules, minFill int) (*Table, error) {
	s, err := compile(r)
	if err != nil {
		return nil, err
	}
	t := &Table{rules: r, sol: s, ev: make([]float64, s.size())}
	workers := runtime.GOMAXPROCS(0)
	masksByFill := make([][]uint32, s.n+1)
	for m := uint32(0); m < 1<<uint(s.n); m++ {
		c := bits.OnesCount32(m)
		masksByFill[c] = append(masksByFill[c], m)
	}
	var computed atomic.Int64
	done := ctx.Done()
	for fill := s.n - 1; fill >= minFill; fill-- {
		masks := masksByFill[fill]
		var next atomic.Int64
		var wg sync.WaitGroup
		var stopped atomic.Bool
		for wk := 0; wk < workers; wk++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sc := &scratch{opts: make([]Scoring, 0, 32)}
				n := 0
				for {
					j := int(next.Add(1) - 1)
					if j >= len(masks) {
						break
					}
					select {
					case <-done:
						stopped.Store(true)
						return
					default:
					}
					m := masks[j]
					reach := s.reachable(m)
					flags := 1
					if s.flagBits != 0 && s.yacht >= 0 && m&(1<<uint(s.yacht)) != 0 {
						flags = 2
					}
					for u := 0; u <= s.threshold; u++ {
						if reach&(1<<uint(u)) == 0 {
							continue
						}
						for fl := 0; fl < flags; fl++ {
							st := State{Filled: m, Upper: u, YachtBonus: fl == 1}
							s.fillE3(t.ev, st, sc)
							t.ev[s.stateIndex(st)] = rollBack(sc)
							n++
						}
					}
				}
				computed.Add(int64(n))
			}()
		}
		wg.Wait()
		if stopped.Load() {
			return nil, ctx.Err()
		}
	}
	t.computed = int(computed.Load())
	return t, nil
}

// Rules returns the rule set of the table.
func (t *Table) Rules() *Rules { return t.rules }

// States returns the number of states whose value the table holds (the
// reachable classes with at least one open category).
func (t *Table) States() int { return t.computed }

// Bytes returns the memory held by the values.
func (t *Table) Bytes() int { return 8 * len(t.ev) }

// Value returns Ẽ(st): the expected score still to come from the start of a
// turn in state st under optimal play, bonuses included (0 when the sheet is
// full).
func (t *Table) Value(st State) float64 { return t.ev[t.sol.stateIndex(st)] }

// Start returns the expected final score of a whole game under optimal play.
func (t *Table) Start() float64 { return t.Value(State{}) }

// checkState rejects states the table cannot hold.
func (t *Table) checkState(st State) error {
	if st.Filled>>uint(t.sol.n) != 0 {
		return fmt.Errorf("yacht: state has categories beyond the %d of %s", t.sol.n, t.rules.Key)
	}
	if st.Upper < 0 {
		return fmt.Errorf("yacht: negative upper total")
	}
	return nil
}
