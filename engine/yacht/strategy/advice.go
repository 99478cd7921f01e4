package strategy

import (
	"fmt"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/internal/lanes"
)

// ActionKind says whether an action keeps dice or scores a category.
type ActionKind uint8

const (
	// Keep dice and roll the others.
	Keep ActionKind = iota
	// Score the dice in a category and end the turn.
	Score
)

// Action is one legal move with its exact expected final score.
type Action struct {
	Kind ActionKind
	// Keep is the dice kept (Kind == Keep); all five means rolling none.
	Keep yacht.Counts
	// Scoring is the category and what it adds (Kind == Score).
	Scoring yacht.Scoring
	// Expected is the expected final score of the game after this action
	// under optimal play: points on the sheet, bonuses, and what is to come.
	Expected float64
}

// SameMove reports whether a and b are the same move (the same keep, or
// the same category), whatever their values.
func (a Action) SameMove(b Action) bool {
	if a.Kind != b.Kind {
		return false
	}
	if a.Kind == Keep {
		return a.Keep == b.Keep
	}
	return a.Scoring.Category == b.Scoring.Category
}

// Advice is the answer for a sheet, dice and roll.
type Advice struct {
	// Total is the sheet total now (bonuses included).
	Total int
	// Expected is the expected final score: of the best action when dice
	// are given, otherwise of the state at the start of a turn.
	Expected float64
	// Actions lists every legal action, best first; empty without dice.
	Actions []Action
}

// Advise answers for sheet s: with dice nil, the expected final score from
// the start of the next turn; with dice just rolled on roll 1, 2 or 3, every
// legal action — every distinct keep on rolls 1 and 2, every open category
// allowed by the rules — with its expected final score, best first. Ties put
// scoring before keeping, then follow category order and smaller keeps
// (rerolling more dice), the tie-break of Verhoeff's optimal player.
func (t *Table) Advise(s yacht.Sheet, dice *yacht.Dice, roll int) (Advice, error) {
	st, err := t.SheetState(s)
	if err != nil {
		return Advice{}, err
	}
	total := s.Total()
	adv := Advice{Total: total}
	if dice == nil {
		adv.Expected = float64(total) + t.Value(st)
		return adv, nil
	}
	if !dice.Valid() {
		return Advice{}, fmt.Errorf("dice %v: faces are 1 to 6", *dice)
	}
	if roll < 1 || roll > 3 {
		return Advice{}, fmt.Errorf("roll %d: the roll just made is 1, 2 or 3", roll)
	}
	if st.Done(t.rules) {
		return Advice{}, fmt.Errorf("every category is filled: the game is over with %d points", total)
	}
	base := float64(total)
	w := yacht.PatternIndex(*dice)
	sc := t.getScratch()
	defer t.scratch.Put(sc)
	t.sol.fillE3(t.ev, st, sc)
	sc.opts = t.rules.AppendScorings(sc.opts[:0], st, yacht.Pattern(w))
	acts := sc.actions[:0]
	for _, o := range sc.opts {
		v := float64(o.Gain()) + t.ev[t.sol.stateIndex(t.rules.Next(st, o))]
		acts = append(acts, Action{Kind: Score, Scoring: o, Expected: base + v})
	}
	if roll < 3 {
		// Ẽ' of every keep by the solver's one-die-at-a-time recursion:
		// over Ẽ3 before the last roll, over Ẽ2 (the best keep's Ẽ'2 for
		// each pattern) before the second.
		copy(sc.kv[firstPattern:], sc.e3[:])
		lanes.AverageKeeps(&sc.kv)
		if roll == 1 {
			lanes.MaxOverSubKeepsInPlace(&sc.kv)
			lanes.AverageKeeps(&sc.kv)
		}
		for i := space.PatternKeepStart[w]; i < space.PatternKeepStart[w+1]; i++ {
			k := int(space.PatternKeeps[i])
			acts = append(acts, Action{Kind: Keep, Keep: space.Keep[k], Expected: base + sc.kv[k]})
		}
	}
	sc.actions = acts
	// Sort small keys rather than the actions themselves, by binary
	// insertion: there are at most a few dozen, and the keys are distinct.
	order := sc.order[:0]
	for i := range acts {
		key := rankOf(&acts[i], i)
		lo, hi := 0, len(order)
		for lo < hi {
			mid := int(uint(lo+hi) >> 1)
			if order[mid].before(key) {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		order = append(order, actionRank{})
		copy(order[lo+1:], order[lo:])
		order[lo] = key
	}
	sc.order = order
	adv.Actions = make([]Action, len(acts))
	for i, k := range order {
		adv.Actions[i] = acts[k.tie&0xffff]
	}
	adv.Expected = adv.Actions[0].Expected
	return adv, nil
}

// actionRank is an action's place in Advise's order, as a value and
// a tie-breaker: kind, then category or keep size, then the action's
// position in the list (low 16 bits), so that no two ranks are equal.
type actionRank struct {
	expected float64
	tie      uint32
}

// rankOf is the rank of action a at position pos.
func rankOf(a *Action, pos int) actionRank {
	// scoring first (0), then keeping (1)
	kind, sub := uint32(0), uint32(a.Scoring.Category)
	if a.Kind != Score {
		kind, sub = 1, uint32(a.Keep.Size())
	}
	return actionRank{a.Expected, kind<<24 | sub<<16 | uint32(pos)}
}

// before orders ranks best first: the larger expected score; ties put
// scoring before keeping, then follow category order and smaller keeps,
// then the position.
func (r actionRank) before(o actionRank) bool {
	if r.expected != o.expected {
		return r.expected > o.expected
	}
	return r.tie < o.tie
}

// Best returns the best action of an advice with dice (the first one).
func (a Advice) Best() (Action, bool) {
	if len(a.Actions) == 0 {
		return Action{}, false
	}
	return a.Actions[0], true
}
