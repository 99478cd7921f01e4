package yachtadvise

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtcoach"
	"github.com/alea-bot/alea/commands/yachttables/yachttest"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/internal/race"
	"github.com/alea-bot/alea/internal/regression"
)

// tables returns tables shared by the tests. Under -race, where a full build
// takes tens of seconds, the yacht table holds only the end game (at most
// three open categories), and the tests that need more are skipped.
func tables(t *testing.T) *strategy.Tables {
	t.Helper()
	return yachttest.Tables()
}

// breakdowns are the tests' breakdown tables, built at once when first
// asked for (the command's own build in the background).
var breakdowns = &yachtcoach.Tables{Go: func(f func()) { f() }}

func harness(t *testing.T) *bottest.Harness {
	return bottest.New(t, newCoached(tables(t), yachtwords.DiceFaces{}, nil, record.Asker{}, breakdowns))
}

// endSheet leaves large_straight, yacht and choice open, upper bonus earned.
const endSheet = `aces:3 twos:6 threes:9 fours:12 fives:15 sixes:18 four_of_a_kind:0 full_house:0 small_straight:15`

func data(t *testing.T, r *commands.Reply) Data {
	t.Helper()
	raw, err := json.Marshal(r.Data)
	if err != nil {
		t.Fatal(err)
	}
	var d Data
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	return d
}

func TestDataSchema(t *testing.T) {
	h := harness(t)
	r := h.MustRun(`/yacht-advise dice:"2 3 4 5 6" roll:2 sheet:"` + endSheet + `"`)
	raw, _ := json.Marshal(r.Data)
	var m map[string]any
	json.Unmarshal(raw, &m)
	for _, k := range []string{"rules", "dice", "roll", "score", "upper_total", "expected_final", "actions"} {
		if _, ok := m[k]; !ok {
			t.Errorf("data lacks %q: %s", k, raw)
		}
	}
	d := data(t, r)
	if d.Rules != "yacht" || d.Roll != 2 || d.Score != 63+35+15 || d.UpperTotal != 63 || len(d.Dice) != 5 {
		t.Errorf("data %+v", d)
	}
	// 32 distinct keeps of five different dice, 3 open categories.
	if len(d.Actions) != 32+3 {
		t.Errorf("%d actions", len(d.Actions))
	}
	best := d.Actions[0]
	if best.Type != "score" || best.Category != "large_straight" || best.Points == nil || *best.Points != 30 || best.ExpectedFinal != d.ExpectedFinal {
		t.Errorf("best %+v", best)
	}
	for i, a := range d.Actions {
		if i > 0 && a.ExpectedFinal > d.Actions[i-1].ExpectedFinal {
			t.Errorf("actions not sorted at %d", i)
		}
		switch a.Type {
		case "keep":
			if a.Keep == nil {
				t.Errorf("keep action without keep: %+v", a)
			}
		case "score":
			if a.Category == "" || a.Points == nil {
				t.Errorf("score action %+v", a)
			}
		default:
			t.Errorf("action type %q", a.Type)
		}
	}
	if !strings.Contains(string(raw), `"type":"keep","keep":[]`) {
		t.Errorf("rerolling all five is not \"keep\":[] in %s", raw)
	}
	if !strings.Contains(string(raw), `"type":"keep","keep":[3,4,5,6]`) {
		t.Errorf("no keep [3,4,5,6] in %s", raw)
	}
}

// With only the yacht open, the best keep's value is a hand computation.
func TestKeepValueByHand(t *testing.T) {
	h := harness(t)
	sheet := endSheet + " choice:20 large_straight:30"
	r := h.MustRun(`/yacht-advise dice:66661 roll:2 sheet:"` + sheet + `"`)
	d := data(t, r)
	want := float64(d.Score) + 50.0/6
	if d.Actions[0].Type != "keep" || math.Abs(d.Actions[0].ExpectedFinal-want) > 1e-9 {
		t.Errorf("best %+v, want keep four sixes at %.6f", d.Actions[0], want)
	}
	text := bot.FormatText(r)
	if !strings.Contains(text, "⚅⚅⚅⚅") || !strings.Contains(text, "**Best: keep ⚅⚅⚅⚅ (6666), reroll 1 die") {
		t.Errorf("reply:\n%s", text)
	}
}

func TestNoDice(t *testing.T) {
	h := harness(t)
	r := h.MustRun(`/yacht-advise sheet:"` + endSheet + `"`)
	d := data(t, r)
	if len(d.Actions) != 0 || d.Dice != nil || d.ExpectedFinal <= float64(d.Score) {
		t.Errorf("no dice: %+v", d)
	}
	raw, _ := json.Marshal(r.Data)
	if !strings.Contains(string(raw), `"actions":[]`) {
		t.Errorf("actions not an empty list: %s", raw)
	}
}

func TestLocales(t *testing.T) {
	h := harness(t)
	want := map[commands.Locale]string{commands.English: "Best", commands.Korean: "최선", commands.Japanese: "最善"}
	for loc, w := range want {
		h.Locale = loc
		r := h.MustRun(`/yacht-advise dice:23456 roll:3 sheet:"` + endSheet + `"`)
		text := bot.FormatText(r)
		if !strings.Contains(text, w) || !strings.Contains(text, "⚁⚂⚃⚄⚅") {
			t.Errorf("%s reply:\n%s", loc, text)
		}
	}
}

