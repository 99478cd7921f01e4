package daily_test

import (
	"context"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands/daily"
	"github.com/alea-bot/alea/commands/yachttables/yachttest"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/store/storetest"
)

// The hooks of the advice log (issue 41): a practice game tells each
// position whose cost it showed, the official attempt tells none; an
// official attempt whose player asked advice elsewhere on its positions
// is kept but ranked nowhere, and says so.
func TestAdviceAskedElsewhere(t *testing.T) {
	needFullTable(t)
	st := storetest.SQLite(t)
	clk := &clock{noon}
	type position struct {
		player, rules string
		roll          int
	}
	var practised []position
	var asked []string
	d := daily.Deps{Tables: yachttest.Tables(), Key: seal.NewKey(deploymentOnes), Now: clk.now, Store: st, Recorder: st,
		AdviceAsked: func(_ context.Context, g *yachttable.Table, player string) (int, error) {
			asked = append(asked, player)
			if g.Daily == nil || g.Chosen || !g.Over() {
				t.Errorf("asked about a game that is not a finished official attempt: %+v", g)
			}
			return 3, nil
		},
		Practised: func(_ context.Context, player, rules string, sheet yacht.Sheet, dice yacht.Dice, roll int) {
			if roll < 1 || roll > 3 || !dice.Valid() || sheet.Filled() >= len(sheet.Scores) {
				t.Errorf("a practice position: roll %d, dice %v, %d boxes filled", roll, dice, sheet.Filled())
			}
			practised = append(practised, position{player, rules, roll})
		}}
	r := &replica{t: t, clk: clk, h: bottest.New(t, daily.Command(d))}
	w := where{user: ann, guild: server1}
	p := newPlayer(t, r, w, yacht.Yacht, 4)
	p.board = r.must(w, "/daily play")
	p.finish()
	if len(practised) != 0 || len(asked) != 1 || asked[0] != ann {
		t.Fatalf("the official attempt: practised %v, asked %v", practised, asked)
	}
	if text := bot.FormatText(p.board); !strings.Contains(text, "💡 Decisions taken on positions you asked advice on elsewhere: 3. This result is kept but not ranked.") ||
		data[daily.GameData](t, p.board).Assisted != 3 {
		t.Errorf("the assisted attempt's final board:\n%s", text)
	}
	if b := data[daily.BoardData](t, r.must(w, "/daily board")); b.Board.Players != 0 {
		t.Errorf("an assisted attempt ranked: %+v", b.Board)
	}
	if me := data[daily.MeData](t, r.must(w, "/daily me")); len(me.Now) != 1 || !me.Now[0].Done || !me.Now[0].Assisted {
		t.Errorf("/daily me of an assisted attempt: %+v", me.Now)
	}
	// A practice game: every decision's position, none before a roll.
	p = newPlayer(t, r, w, yacht.Yacht, 5)
	p.board = r.must(w, "/daily play")
	p.finish()
	for _, pos := range practised {
		if pos.player != ann || pos.rules != yacht.Yacht {
			t.Fatalf("a practice position of %+v", pos)
		}
	}
	if len(practised) < 12 || len(asked) != 1 {
		t.Errorf("practice: %d positions told (12 scorings at least), asked %d times", len(practised), len(asked))
	}
}
