package strategy

import (
	"math"
	"math/bits"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/lanes"
)

// batch is one worker's buffers for solving the classes of a category set
// lanes.Width at a time; the inner loops never allocate.
type batch struct {
	*batchRows
	// points[k] is, per class, the value of scoring the k-th point value of
	// a lower category (solver.pointValues) and then the next state.
	points  []lanes.Row
	classes []yacht.State
	// solve and same split classes into those computed and those equal to
	// the class below them.
	solve, same []yacht.State
	opts        []yacht.Scoring
}

// maxCategories bounds the categories of a rule set (see Rules.Validate).
const maxCategories = 16

// batchRows holds the rows the kernels read, on 64-byte lines
// (lanes.Aligned).
type batchRows struct {
	// kv[k] is, per class, the value of keep k; the last NumPatterns keeps
	// (the patterns) start as Ẽ3.
	kv [yacht.NumKeeps]lanes.Row
	// upper[j][n] is the value of scoring n dice of upper category j's face
	// (points, bonus and the next state); lower[i] the value of the next state
	// after lower category i.
	upper [6][yacht.NumDice + 1]lanes.Row
	lower [maxCategories]lanes.Row
	// withFlag is the next state's value after a Yacht scored in the Yacht
	// box, for rules with the Yacht-bonus flag.
	withFlag lanes.Row
}

func newBatch() *batch {
	return &batch{batchRows: lanes.Aligned[batchRows](), opts: make([]yacht.Scoring, 0, 32)}
}

// solveClasses computes Ẽ for the classes of category set m (listed by
// appendClasses) into ev. Classes with the same bonus key and flag have the
// same value (see bonusKey): one of each is computed, lanes.Width at a time
// (a partial last batch repeats its last class in the unused lanes), and
// the others copy it.
func (s *solver) solveClasses(ev []float64, m uint32, classes []yacht.State, b *batch) {
	b.solve, b.same = s.splitByKey(m, classes, b.solve[:0], b.same[:0])
	var sts [lanes.Width]yacht.State
	for c := 0; c < len(b.solve); c += lanes.Width {
		n := copy(sts[:], b.solve[c:])
		for i := n; i < lanes.Width; i++ {
			sts[i] = sts[n-1]
		}
		s.fillE3Lanes(ev, m, &sts, b)
		out := lanes.RollBack(&b.kv)
		for i := 0; i < n; i++ {
			ev[s.stateIndex(sts[i])] = out[i]
		}
	}
	// Classes come in ascending upper totals, and equal keys are runs, so
	// the class just below has the same value.
	reach := s.reachable(m)
	for _, st := range b.same {
		below := st
		below.Upper = 63 - bits.LeadingZeros64(reach&(1<<uint(st.Upper)-1))
		ev[s.stateIndex(st)] = ev[s.stateIndex(below)]
	}
}

// splitByKey appends to solve the first class of each run with the same
// bonus key and flag, and to same the others.
func (s *solver) splitByKey(m uint32, classes, solve, same []yacht.State) ([]yacht.State, []yacht.State) {
	rest := &s.rest[s.upperMask(m)]
	lastKey := [2]int{-1, -1}
	for _, st := range classes {
		fl := 0
		if st.YachtBonus {
			fl = 1
		}
		key := s.bonusKey(rest, st.Upper)
		if key == lastKey[fl] {
			same = append(same, st)
			continue
		}
		lastKey[fl] = key
		solve = append(solve, st)
	}
	return solve, same
}

