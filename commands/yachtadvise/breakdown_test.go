package yachtadvise

import (
	"context"
	"encoding/json"
	"math"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtcoach"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/internal/race"
	"strings"
)

// checkBreakdown checks one breakdown of the data output: every box of
// the rules' sheet, filled ones at their points, and the parts adding up
// to the expected final score (1e-9, the engine's tests' bound).
func checkBreakdown(t *testing.T, what string, r *yacht.Rules, sheet yacht.Sheet, b *yachtcoach.Breakdown, expected float64) {
	t.Helper()
	if b == nil {
		t.Fatalf("%s: no breakdown", what)
	}
	if len(b.Boxes) != len(r.Categories) {
		t.Errorf("%s: %d boxes, the sheet has %d", what, len(b.Boxes), len(r.Categories))
	}
	sum := b.UpperBonus + b.ExtraBonus
	for c, cat := range r.Categories {
		v, ok := b.Boxes[cat.Key]
		if !ok {
			t.Errorf("%s: no box %s", what, cat.Key)
		}
		if sheet.Scores[c] >= 0 && v != float64(sheet.Scores[c]) {
			t.Errorf("%s: filled box %s at %v, the sheet holds %d", what, cat.Key, v, sheet.Scores[c])
		}
		sum += v
	}
	if math.Abs(sum-expected) > 1e-9 {
		t.Errorf("%s: parts add up to %.12f, expected final %.12f", what, sum, expected)
	}
	if b.PUpperBonus < 0 || b.PUpperBonus > 1 || math.Abs(b.UpperBonus-b.PUpperBonus*float64(r.BonusPoints)) > 1e-12 {
		t.Errorf("%s: upper bonus %v at a chance of %v", what, b.UpperBonus, b.PUpperBonus)
	}
}

// Every action of the data output has its breakdown, and the position one
// (the best action's; the start of the next turn without dice).
func TestDataBreakdown(t *testing.T) {
	h := harness(t)
	r, _ := yacht.Preset(yacht.Yacht)
	cases := []struct{ dice, sheet string }{
		{"2 3 4 5 6", endSheet},
		{"6 6 6 6 1", endSheet + " choice:20"},
		{"", endSheet},
	}
	if !race.Enabled {
		cases = append(cases, struct{ dice, sheet string }{"3 3 5 6 6", "aces:3 twos:6 choice:22"}, struct{ dice, sheet string }{"", ""})
	}
	for _, c := range cases {
		cmd := `/yacht-advise sheet:"` + c.sheet + `"`
		if c.dice != "" {
			cmd += ` dice:"` + c.dice + `" roll:2`
		}
		d := data(t, h.MustRun(cmd))
		sheet, err := yachtwords.ParseSheet(r, c.sheet)
		if err != nil {
			t.Fatal(err)
		}
		checkBreakdown(t, cmd+" (position)", r, sheet, d.Breakdown, d.ExpectedFinal)
		for _, a := range d.Actions {
			raw, _ := json.Marshal(a)
			checkBreakdown(t, cmd+" "+string(raw), r, sheet, a.Breakdown, a.ExpectedFinal)
		}
		if c.dice == "" && c.sheet == "" {
			// From the empty sheet, the exact distribution's P(bonus) and
			// 50 × P(Yacht) (the engine's published values, to 4 places).
			if math.Abs(d.Breakdown.PUpperBonus-0.6902) > 5e-5 || math.Abs(d.Breakdown.Boxes["yacht"]-14.1742) > 5e-5 {
				t.Errorf("empty sheet: P(bonus) %.6f, Yacht box %.6f", d.Breakdown.PUpperBonus, d.Breakdown.Boxes["yacht"])
			}
		}
	}
}

// While the breakdown table is not built, the answer goes without it (the
// build goes on in the background), and it is not kept in the cache.
func TestDataWithoutBreakdownWhileBuilding(t *testing.T) {
	if _, err := tables(t).Preset(context.Background(), yacht.Yacht); err != nil { // warm: no heavy turn
		t.Fatal(err)
	}
	var started []func()
	pending := &yachtcoach.Tables{Go: func(f func()) { started = append(started, f) }}
	h := bottest.New(t, newCoached(tables(t), yachtwords.DiceFaces{}, nil, record.Asker{}, pending))
	cmd := `/yacht-advise dice:"2 3 4 5 6" roll:2 sheet:"` + endSheet + `"`
	r := h.MustRun(cmd)
	d := data(t, r)
	if d.Breakdown != nil || d.Actions[0].Breakdown != nil {
		t.Errorf("a breakdown before its table is built: %+v", d.Breakdown)
	}
	if len(started) != 1 {
		t.Fatalf("%d builds started, want 1", len(started))
	}
	if complete(nil, r) {
		t.Error("an answer without its breakdown would be kept")
	}
	started[0]()
	if d := data(t, h.MustRun(cmd)); d.Breakdown == nil {
		t.Error("no breakdown once the table is built")
	}
}

