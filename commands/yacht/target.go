package yacht

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// targetPlan is how handle found a target to be answered: the direct
// calculation's estimated cost, the kept calculation that covers the
// sheet (nil: none), and whether to keep the one made now.
type targetPlan struct {
	cost       finalscore.TargetCost
	found      *finalscore.TargetSolution
	solveWhole bool
}

// handleTarget answers /yacht-advise with a target: the action with the
// best exact chance of a final score of at least target. From the rule
// set's target table when it is built, or a kept calculation toward the
// same target that covers the sheet (milliseconds); otherwise with few
// open categories it computes directly (at most seconds); a rule set
// without a target table is computed directly when its cost is within
// maxTargetRows, as every preset's is, kept in solutions from
// keptTargetOpen open boxes, and otherwise told which targets it answers
// now; for the others it answers
// from the rule set's target table, building it first (once, within the
// time budget; a build that takes longer goes on in the background and
// the reply asks to try again).
func handleTarget(ctx context.Context, table *strategy.Table, faces DiceFaces, targets *finalscore.TargetTables, solutions *finalscore.TargetSolutions, plan targetPlan, req *commands.Request, sheet yacht.Sheet, dice *yacht.Dice, roll, top, target int) (*commands.Reply, error) {
	loc := req.Locale
	r := table.Rules()
	tctx, cancel := context.WithTimeout(ctx, targetBudget)
	defer cancel()
	var ta finalscore.TargetAdvice
	var err error
	tt, ready := targets.Ready(r.Key)
	switch {
	case ready:
		ta, err = tt.AdviseTarget(table, sheet, dice, roll, target)
	case plan.found != nil:
		ta, err = plan.found.AdviseTarget(table, sheet, dice, roll, target)
	case sheet.State().Open(r) <= directTargetOpen || sheetDecided(sheet, target) || target < 0:
		ta, err = finalscore.AdviseTarget(tctx, table, sheet, dice, roll, target)
	case !targetTableRules[r.Key]:
		if plan.cost.Rows > maxTargetRows {
			return nil, tooEarly(sheet, target, maxTargetRows)
		}
		if !plan.solveWhole {
			ta, err = finalscore.AdviseTarget(tctx, table, sheet, dice, roll, target)
			break
		}
		// The same calculation may have been kept while this one waited
		// for its turn of heavy work (a request asked again).
		sol := solutions.Find(sheet, target)
		if sol == nil {
			if sol, err = finalscore.SolveTarget(tctx, table, sheet, target); err != nil {
				break
			}
			solutions.Add(sol)
		}
		ta, err = sol.AdviseTarget(table, sheet, dice, roll, target)
	default:
		bctx, cancel := context.WithTimeout(ctx, targetTableBudget)
		defer cancel()
		tt, err = targets.Get(bctx, table)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if errors.Is(err, context.DeadlineExceeded) {
				return nil, commands.Rejectf(msgTargetPreparing)
			}
			return nil, fmt.Errorf("target table: %w", err)
		}
		ta, err = tt.AdviseTarget(table, sheet, dice, roll, target)
	}
	var te *finalscore.TargetError
	if errors.As(err, &te) && te.Kind == finalscore.TargetTooEarly {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, commands.Rejectf(msgTargetBusy)
	}
	if err != nil {
		return nil, fmt.Errorf("target advice: %w", err)
	}
	adv, err := table.Advise(sheet, dice, roll)
	if err != nil {
		return nil, fmt.Errorf("advise: %w", err)
	}
	data := toData(r, sheet, dice, roll, adv)
	data.Target = &target
	best := ta.Reach
	data.PReach = &best
	data.Actions = data.Actions[:0]
	for _, a := range ta.Actions {
		da := toData(r, sheet, dice, roll, strategy.Advice{Actions: []strategy.Action{a.Action}}).Actions[0]
		p := a.Reach
		da.PReach = &p
		data.Actions = append(data.Actions, da)
	}
	embed := renderTarget(loc, faces, r, sheet, dice, roll, adv, ta, top)
	return &commands.Reply{Embeds: []commands.Embed{embed}, Data: data}, nil
}

// tooEarly is the refusal of a target whose direct calculation from
// sheet would take more than limit rows: the nearest targets below and
// above it within limit, when there are any. The rows rise with the
// target to a peak and fall after it (finalscore.EstimateTarget), roughly:
// they wiggle by a few thousand along the way, so each side is found by
// bisection, which names targets within limit, the nearest but for a few
// points where the rows cross limit more than once.
func tooEarly(sheet yacht.Sheet, target int, limit int64) error {
	open := sheet.State().Open(sheet.Rules)
	within := func(t int) bool { return finalscore.EstimateTarget(sheet, t).Rows <= limit }
	// below: the highest target under target within limit (the sheet's
	// total needs nothing); above: the lowest over it.
	below := lastWithin(sheet.Total(), target, within)
	above := lastWithin(finalscore.MaxFinal(sheet)+1, target, within)
	hasBelow, hasAbove := below > sheet.Total()+1, above <= finalscore.MaxFinal(sheet)
	switch {
	case hasBelow && hasAbove:
		return commands.Rejectf(msgTargetOutside, target, open, below, above)
	case hasBelow:
		return commands.Rejectf(msgTargetAbove, target, open, below)
	case hasAbove:
		return commands.Rejectf(msgTargetBelow, target, open, above)
	}
	return commands.Rejectf(msgTargetTooEarly, open)
}

