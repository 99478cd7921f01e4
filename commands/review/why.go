package review

import (
	"context"
	"errors"
	"fmt"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtcoach"
	"github.com/alea-bot/alea/commands/yachttables"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/store"
)

// coach gives /review its whys: the Yacht tables and the breakdown tables
// the Yacht commands share (nil: no whys).
type coach struct {
	tables     *strategy.Tables
	breakdowns *yachtcoach.Tables
}

// judged is why the best move of a costly decision beats the one made.
type judged struct {
	best strategy.Action
	x    yachtcoach.Reason
}

// whys works out why the best move beat each costly decision of g (by
// the decision's index in g.Decisions), replaying every seat's sheet from
// its scorings. The breakdown table of g's rules is looked up, or built
// within a heavy turn when cold. A seat whose record does not replay (an
// unknown rule set, a scoring its dice cannot make) gets none.
func (c *coach) whys(ctx context.Context, g store.Game, r *yacht.Rules) (map[int]judged, error) {
	if c == nil || r == nil || !hasCostly(g) {
		return nil, nil
	}
	t, err := yachttables.Table(ctx, c.tables, r)
	if err != nil {
		return nil, err
	}
	bt, ok := c.breakdowns.Ready(t)
	if !ok {
		hctx, done, err := commands.Heavy(ctx)
		if err != nil {
			return nil, err
		}
		defer done()
		if bt, err = c.breakdowns.Get(hctx, t); err != nil {
			if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
				return nil, err
			}
			return nil, fmt.Errorf("breakdown table %s: %w", r.Key, err)
		}
	}
	out := map[int]judged{}
	for seat := range g.Seats {
		replaySeat(t, bt, g, seat, out)
	}
	return out, nil
}

func hasCostly(g store.Game) bool {
	for _, dc := range g.Decisions {
		if dc.Loss > 0 {
			return true
		}
	}
	return false
}

// replaySeat plays seat's decisions of g over its sheet, in order, and
// adds the why of each costly one to out. A scoring follows the roll after
// the turn's keeps (the record says roll 3 for every scoring). A record
// that does not replay to the seat's final score (a decision its dice
// cannot make, one missing) adds nothing.
func replaySeat(t *strategy.Table, bt *finalscore.BreakdownTable, g store.Game, seat int, out map[int]judged) {
	found := map[int]judged{}
	if sheet, ok := replay(t, bt, g, seat, found); ok && sheet.Filled() == len(sheet.Scores) && sheet.Total() == g.Seats[seat].Score {
		for i, j := range found {
			out[i] = j
		}
	}
}

// replay is replaySeat's work: the sheet the seat's decisions make, and
// false at the first that does not replay.
func replay(t *strategy.Table, bt *finalscore.BreakdownTable, g store.Game, seat int, out map[int]judged) (yacht.Sheet, bool) {
	r := t.Rules()
	sheet := yacht.NewSheet(r)
	keeps := map[int]int{} // keeps made in each turn
	for i, dc := range g.Decisions {
		if dc.Seat != seat {
			continue
		}
		dice, err := yacht.ParseDice(dc.Dice)
		if err != nil {
			return sheet, false
		}
		roll := dc.Roll
		if roll == 3 {
			roll = 1 + keeps[dc.Turn]
		} else {
			keeps[dc.Turn]++
		}
		if dc.Loss > 0 {
			bd, err := bt.Breakdowns(sheet, &dice, roll)
			if err != nil {
				return sheet, false
			}
			best, chosen := find(r, bd.Actions, dc.Best), find(r, bd.Actions, dc.Chosen)
			if best < 0 || chosen < 0 {
				return sheet, false
			}
			out[i] = judged{best: bd.Actions[best].Action, x: yachtcoach.Compare(bd.Actions[best].Breakdown, bd.Actions[chosen].Breakdown)}
		}
		if dc.Roll == 3 {
			adv, err := t.Advise(sheet, &dice, 3)
			if err != nil {
				return sheet, false
			}
			k := find(r, asBreakdowns(adv.Actions), dc.Chosen)
			if k < 0 {
				return sheet, false
			}
			sheet = sheet.Fill(adv.Actions[k].Scoring)
		}
	}
	return sheet, true
}

// find is the index among actions of move m in the store's form (kept
// dice as digits, or a category key), -1 when none is.
func find(r *yacht.Rules, actions []finalscore.ActionBreakdown, m string) int {
	c := r.CategoryIndex(m)
	var kept yacht.Counts
	if c < 0 {
		for _, d := range m {
			if d < '1' || d > '6' {
				return -1
			}
			kept[d-'1']++
		}
	}
	for i, a := range actions {
		switch {
		case c >= 0 && a.Kind == strategy.Score && a.Scoring.Category == c:
			return i
		case c < 0 && a.Kind == strategy.Keep && a.Keep == kept:
			return i
		}
	}
	return -1
}

// asBreakdowns wraps actions without breakdowns for find.
func asBreakdowns(actions []strategy.Action) []finalscore.ActionBreakdown {
	out := make([]finalscore.ActionBreakdown, len(actions))
	for i, a := range actions {
		out[i].Action = a
	}
	return out
}

// whyText writes a judged decision's why, "" when there is none.
func whyText(l commands.Locale, r *yacht.Rules, j *judged) string {
	if j == nil {
		return ""
	}
	return yachtcoach.Why(l, yachtwords.DiceFaces{}, r, j.best, j.x)
}