// The reply says why the best action beats the runner-up under the list
// (the sentence is yachtcoach's, pinned there), or that it will once the
// breakdown table is built; with why, each alternative shown gets its
// own, within Discord's limits.
func TestWhyUnderTheList(t *testing.T) {
	h := harness(t)
	cmd := `/yacht-advise dice:"2 3 4 5 6" roll:2 sheet:"` + endSheet + `"`
	want := map[commands.Locale]string{
		commands.English:  "💡 Why, against keep ⚁⚂⚃⚄ (2345), reroll 1 die: Scoring 30 in B. Straight pays off in B. Straight",
		commands.Korean:   "💡 ⚁⚂⚃⚄ (2345) 남기고 1개 다시 굴리기와 비교하면: 라지 스트레이트 칸에 30점을 기록하면",
		commands.Japanese: "💡 「⚁⚂⚃⚄ (2345) を残して1個振り直す」と比べると: B.ストレートに30点を記入すれば",
	}
	for l, w := range want {
		h.Locale = l
		if text := bot.FormatText(h.MustRun(cmd)); !strings.Contains(text, w) {
			t.Errorf("%s: no %q in\n%s", l, w, text)
		}
	}
	h.Locale = commands.English
	text := bot.FormatText(h.MustRun(cmd + " why:true top:20"))
	if n := strings.Count(text, "↳ Scoring 30 in B. Straight"); n < 10 {
		t.Errorf("%d alternatives explained with why:true top:20:\n%s", n, text)
	}
	if strings.Contains(text, "💡 Why, against") {
		t.Errorf("the runner-up's why twice:\n%s", text)
	}

	if _, err := tables(t).Preset(context.Background(), yacht.Yacht); err != nil {
		t.Fatal(err)
	}
	pending := &yachtcoach.Tables{Go: func(func()) {}}
	h = bottest.New(t, newCoached(tables(t), yachtwords.DiceFaces{}, nil, record.Asker{}, pending))
	later := map[commands.Locale]string{
		commands.English:  "💡 Why the best move wins comes from a table computed once for these rules, which is being computed now: ask again in a few seconds.",
		commands.Korean:   "💡 최선의 수가 나은 이유는 이 규칙에 대해 한 번만 계산하는 표에서 나오는데, 지금 계산하고 있습니다. 몇 초 뒤에 다시 물어봐 주세요.",
		commands.Japanese: "💡 最善手が良い理由は、このルールについて一度だけ計算する表から求めます。いま計算中なので、数秒後にもう一度どうぞ。",
	}
	for l, w := range later {
		h.Locale = l
		if text := bot.FormatText(h.MustRun(cmd)); !strings.Contains(text, w) {
			t.Errorf("%s: no %q in\n%s", l, w, text)
		}
	}
}

// With a target, the why is in the target's terms: how often each move
// reaches it, then the average (yachtcoach.TargetWhy, pinned there too).
func TestTargetWhy(t *testing.T) {
	if race.Enabled {
		t.Skip("needs the full Yacht table")
	}
	h := harness(t)
	cmd := `/yacht-advise dice:"6 6 5 2 1" roll:2 sheet:"aces:2 twos:6 threes:9 fours:12 fives:15 choice:22 four_of_a_kind:24 small_straight:15" target:200`
	want := map[commands.Locale]string{
		commands.English:  "💡 Why, against keep ⚄⚅⚅ (566), reroll 2 dice: Keeping ⚅⚅ (66) reaches 200 or more 6.59% of the time (the other move: 5.16%), and 2.15 more on average.",
		commands.Korean:   "💡 ⚄⚅⚅ (566) 남기고 2개 다시 굴리기와 비교하면: ⚅⚅ (66)을 남기는 수는 200점 이상에 도달할 확률이 6.59%입니다(다른 수는 5.16%). 평균도 2.15점 높습니다.",
		commands.Japanese: "💡 「⚄⚅⚅ (566) を残して2個振り直す」と比べると: ⚅⚅ (66) を残す手は200点以上に届く確率が6.59%です（もう一方の手は5.16%）。平均も2.15点高くなります。",
	}
	for l, w := range want {
		h.Locale = l
		if text := bot.FormatText(h.MustRun(cmd)); !strings.Contains(text, w) {
			t.Errorf("%s: no %q in\n%s", l, w, text)
		}
	}
}