// lastWithin bisects between from, where ok holds, and to, where it does not,
// and returns the last point from the side of from where it holds (from
// may be above to).
func lastWithin(from, to int, ok func(int) bool) int {
	for from-to > 1 || to-from > 1 {
		if mid := from + (to-from)/2; ok(mid) {
			from = mid
		} else {
			to = mid
		}
	}
	return from
}

// sheetDecided reports whether the target is already held or out of reach,
// which is answered without computing.
func sheetDecided(s yacht.Sheet, target int) bool {
	return s.Total() >= target || finalscore.MaxFinal(s) < target
}

// Percent writes a probability for a person: 0% and 100% only when exact.
func Percent(p float64) string {
	switch {
	case p <= 0:
		return "0%"
	case p >= 1:
		return "100%"
	case p < 0.0001:
		return "<0.01%"
	case p > 0.9999:
		return ">99.99%"
	}
	return fmt.Sprintf("%.2f%%", 100*p)
}

func renderTarget(loc commands.Locale, faces DiceFaces, r *yacht.Rules, s yacht.Sheet, dice *yacht.Dice, roll int, adv strategy.Advice, ta finalscore.TargetAdvice, top int) commands.Embed {
	e := commands.Embed{Color: colour}
	var b strings.Builder
	if dice == nil {
		e.Title = msgTargetTitleNoDice.Format(loc, ta.Target, RulesName(loc, r.Key))
	} else {
		e.Title = msgTargetTitle.Format(loc, faces.Text(dice.Counts().Faces()), roll, ta.Target, RulesName(loc, r.Key))
	}
	switch {
	case ta.Reached:
		b.WriteString(msgTargetReached.Format(loc, ta.Total, ta.Target) + "\n")
	case ta.Unreachable:
		b.WriteString(msgTargetUnreachable.Format(loc, ta.Target, ta.Best) + "\n")
	}
	if dice == nil {
		if !ta.Reached && !ta.Unreachable {
			b.WriteString(msgTargetNoDice.Format(loc, ta.Target, Percent(ta.Reach)) + "\n")
		}
		b.WriteString(msgTargetMeanNoDice.Format(loc, adv.Expected) + "\n")
	} else if ta.Reached || ta.Unreachable {
		// Every chance is the same: the list is the best-average one.
		best := ta.Actions[0]
		fmt.Fprintf(&b, msgBest.In(loc), describe(loc, faces, r, dice, best.Action), best.Expected)
		b.WriteString("\n")
		shown := min(top, len(ta.Actions))
		for i := 1; i < shown; i++ {
			a := ta.Actions[i]
			fmt.Fprintf(&b, "%d. %s — %.2f (−%.2f)\n", i+1, describe(loc, faces, r, dice, a.Action), a.Expected, best.Expected-a.Expected)
		}
		if len(ta.Actions) > shown {
			b.WriteString(moreLine(loc, len(ta.Actions)-shown, top) + "\n")
		}
	} else {
		best := ta.Actions[0]
		b.WriteString(msgTargetBest.Format(loc, ta.Target, describe(loc, faces, r, dice, best.Action), msgTargetLine.Format(loc, Percent(best.Reach), best.Expected)) + "\n")
		shown := min(top, len(ta.Actions))
		for i := 1; i < shown; i++ {
			a := ta.Actions[i]
			fmt.Fprintf(&b, "%d. %s — %s\n", i+1, describe(loc, faces, r, dice, a.Action), msgTargetLine.Format(loc, Percent(a.Reach), a.Expected))
		}
		if len(ta.Actions) > shown {
			b.WriteString(moreLine(loc, len(ta.Actions)-shown, top) + "\n")
		}
		// The max-expectation move, for comparison.
		if mean, ok := adv.Best(); ok && !ta.Reached && !ta.Unreachable {
			for _, a := range ta.Actions {
				if a.Action.SameMove(mean) {
					if best.Action.SameMove(mean) {
						b.WriteString(msgTargetSame.In(loc) + "\n")
					} else {
						b.WriteString(msgTargetMean.Format(loc, describe(loc, faces, r, dice, mean), Percent(a.Reach), mean.Expected) + "\n")
					}
					break
				}
			}
		}
	}
	e.Description = b.String()
	e.Fields = append(e.Fields, commands.Field{Name: msgSheet.In(loc), Value: SheetSummary(loc, r, s), Inline: false})
	e.Footer = msgTargetFooter.In(loc)
	return e
}