// fillE3Lanes is fillE3 for a batch of classes of category set m: kv's
// patterns get Ẽ3(s, ω), the best over open categories of the points, the
// bonus and the next state's value. Every category scoring 0 for a pattern
// is worth just the next state's value, so the best of those (zero) is where
// every pattern starts, and each category then visits only the patterns it
// scores points for.
func (s *solver) fillE3Lanes(ev []float64, m uint32, sts *[lanes.Width]yacht.State, b *batch) {
	var zero lanes.Row
	first := true
	take := func(v *lanes.Row) {
		if first {
			zero, first = *v, false
			return
		}
		lanes.Max(&zero, v)
	}
	// Each lane's capped upper total and Yacht-bonus flag, as s.index
	// places them (the flag counts only once the Yacht box is filled).
	thr, fb := s.threshold, s.flagBits
	var ui, flag, flagged [lanes.Width]int
	for i := range sts {
		ui[i] = min(sts[i].Upper, thr)
		if sts[i].YachtBonus && fb != 0 {
			flagged[i] = 1
		}
		if s.yacht >= 0 && m&(1<<uint(s.yacht)) != 0 {
			flag[i] = flagged[i]
		}
	}
	for j, ci := range s.upperCats {
		if m&(1<<uint(ci)) != 0 {
			continue
		}
		// s.index(next, u+p, flag), written out.
		base := int(m|1<<uint(ci)) << 6 << fb
		f := s.face[ci]
		for n := 0; n <= yacht.NumDice; n++ {
			p := n * f
			v := &b.upper[j][n]
			for i := range v {
				u := ui[i]
				x := float64(p)
				if u < thr && u+p >= thr {
					x += float64(s.bonus)
				}
				v[i] = x + ev[base+min(u+p, thr)<<fb|flag[i]]
			}
		}
		take(&b.upper[j][0])
	}
	for _, ci := range s.lowerCats {
		if m&(1<<uint(ci)) != 0 {
			continue
		}
		next := m | 1<<uint(ci)
		base := int(next) << 6 << fb
		fl := &flag
		if ci == s.yacht {
			fl = &flagged // the Yacht box is filled after this
		}
		v := &b.lower[ci]
		for i := range v {
			v[i] = ev[base+ui[i]<<fb|fl[i]]
		}
		if ci == s.yacht && fb != 0 {
			for i := range v {
				b.withFlag[i] = ev[base+ui[i]<<fb|1]
			}
		}
		take(v)
	}
	e3 := (*[yacht.NumPatterns]lanes.Row)(b.kv[firstPattern:])
	lanes.FillRows(e3[:], &zero)
	for j, ci := range s.upperCats {
		if m&(1<<uint(ci)) != 0 {
			continue
		}
		lanes.MaxIndexed(e3, b.upper[j][:], &s.faceCount[s.face[ci]-1], s.scoring[ci])
	}
	for _, ci := range s.lowerCats {
		if m&(1<<uint(ci)) != 0 {
			continue
		}
		next := &b.lower[ci]
		if ci == s.yacht && s.flagBits != 0 {
			next = &b.withFlag
		}
		// The category's few point values, each plus the next state, then
		// the best per pattern by index (the same sums as pts[w] + next).
		vals := s.pointValues[ci]
		if cap(b.points) < len(vals) {
			b.points = lanes.AlignedRows(len(vals))
		}
		points := b.points[:len(vals)]
		lanes.AddToRows(points, next, vals)
		lanes.MaxIndexed(e3, points, &s.pointIndex[ci], s.scoring[ci])
	}
	if s.special && s.yacht >= 0 && m&(1<<uint(s.yacht)) != 0 {
		s.fillYachtsLanes(ev, m, sts, b)
	}
}

// fillYachtsLanes sets Ẽ3 of the six five-of-a-kind patterns when the Yacht
// box is filled and the rules give them jokers or extra bonuses, by the
// rules' own list of scorings. The list depends on the class only through
// the flag and, for an upper box, whether it completes the bonus: it is made
// once per flag and face, and the bonus added per class.
func (s *solver) fillYachtsLanes(ev []float64, m uint32, sts *[lanes.Width]yacht.State, b *batch) {
	e3 := (*[yacht.NumPatterns]lanes.Row)(b.kv[firstPattern:])
	for fl := 0; fl < 2; fl++ {
		flag := fl == 1
		used := false
		for i := range sts {
			used = used || sts[i].YachtBonus == flag
		}
		if !used {
			continue
		}
		for f := 0; f < 6; f++ {
			w := s.yachtPattern[f]
			b.opts = s.r.AppendScorings(b.opts[:0], yacht.State{Filled: m, YachtBonus: flag}, yacht.Pattern(w))
			for i := range sts {
				st := sts[i]
				if st.YachtBonus != flag {
					continue
				}
				best := math.Inf(-1)
				for _, o := range b.opts {
					o.UpperBonus = 0
					if s.face[o.Category] != 0 && st.Upper < s.threshold && st.Upper+o.Points >= s.threshold {
						o.UpperBonus = s.bonus
					}
					best = max(best, float64(o.Gain())+ev[s.stateIndex(s.r.Next(st, o))])
				}
				e3[w][i] = best
			}
		}
	}
}
