package yachtgame

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtboard"
	"github.com/alea-bot/alea/commands/yachtcoach"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/yachttable"
)

// coachHarness runs /yacht with breakdowns built as soon as asked for.
func coachHarness(t *testing.T, loc commands.Locale) *bottest.Harness {
	var h *bottest.Harness
	d := Deps{Tables: tables(t), Key: testKey, Now: func() time.Time { return h.Now() },
		Breakdowns: &yachtcoach.Tables{Go: func(f func()) { f() }}}
	h = bottest.New(t, newCommand(d))
	h.Locale = loc
	return h
}

// coachBreakdowns are the breakdowns of Ann's position in table3 with the
// dice d on roll, worked out here from the engine.
func coachBreakdowns(t *testing.T, d GameData) finalscore.Breakdowns {
	t.Helper()
	tb := table(t, yacht.Yacht)
	bt, err := finalscore.BuildBreakdownTable(context.Background(), tb)
	if err != nil {
		t.Fatal(err)
	}
	dice := yacht.Dice(d.Dice)
	bd, err := bt.Breakdowns(newModels(1, endGame)[0].sheet(t), &dice, d.Roll)
	if err != nil {
		t.Fatal(err)
	}
	return bd
}

// The private hint says why ⭐ beats the runner-up, in three languages.
func TestHintSaysWhy(t *testing.T) {
	head := map[commands.Locale]string{commands.English: "💡 Why ⭐ beats ", commands.Korean: "💡 ⭐ 수가 ", commands.Japanese: "💡 ⭐ の手が「"}
	for _, loc := range commands.Locales {
		h := coachHarness(t, loc)
		r := post(t, h, table3(t, yachttable.CoachHints))
		r = asOK(t, h, ann, mustFind(t, r, 'r').CustomID)
		hr, out := as(h, ann, mustFind(t, r, 'h').CustomID)
		if out != bot.OK {
			t.Fatalf("%s: hint %s", loc, out)
		}
		bd := coachBreakdowns(t, gdata(t, r))
		i := yachtcoach.RunnerUp(bd.Actions)
		why := yachtcoach.Why(loc, yachtwords.DiceFaces{}, table(t, yacht.Yacht).Rules(), bd.Actions[0].Action,
			yachtcoach.Compare(bd.Actions[0].Breakdown, bd.Actions[i].Breakdown))
		desc := hr.Embeds[0].Description
		if !strings.Contains(desc, head[loc]+yachtboard.Move(loc, yachtwords.DiceFaces{}, table(t, yacht.Yacht).Rules(), bd.Actions[i].Action)) || !strings.Contains(desc, why) {
			t.Errorf("%s: no why %q in the hint:\n%s", loc, why, desc)
		}
	}
}

// Under coach:on, a costly decision's cost line is followed by why the
// best move beats it; under hints, the board says nothing of it.
func TestCostLineSaysWhy(t *testing.T) {
	for _, loc := range commands.Locales {
		h := coachHarness(t, loc)
		r := post(t, h, table3(t, yachttable.CoachOn))
		r = asOK(t, h, ann, mustFind(t, r, 'r').CustomID)
		bd := coachBreakdowns(t, gdata(t, r))
		// The worst scoring costs points.
		var worst finalscore.ActionBreakdown
		for _, a := range bd.Actions {
			if a.Kind == strategy.Score && (worst.Kind != strategy.Score || a.Expected < worst.Expected) {
				worst = a
			}
		}
		rules := table(t, yacht.Yacht).Rules()
		why := "↳ " + yachtcoach.Why(loc, yachtwords.DiceFaces{}, rules, bd.Actions[0].Action, yachtcoach.Compare(bd.Actions[0].Breakdown, worst.Breakdown))
		menu := mustFind(t, r, 's')
		var value string
		for _, o := range menu.Options {
			if o.Value == "c"+strconv.Itoa(worst.Scoring.Category) {
				value = o.Value
			}
		}
		if value == "" {
			t.Fatalf("no menu option for %+v", worst.Action)
		}
		after := asOK(t, h, ann, menu.CustomID, value)
		if desc := after.Embeds[0].Description; !strings.Contains(desc, why) {
			t.Errorf("%s: no %q under the cost:\n%s", loc, why, desc)
		}
	}
	h := coachHarness(t, commands.English)
	r := post(t, h, table3(t, yachttable.CoachHints))
	r = asOK(t, h, ann, mustFind(t, r, 'r').CustomID)
	menu := mustFind(t, r, 's')
	after := asOK(t, h, ann, menu.CustomID, menu.Options[len(menu.Options)-1].Value)
	if strings.Contains(bot.FormatText(after), "↳") {
		t.Errorf("a why in public under coach:hints:\n%s", bot.FormatText(after))
	}
}