func TestBadInput(t *testing.T) {
	h := harness(t)
	bad := map[string]string{
		`/yacht-advise dice:"1 2 3 4"`:             "Five dice are needed, not 4.",
		`/yacht-advise dice:"7 1 1 1 1"`:           "`7` is not a die face.",
		`/yacht-advise dice:"1 1 1 1 x"`:           "`x` cannot be read as a die.",
		`/yacht-advise dice:11111 roll:4`:          "",
		`/yacht-advise dice:11111 roll:0`:          "",
		`/yacht-advise sheet:"aces:7"`:             "Aces cannot score 7; it can score 0 to 5.",
		`/yacht-advise sheet:"twos:3"`:             "Deuces cannot score 3; it can score 0, 2, 4, 6, 8, 10.",
		`/yacht-advise sheet:"aces:1 aces:2"`:      "Aces is on the sheet twice.",
		`/yacht-advise sheet:"bogus:3"`:            "`bogus` is not a category of Yacht",
		`/yacht-advise sheet:"three_of_a_kind:15"`: "The categories are: Aces, Deuces,",
		`/yacht-advise rules:bogus`:                "",
		`/yacht-advise top:0`:                      "",
		`/yacht-advise dice:11111 sheet:"` + endSheet + ` choice:5 large_straight:0 yacht:50"`: "Every category is filled",
	}
	for line, want := range bad {
		r, out := h.Run(line)
		if out != bot.Rejected {
			t.Errorf("%s: outcome %v, want rejected", line, out)
			continue
		}
		if want != "" && !strings.Contains(bot.FormatText(r), want) {
			t.Errorf("%s: %q, want it to mention %q", line, bot.FormatText(r), want)
		}
	}
}

func TestLimitsAndExamples(t *testing.T) {
	if race.Enabled {
		t.Skip("the examples need full tables; built in the non-race run")
	}
	h := harness(t)
	c := Command(&strategy.Tables{}, yachtwords.DiceFaces{}, nil)
	for _, ex := range c.Examples {
		for _, loc := range commands.Locales {
			h.Locale = loc
			h.MustRun(ex)
		}
	}
	// The README's example position: start of a game, 3 3 5 6 6 on roll 1.
	h.Locale = commands.English
	r := h.MustRun(`/yacht-advise dice:"3 3 5 6 6" roll:1 top:20`)
	d := data(t, r)
	if d.Score != 0 || d.Roll != 1 || len(d.Actions) != 12+3*2*3 {
		t.Errorf("start: %d actions, %+v", len(d.Actions), d.Actions[:2])
	}
	r = h.MustRun(`/yacht-advise`)
	if d := data(t, r); math.Abs(d.ExpectedFinal-regression.YachtStart) > regression.StartTolerance {
		t.Errorf("start value %.6f, regression value %.6f", d.ExpectedFinal, regression.YachtStart)
	}
	for _, rules := range []string{"pancht", "yahtzee", "yacht+fullhouse_yacht"} {
		h.MustRun(`/yacht-advise dice:55555 roll:1 rules:` + rules)
	}
	r = h.MustRun(`/yacht-advise dice:44444 roll:3 rules:yahtzee sheet:"yahtzee:50"`)
	d = data(t, r)
	if len(d.Actions) != 1 || d.Actions[0].Category != "fours" {
		t.Errorf("forced joker: %+v", d.Actions)
	}
	if !strings.Contains(bot.FormatText(r), "+100") {
		t.Errorf("joker reply:\n%s", bot.FormatText(r))
	}
}

// A sheet written without colons is answered with the same sheet written
// right, in the player's language; Korean particles follow the word.
func TestSheetWithoutColons(t *testing.T) {
	h := harness(t)
	for loc, want := range map[commands.Locale][]string{
		commands.English:  {"`Aces 3, Twos 6` needs a colon between the category and its score: `Aces:3, Twos:6`."},
		commands.Korean:   {"`Aces 3, Twos 6`: 족보와 점수 사이에 콜론(:)을 넣어 주세요. 예: `Aces:3, Twos:6`."},
		commands.Japanese: {"`Aces 3, Twos 6`: 役と点数の間にコロン（:）を入れてください。例: `Aces:3, Twos:6`。"},
	} {
		h.Locale = loc
		r, out := h.Run(`/yacht-advise dice:"3 3 5 6 6" sheet:"Aces 3, Twos 6"`)
		text := bot.FormatText(r)
		if out != bot.Rejected || !strings.Contains(text, want[0]) {
			t.Errorf("%s: %s %s", loc, out, text)
		}
	}
	// The rewritten sheet is accepted as it is shown.
	h.Locale = commands.English
	h.MustRun(`/yacht-advise dice:"3 3 5 6 6" sheet:"Aces:3, Twos:6"`)
	h.Locale = commands.Korean
	r, _ := h.Run(`/yacht-advise dice:"3 3 5 6 6" roll:4`)
	if text := bot.FormatText(r); !strings.Contains(text, "`굴림`은 1 이상 3 이하여야 합니다") {
		t.Errorf("roll bound in Korean: %s", text)
	}
}

// registered is an application's list of emojis: every face, ids made up.
func registered() map[string]string {
	ids := map[string]string{"party": "999"}
	for face := 1; face <= 6; face++ {
		ids[yachtwords.EmojiName(face, false)] = fmt.Sprint(1000 + face)
		ids[yachtwords.EmojiName(face, true)] = fmt.Sprint(2000 + face)
	}
	return ids
}

// /yacht-advise writes its dice with the emojis it was given: the title
// and the best keep.
func TestAdviseWithEmojis(t *testing.T) {
	h := bottest.New(t, newCommand(tables(t), yachtwords.NewDiceFaces(registered()), nil, record.Asker{}))
	r := h.MustRun(`/yacht-advise dice:66662 roll:1 sheet:"` + endSheet + `"`)
	text := bot.FormatText(r)
	if !strings.Contains(text, "<:alea_d2:1002><:alea_d6:1006><:alea_d6:1006><:alea_d6:1006><:alea_d6:1006>") ||
		strings.Contains(text, "⚅") {
		t.Errorf("reply:\n%s", text)
	}
}
