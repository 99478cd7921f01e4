package yachtgame

import (
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/internal/race"
)

func TestExamplesInEveryLocale(t *testing.T) {
	if race.Enabled {
		t.Skip("the examples need full tables; built in the non-race run")
	}
	h := harness(t)
	c := Command(Deps{Tables: &strategy.Tables{}, Key: testKey, Now: time.Now})
	for _, ex := range c.Examples {
		for _, loc := range commands.Locales {
			h.Locale = loc
			h.MustRun(ex)
		}
	}
}

// A turn in Korean and Japanese: the board, the buttons, the menu and the
// judgement of a decision speak the user's language.
func TestGameLocales(t *testing.T) {
	want := map[commands.Locale][]string{
		commands.English:  {"turn 10/12", "Roll 5", "Enter dice", "Score a category", "Total", "optimal"},
		commands.Korean:   {"10/12 턴", "5개 굴리기", "주사위 입력", "족보에 기록", "합계", "최적"},
		commands.Japanese: {"10/12ターン", "5個振る", "出目を入力", "役に記入", "合計", "最適"},
	}
	for loc, words := range want {
		h := harness(t)
		h.Locale = loc
		r := click(t, h, mustFind(t, post(t, h, craft(t, nil, endGame, "tester")), 'r').CustomID)
		text := bot.FormatText(r)
		menu := mustFind(t, r, 's')
		text += "\n" + menu.Placeholder
		var best string
		for _, o := range menu.Options {
			if o.Emoji == "⭐" {
				best = o.Value
			}
		}
		if best == "" {
			// The best move keeps dice: take it, then score the star.
			if b, ok := find(r, 'b'); ok {
				r = click(t, h, b.CustomID)
			}
			r = click(t, h, mustFind(t, r, 'r').CustomID)
			for _, o := range mustFind(t, r, 's').Options {
				if o.Emoji == "⭐" {
					best = o.Value
				}
			}
			if best == "" {
				r = click(t, h, mustFind(t, r, 'r').CustomID)
				for _, o := range mustFind(t, r, 's').Options {
					if o.Emoji == "⭐" {
						best = o.Value
					}
				}
			}
		}
		r = click(t, h, mustFind(t, r, 's').CustomID, best)
		after := bot.FormatText(r)
		// The start of turn 10 shows the roll and enter buttons.
		var labels []string
		for _, row := range r.Components {
			for _, c := range row {
				labels = append(labels, c.Label)
			}
		}
		all := text + "\n" + after + "\n" + strings.Join(labels, " ")
		for _, w := range words {
			if !strings.Contains(all, w) {
				t.Errorf("%s: no %q in\n%s", loc, w, all)
			}
		}
	}
}

// Yahtzee's forced joker and extra bonus, through the modal: with the
// Yahtzee box at 50 and Fours open, five fours must go to Fours for 20 and
// earn 100 more.
func TestYahtzeeJokerThroughTheModal(t *testing.T) {
	if race.Enabled {
		t.Skip("the yahtzee table is built in the non-race run")
	}
	h := harness(t)
	g, err := yachttable.New(3, seal.OwnerOf("tester"), 1, nameSeats([]string{""}))
	if err != nil {
		t.Fatal(err)
	}
	r := g.Rules
	for key, v := range map[string]int{"aces": 3, "twos": 6, "yahtzee": 50} {
		g.Seats[0].Sheet.Scores[r.CategoryIndex(key)] = v
	}
	enter, _ := h.Click(mustFind(t, post(t, h, g), 'e').CustomID)
	if enter.Modal == nil {
		t.Fatalf("no modal: %s", bot.FormatText(enter))
	}
	reply, out := h.Submit(enter.Modal.CustomID, map[string]string{"dice": "⚃⚃⚃⚃⚃"})
	if out != bot.OK {
		t.Fatalf("submit: %s %s", out, bot.FormatText(reply))
	}
	menu := mustFind(t, reply, 's')
	if len(menu.Options) != 1 || menu.Options[0].Label != "Fours: 20 (+100)" {
		t.Fatalf("forced joker menu: %+v", menu.Options)
	}
	reply = click(t, h, menu.CustomID, menu.Options[0].Value)
	d := gdata(t, reply)
	if p := d.Players[0]; p.Total != 3+6+50+20+100 || p.Scores["fours"] != 20 {
		t.Errorf("after the joker: %+v", p)
	}
	back, err := openGame(testKey, strings.Split(d.State, ".")[0])
	if err != nil || back.Seats[0].Sheet.ExtraBonus != 100 {
		t.Errorf("state after the joker: %v %+v", err, back)
	}
	_ = yacht.Yahtzee
}
