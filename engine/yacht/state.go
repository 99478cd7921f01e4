package yacht

import "fmt"

// State is the part of a score sheet that matters for the future (the
// equivalence class s/∼ of 最大期待値戦略の計算手法の整理): which categories are filled, the
// upper total, and whether the Yacht box holds its points (only used by rules
// with extra-Yacht bonuses or jokers that need it).
type State struct {
	// Filled has bit i set when category i is filled.
	Filled uint32
	// Upper is the upper-section total; values at or above the bonus
	// threshold are equivalent.
	Upper int
	// YachtBonus is set when the Yacht box holds its points, so further
	// five-of-a-kinds earn Rules.ExtraYachtBonus.
	YachtBonus bool
}

// IsFilled reports whether category i is filled.
func (s State) IsFilled(i int) bool { return s.Filled&(1<<uint(i)) != 0 }

// Open counts the open categories under rules r.
func (s State) Open(r *Rules) int {
	n := 0
	for i := range r.Categories {
		if !s.IsFilled(i) {
			n++
		}
	}
	return n
}

// Done reports whether every category is filled.
func (s State) Done(r *Rules) bool { return s.Open(r) == 0 }

// Scoring is one legal way to score five dice: the category and everything
// it adds to the sheet.
type Scoring struct {
	Category int
	// Points written in the box.
	Points int
	// UpperBonus is the upper bonus this completes (0 or Rules.BonusPoints).
	UpperBonus int
	// ExtraBonus is the extra-Yacht bonus (Yahtzee's 100) this roll earns.
	ExtraBonus int
	// Joker is set when the joker rule applies to this roll.
	Joker bool
}

// Gain is the total the sheet grows by.
func (s Scoring) Gain() int { return s.Points + s.UpperBonus + s.ExtraBonus }

// IsYacht reports whether the dice are five of a kind.
func (c Counts) IsYacht() bool {
	for _, x := range c {
		if x == NumDice {
			return true
		}
	}
	return false
}

// AppendScorings appends to out every legal Scoring of pattern p in state
// st, in category order (Scorings without the checks, for inner loops).
func (r *Rules) AppendScorings(out []Scoring, st State, p Counts) []Scoring {
	y := r.YachtIndex()
	five := p.IsYacht()
	yachtFilled := y >= 0 && st.IsFilled(y)
	extra := 0
	if five && yachtFilled && st.YachtBonus {
		extra = r.ExtraYachtBonus
	}
	joker := five && yachtFilled && r.Joker != NoJoker && (!r.JokerNeedsPoints || st.YachtBonus)
	add := func(i, pts int) {
		s := Scoring{Category: i, Points: pts, ExtraBonus: extra, Joker: joker}
		if r.Categories[i].Kind == KindUpper && st.Upper < r.BonusThreshold && st.Upper+pts >= r.BonusThreshold {
			s.UpperBonus = r.BonusPoints
		}
		out = append(out, s)
	}
	if !joker {
		for i := range r.Categories {
			if !st.IsFilled(i) {
				add(i, r.Categories[i].PointsFor(p))
			}
		}
		return out
	}
	face := 0
	for f, x := range p {
		if x == NumDice {
			face = f + 1
		}
	}
	upperOpen := false
	for i := range r.Categories {
		c := &r.Categories[i]
		if c.Kind == KindUpper && c.Face == face && !st.IsFilled(i) {
			upperOpen = true
			if r.Joker == ForcedJoker {
				add(i, c.PointsFor(p))
				return out
			}
		}
	}
	if r.Joker == ForcedJoker {
		lower := false
		for i := range r.Categories {
			c := &r.Categories[i]
			if c.Kind != KindUpper && !st.IsFilled(i) {
				add(i, c.jokerPoints(p))
				lower = true
			}
		}
		if lower {
			return out
		}
		for i := range r.Categories {
			if !st.IsFilled(i) {
				add(i, r.Categories[i].PointsFor(p))
			}
		}
		return out
	}
	for i := range r.Categories {
		c := &r.Categories[i]
		if st.IsFilled(i) {
			continue
		}
		if c.Kind == KindUpper || upperOpen {
			add(i, c.PointsFor(p))
		} else {
			add(i, c.jokerPoints(p))
		}
	}
	return out
}

// Scorings lists every legal way to score dice d in state st, in category
// order. Under forced joker rules only the forced boxes are listed.
func (r *Rules) Scorings(st State, d Dice) ([]Scoring, error) {
	if !d.Valid() {
		return nil, fmt.Errorf("dice %v: faces are 1 to 6", d)
	}
	if st.Done(r) {
		return nil, fmt.Errorf("every category is already filled")
	}
	return r.AppendScorings(nil, st, d.Counts()), nil
}

// Next returns the state after a scoring.
func (r *Rules) Next(st State, s Scoring) State {
	st.Filled |= 1 << uint(s.Category)
	c := &r.Categories[s.Category]
	if c.Kind == KindUpper {
		st.Upper += s.Points
	}
	if c.Kind == KindYacht && s.Points > 0 {
		st.YachtBonus = true
	}
	return st
}

// Score scores dice d in category key from state st, checking that the move
// is legal (the box is open and, under forced joker rules, allowed).
func (r *Rules) Score(st State, key string, d Dice) (Scoring, State, error) {
	i := r.CategoryIndex(key)
	if i < 0 {
		return Scoring{}, st, fmt.Errorf("no category %q in the %s rules", key, r.Key)
	}
	if st.IsFilled(i) {
		return Scoring{}, st, fmt.Errorf("%s is already filled", key)
	}
	opts, err := r.Scorings(st, d)
	if err != nil {
		return Scoring{}, st, err
	}
	for _, s := range opts {
		if s.Category == i {
			return s, r.Next(st, s), nil
		}
	}
	return Scoring{}, st, fmt.Errorf("the joker rule does not allow %s for %v", key, d)
}
