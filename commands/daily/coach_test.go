package daily_test

import (
	"context"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/daily"
	"github.com/alea-bot/alea/commands/review"
	"github.com/alea-bot/alea/commands/yachtcoach"
	"github.com/alea-bot/alea/commands/yachttables/yachttest"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/store/storetest"
)

// In the official attempt, a costly decision's square is followed by why
// the best move beats it — after the decision, as its square: the board
// shows no hint before one (in three languages).
func TestCostSaysWhy(t *testing.T) {
	needFullTable(t)
	rules, _ := yacht.Preset(yacht.Yacht)
	tb, err := yachttest.Tables().Get(context.Background(), rules)
	if err != nil {
		t.Fatal(err)
	}
	bt, err := finalscore.BuildBreakdownTable(context.Background(), tb)
	if err != nil {
		t.Fatal(err)
	}
	for _, loc := range commands.Locales {
		clk := &clock{noon}
		st := storetest.SQLite(t)
		d := daily.Deps{Tables: yachttest.Tables(), Key: seal.NewKey("coach"), Now: clk.now, Store: st, Recorder: st,
			Breakdowns: &yachtcoach.Tables{Go: func(f func()) { f() }}}
		r := &replica{t: t, h: bottest.New(t, daily.Command(d), review.Command(st)), clk: clk}
		w := where{user: ann, guild: server1, loc: loc}
		board := r.must(w, "/daily play")
		board = r.mustPress(w, board, button(t, board, "🎲"))
		if strings.Contains(board.Embeds[0].Description, "↳") || strings.Contains(board.Embeds[0].Description, "💡") {
			t.Errorf("%s: a why before the decision:\n%s", loc, board.Embeds[0].Description)
		}
		g := data[daily.GameData](t, board)
		if !g.Official {
			t.Fatal("not the official attempt")
		}
		var dice yacht.Dice
		copy(dice[:], g.Dice)
		bd, err := bt.Breakdowns(yacht.NewSheet(rules), &dice, g.Roll)
		if err != nil {
			t.Fatal(err)
		}
		var worst finalscore.ActionBreakdown
		for _, a := range bd.Actions {
			if a.Kind == strategy.Score && (worst.Kind != strategy.Score || a.Expected < worst.Expected) {
				worst = a
			}
		}
		want := "↳ " + yachtcoach.Why(loc, yachtwords.DiceFaces{}, rules, bd.Actions[0].Action, yachtcoach.Compare(bd.Actions[0].Breakdown, worst.Breakdown))
		board = r.mustPress(w, board, menu(board).CustomID, "c"+itoa(worst.Scoring.Category))
		if !strings.Contains(board.Embeds[0].Description, want) {
			t.Errorf("%s: no %q under the square:\n%s", loc, want, board.Embeds[0].Description)
		}
	}
}
