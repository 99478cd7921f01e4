package review_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/review"
	"github.com/alea-bot/alea/commands/yachtcoach"
	"github.com/alea-bot/alea/commands/yachttables/yachttest"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/finalscore"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/internal/race"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// played is a game played here, a decision at a time, by a player who
// now and then takes the second-best move, with what each costly
// decision's why must say (worked out from the position the game itself
// was in, which the review has to find again from the record).
type played struct {
	game store.Game
	whys map[commands.Locale][]string
}

func playGame(t *testing.T, tb *strategy.Table, bt *finalscore.BreakdownTable, seed uint64) played {
	t.Helper()
	r := tb.Rules()
	rng := rand.New(rand.NewPCG(seed, 3))
	sheet := yacht.NewSheet(r)
	p := played{whys: map[commands.Locale][]string{}}
	var lost float64
	decide := func(turn, roll int, dice yacht.Dice) strategy.Action {
		bd, err := bt.Breakdowns(sheet, &dice, roll)
		if err != nil {
			t.Fatal(err)
		}
		pick := 0
		if len(bd.Actions) > 1 && rng.IntN(3) == 0 {
			pick = 1 + rng.IntN(min(3, len(bd.Actions)-1))
		}
		best, chosen := bd.Actions[0], bd.Actions[pick]
		loss := best.Expected - chosen.Expected
		move := func(a strategy.Action) string {
			if a.Kind == strategy.Score {
				return r.Categories[a.Scoring.Category].Key
			}
			var b strings.Builder
			for _, f := range a.Keep.Faces() {
				fmt.Fprint(&b, f)
			}
			return b.String()
		}
		rec := roll
		if chosen.Kind == strategy.Score {
			rec = 3
		}
		if loss > 0 {
			lost += loss
			x := yachtcoach.Compare(best.Breakdown, chosen.Breakdown)
			for _, l := range commands.Locales {
				p.whys[l] = append(p.whys[l], yachtcoach.Why(l, yachtwords.DiceFaces{}, r, best.Action, x))
			}
		}
		var digits strings.Builder
		for _, f := range dice.Counts().Faces() {
			fmt.Fprint(&digits, f)
		}
		p.game.Decisions = append(p.game.Decisions, store.Decision{Seat: 0, Turn: turn, Roll: rec, Dice: digits.String(),
			Chosen: move(chosen.Action), Best: move(best.Action), Loss: loss})
		return chosen.Action
	}
	for turn := 1; turn <= len(r.Categories); turn++ {
		var dice yacht.Dice
		for i := range dice {
			dice[i] = 1 + rng.IntN(6)
		}
		for roll := 1; ; roll++ {
			a := decide(turn, roll, dice)
			if a.Kind == strategy.Score {
				sheet = sheet.Fill(a.Scoring)
				break
			}
			kept := a.Keep.Faces()
			for i := range dice {
				if i < len(kept) {
					dice[i] = kept[i]
				} else {
					dice[i] = 1 + rng.IntN(6)
				}
			}
		}
	}
	ended := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	p.game.ID, p.game.Kind, p.game.Rules, p.game.Guild, p.game.Channel = fmt.Sprintf("WHY%08d", seed), store.KindYacht, r.Key, "700000000000000001", "800000000000000001"
	p.game.Started, p.game.Ended = ended.Add(-10*time.Minute), ended
	p.game.Seats = []store.Seat{{User: "900000000000000001", Score: sheet.Total(), Decisions: len(p.game.Decisions), Lost: lost, Winner: true}}
	return p
}

// /review says under every costly decision why the best move beats it,
// in three languages: the sentence for the position the game was in,
// which the review finds again by replaying the record (the sheet from
// the scorings, a scoring's roll from the turn's keeps).
func TestReviewSaysWhy(t *testing.T) {
	if race.Enabled {
		t.Skip("needs the full Yacht table")
	}
	r, _ := yacht.Preset(yacht.Yacht)
	tb, err := yachttest.Tables().Get(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	breakdowns := &yachtcoach.Tables{}
	bt, err := breakdowns.Get(context.Background(), tb)
	if err != nil {
		t.Fatal(err)
	}
	st := storetest.SQLite(t)
	h := bottest.New(t, review.CommandCoached(st, nil, yachttest.Tables(), breakdowns))
	for seed := uint64(1); seed <= 3; seed++ {
		p := playGame(t, tb, bt, seed)
		if len(p.whys[commands.English]) == 0 {
			t.Fatalf("game %d: no costly decision", seed)
		}
		if ok, err := st.Record(context.Background(), p.game); err != nil || !ok {
			t.Fatalf("record: %v %v", ok, err)
		}
		for _, l := range commands.Locales {
			h.Locale = l
			rep := runIn(t, h, "/review game:"+p.game.ID, p.game.Guild, p.game.Seats[0].User)
			txt := string(rep.Files[0].Data)
			var got []string
			for _, line := range strings.Split(txt, "\n") {
				if w, ok := strings.CutPrefix(line, "    ↳ "); ok {
					got = append(got, w)
				}
			}
			if strings.Join(got, "\n") != strings.Join(p.whys[l], "\n") {
				t.Errorf("game %d %s: the whys of review.txt\n%s\nwant\n%s", seed, l, strings.Join(got, "\n"), strings.Join(p.whys[l], "\n"))
			}
			if !strings.Contains(rep.Embeds[0].Fields[0].Value, "↳ ") {
				t.Errorf("game %d %s: no why in the embed:\n%s", seed, l, rep.Embeds[0].Fields[0].Value)
			}
		}
	}
	// A record that does not replay (the stored games of recordstest,
	// whose decisions are made up) gets no why, and the review stands.
	g := games(1, 11)[0]
	g.Rules = yacht.Yacht
	if _, err := st.Record(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	h.Locale = commands.English
	if txt := string(runIn(t, h, "/review game:"+g.ID, g.Guild, "900000000000000001").Files[0].Data); strings.Contains(txt, "↳") {
		t.Errorf("a why for a record that does not replay:\n%s", txt)
	}
}

// runIn runs line in a server's channel as user, and fails on anything but
// an answer.
func runIn(t *testing.T, h *bottest.Harness, line, guild, user string) *commands.Reply {
	t.Helper()
	req, err := runner.SlashRequest(h.Registry, line, h.Locale)
	if err != nil {
		t.Fatal(err)
	}
	req.UserID, req.GuildID, req.ChannelID = user, guild, "800000000000000001"
	r, out := h.Do(req)
	if out != bot.OK {
		t.Fatalf("%s: %s %s", line, out, r.Content)
	}
	return r
}
