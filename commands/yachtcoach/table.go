package yachtcoach

import (
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/yachttable"
)

// The lines a game adds to its own: under a hint, and under the cost of a
// decision.
var (
	msgHintWhy = commands.T("💡 Why ⭐ beats %s: %s", "💡 ⭐ 수가 %s보다 나은 이유: %s", "💡 ⭐ の手が「%s」より良い理由: %s")
	msgCostWhy = commands.T("↳ %s", "↳ %s", "↳ %s")
)

// Position is where a player of a table decides: their sheet, the dice
// and the roll just made (Roll 0: none, nothing to decide).
type Position struct {
	Sheet yacht.Sheet
	Dice  yacht.Dice
	Roll  int
}

// Before is the position of table g's current player, taken before a
// move is applied (a sheet is never changed in place, so it stays as it
// was).
func Before(g *yachttable.Table) Position {
	return Position{Sheet: g.Current().Sheet, Dice: g.Dice, Roll: g.Roll}
}

// breakdowns breaks pos down from the breakdown table of t's rules, when
// it is built (false otherwise: its build starts in the background).
func (ts *Tables) breakdowns(t *strategy.Table, pos Position) (finalscore.Breakdowns, bool) {
	if ts == nil || pos.Roll < 1 {
		return finalscore.Breakdowns{}, false
	}
	bt, ok := ts.Ready(t)
	if !ok {
		return finalscore.Breakdowns{}, false
	}
	d := pos.Dice
	bd, err := bt.Breakdowns(pos.Sheet, &d, pos.Roll)
	if err != nil || len(bd.Actions) == 0 {
		return finalscore.Breakdowns{}, false
	}
	return bd, true
}

// HintWhy is the line under a table's hint: why the best move (⭐) beats
// the runner-up (RunnerUp), naming it with describe. "" with one move, or
// while the breakdown table is not built (it never waits for it).
func (ts *Tables) HintWhy(l commands.Locale, faces yachtwords.DiceFaces, t *strategy.Table, pos Position, describe func(strategy.Action) string) string {
	bd, ok := ts.breakdowns(t, pos)
	if !ok {
		return ""
	}
	i := RunnerUp(bd.Actions)
	if i < 0 {
		return ""
	}
	best, other := bd.Actions[0], bd.Actions[i]
	return msgHintWhy.Format(l, describe(other.Action), Why(l, faces, t.Rules(), best.Action, Compare(best.Breakdown, other.Breakdown)))
}

// CostWhy is the line under the cost of a player's decision told by
// events (a move applied at pos): why the best move beats the one made.
// "" when no decision of a player's cost a hundredth of a point or more,
// or while the breakdown table is not built (it never waits for it).
func (ts *Tables) CostWhy(l commands.Locale, faces yachtwords.DiceFaces, t *strategy.Table, pos Position, events []yachttable.Event) string {
	for _, e := range yachttable.Told(events) {
		if !e.Decided || e.ByAlea || yachttable.Centi(e.Loss) == 0 {
			continue
		}
		bd, ok := ts.breakdowns(t, pos)
		if !ok {
			return ""
		}
		best, chosen := -1, -1
		for i, a := range bd.Actions {
			if best < 0 && a.Action.SameMove(e.Best) {
				best = i
			}
			if chosen < 0 && a.Action.SameMove(e.Chosen) {
				chosen = i
			}
		}
		if best < 0 || chosen < 0 {
			return ""
		}
		b := bd.Actions[best]
		return msgCostWhy.Format(l, Why(l, faces, t.Rules(), b.Action, Compare(b.Breakdown, bd.Actions[chosen].Breakdown)))
	}
	return ""
}
