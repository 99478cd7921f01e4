package yachtadvise

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/reach"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// targetPlan is how query found a target to be answered: the direct
// calculation's estimated cost, the kept calculation that covers the
// sheet (nil: none), and whether to keep the one made now.
type targetPlan struct {
	cost       reach.Cost
	found      *reach.Solution
	solveWhole bool
}

// queryTarget answers a target: the action with the best exact chance of
// a final score of at least q.target. From the rule set's target table
// when it is built, or a kept calculation toward the same target that
// covers the sheet (milliseconds); otherwise with few open categories it
// computes directly (at most seconds); a rule set without a target table
// is computed directly when its cost is within maxTargetRows, as every
// preset's is, kept in solutions from keptTargetOpen open boxes, and
// otherwise told which targets it answers now; for the others it answers
// from the rule set's target table, building it first (once, within the
// time budget; a build that takes longer goes on in the background and
// the reply asks to try again).
func (a *adviser) queryTarget(ctx context.Context, table *strategy.Table, plan targetPlan, q question) (reach.Advice, error) {
	r, sheet, dice, roll, target := table.Rules(), q.sheet, q.dice, q.roll, q.target
	tctx, cancel := context.WithTimeout(ctx, targetBudget)
	defer cancel()
	var ta reach.Advice
	var err error
	tt, ready := a.targets.Ready(r.Key)
	switch {
	case ready:
		ta, err = tt.Advise(table, sheet, dice, roll, target)
	case plan.found != nil:
		ta, err = plan.found.Advise(table, sheet, dice, roll, target)
	case sheet.State().Open(r) <= directTargetOpen || sheetDecided(sheet, target) || target < 0:
		ta, err = reach.Advise(tctx, table, sheet, dice, roll, target)
	case !targetTableRules[r.Key]:
		if plan.cost.Rows > maxTargetRows {
			return ta, tooEarly(sheet, target, maxTargetRows)
		}
		if !plan.solveWhole {
			ta, err = reach.Advise(tctx, table, sheet, dice, roll, target)
			break
		}
		// The same calculation may have been kept while this one waited
		// for its turn of heavy work (a request asked again).
		sol := a.solutions.Find(sheet, target)
		if sol == nil {
			if sol, err = reach.Solve(tctx, table, sheet, target); err != nil {
				break
			}
			a.solutions.Add(sol)
		}
		ta, err = sol.Advise(table, sheet, dice, roll, target)
	default:
		bctx, cancel := context.WithTimeout(ctx, targetTableBudget)
		defer cancel()
		tt, err = a.targets.Get(bctx, table)
		if err != nil {
			if ctx.Err() != nil {
				return ta, ctx.Err()
			}
			if errors.Is(err, context.DeadlineExceeded) {
				return ta, commands.Rejectf(msgTargetPreparing)
			}
			return ta, fmt.Errorf("target table: %w", err)
		}
		ta, err = tt.Advise(table, sheet, dice, roll, target)
	}
	var te *reach.Error
	if errors.As(err, &te) && te.Kind == reach.TooEarly {
		if ctx.Err() != nil {
			return ta, ctx.Err()
		}
		return ta, commands.Rejectf(msgTargetBusy)
	}
	if err != nil {
		return ta, fmt.Errorf("target advice: %w", err)
	}
	return ta, nil
}

// tooEarly is the refusal of a target whose direct calculation from
// sheet would take more than limit rows: the nearest targets below and
// above it within limit, when there are any. The rows rise with the
// target to a peak and fall after it (reach.Estimate), roughly:
// they wiggle by a few thousand along the way, so each side is found by
// bisection, which names targets within limit, the nearest but for a few
// points where the rows cross limit more than once.
func tooEarly(sheet yacht.Sheet, target int, limit int64) error {
	open := sheet.State().Open(sheet.Rules)
	within := func(t int) bool { return reach.Estimate(sheet, t).Rows <= limit }
	// below: the highest target under target within limit (the sheet's
	// total needs nothing); above: the lowest over it.
	below := lastWithin(sheet.Total(), target, within)
	above := lastWithin(reach.MaxFinal(sheet)+1, target, within)
	hasBelow, hasAbove := below > sheet.Total()+1, above <= reach.MaxFinal(sheet)
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
	return s.Total() >= target || reach.MaxFinal(s) < target
}

// renderTarget writes the embed of a view with a target: the best chance
// first, then the others, and the move with the best average beside them.
func renderTarget(l commands.Locale, faces yachtwords.DiceFaces, v view) commands.Embed {
	e := commands.Embed{Color: colour}
	target, rules := *v.Target, yachtwords.RulesName(l, v.Rules)
	var b strings.Builder
	if v.Dice == nil {
		e.Title = msgTargetTitleNoDice.Format(l, target, rules)
	} else {
		e.Title = msgTargetTitle.Format(l, faces.Text(v.Dice), v.Roll, target, rules)
	}
	switch {
	case v.reached:
		b.WriteString(commands.Plural(v.Score, msgTargetReachedOne, msgTargetReached).Format(l, v.Score, target) + "\n")
	case v.unreachable:
		b.WriteString(msgTargetUnreachable.Format(l, target, v.maxFinal) + "\n")
	}
	switch {
	case v.Dice == nil:
		if !v.reached && !v.unreachable {
			b.WriteString(msgTargetNoDice.Format(l, target, yachtwords.Percent(*v.PReach)) + "\n")
		}
		b.WriteString(msgTargetMeanNoDice.Format(l, v.ExpectedFinal) + "\n")
	case v.reached || v.unreachable:
		// Every chance is the same: the list is the best-average one.
		best := v.Actions[0]
		fmt.Fprintf(&b, msgBest.In(l), describe(l, faces, v.rules, best), best.ExpectedFinal)
		b.WriteString("\n")
		b.WriteString(otherActions(l, faces, v, func(a DataAction) string {
			return fmt.Sprintf("%.2f (−%.2f)", a.ExpectedFinal, best.ExpectedFinal-a.ExpectedFinal)
		}, nil))
		b.WriteString(whyLine(l, faces, v))
	default:
		best := v.Actions[0]
		b.WriteString(msgTargetBest.Format(l, target, describe(l, faces, v.rules, best), msgTargetLine.Format(l, yachtwords.Percent(*best.PReach), best.ExpectedFinal)) + "\n")
		b.WriteString(otherActions(l, faces, v, func(a DataAction) string {
			return msgTargetLine.Format(l, yachtwords.Percent(*a.PReach), a.ExpectedFinal)
		}, nil))
		b.WriteString(targetWhyLine(l, faces, v))
		// The max-expectation move, for comparison.
		switch {
		case v.mean == 0:
			b.WriteString(msgTargetSame.In(l) + "\n")
		case v.mean > 0:
			mean := v.Actions[v.mean]
			b.WriteString(msgTargetMean.Format(l, describe(l, faces, v.rules, mean), yachtwords.Percent(*mean.PReach), mean.ExpectedFinal) + "\n")
		}
	}
	e.Description = b.String()
	e.Fields = append(e.Fields, sheetField(l, v))
	e.Footer = msgTargetFooter.In(l)
	return e
}
