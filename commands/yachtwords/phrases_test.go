package yachtwords

import (
	"strings"
	"testing"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht"
)

// The phrases of a move, in each language, by the number of dice kept.
func TestMovePhrases(t *testing.T) {
	r, _ := yacht.Preset(yacht.Yacht)
	var f DiceFaces
	for _, c := range []struct {
		l    commands.Locale
		keep []int
		want string
	}{
		{commands.English, nil, "reroll all five"},
		{commands.English, []int{6}, "keep ⚅ (6), reroll 4 dice"},
		{commands.English, []int{3, 3, 6, 6}, "keep ⚂⚂⚅⚅ (3366), reroll 1 die"},
		{commands.English, []int{1, 2, 3, 4, 5}, "keep all five"},
		{commands.Korean, []int{6, 6}, "⚅⚅ (66) 남기고 3개 다시 굴리기"},
		{commands.Korean, nil, "다섯 개 모두 다시 굴리기"},
		{commands.Japanese, []int{2, 2, 2, 2}, "⚁⚁⚁⚁ (2222) を残して1個振り直す"},
		{commands.Japanese, []int{1, 1, 1, 1, 1}, "5個すべて残す"},
	} {
		if got := Keep(c.l, f, c.keep); got != c.want {
			t.Errorf("%s Keep(%v) = %q, want %q", c.l, c.keep, got, c.want)
		}
	}
	for l, want := range map[commands.Locale]string{commands.English: "score Full House for 24", commands.Korean: "풀 하우스 칸에 24점", commands.Japanese: "フルハウスに24点"} {
		if got := Score(l, r, r.CategoryIndex("full_house"), 24); got != want {
			t.Errorf("%s Score = %q, want %q", l, got, want)
		}
	}
}

// A sheet's summary: the total, the upper bonus as it stands, the boxes.
func TestSheetSummary(t *testing.T) {
	y, _ := yacht.Preset(yacht.Yahtzee)
	for sheet, want := range map[string]string{
		"":                                       "Total **0** · 0 of 13 categories filled\nUpper 0/63: 63 to go for +35 (6 boxes open)",
		"sixes:30 fives:25 fours:8":              "Total **98** · 3 of 13 categories filled\nUpper 63/63 ✓ bonus +35 earned\nFours 8 · Fives 25 · Sixes 30",
		"aces:1 twos:2 threes:3 fours:4 fives:5": "Upper 15/63: 48 to go for +35 (1 box open)",
		"aces:1 twos:2 threes:3 fours:4 fives:5 sixes:6 yahtzee:50 yahtzee_bonus:200": "Upper 21/63: bonus missed\nAces 1 · Twos 2 · Threes 3 · Fours 4 · Fives 5 · Sixes 6 · Yahtzee 50 · +200 Yahtzee bonus",
	} {
		s, err := yacht.ParseSheet(y, sheet)
		if err != nil {
			t.Fatal(err)
		}
		if got := SheetSummary(commands.English, y, s); !strings.Contains(got, want) {
			t.Errorf("%q: %q, want it to hold %q", sheet, got, want)
		}
	}
	s, _ := yacht.ParseSheet(y, "sixes:30 fives:25 fours:8")
	if got, want := SheetSummary(commands.Japanese, y, s), "合計 **98** · 13役中3役記入済み\n上段 63/63 ✓ ボーナス +35 獲得\nフォー 8 · ファイブ 25 · シックス 30"; got != want {
		t.Errorf("Japanese: %q, want %q", got, want)
	}
}

func TestPercent(t *testing.T) {
	for p, want := range map[float64]string{0: "0%", 1: "100%", 0.00005: "<0.01%", 0.99995: ">99.99%", 0.5: "50.00%", 0.123456: "12.35%", -1: "0%", 2: "100%"} {
		if got := Percent(p); got != want {
			t.Errorf("Percent(%v) = %q, want %q", p, got, want)
		}
	}
}

// Scores a category can hold are written as runs.
func TestRuns(t *testing.T) {
	for _, c := range []struct {
		ps   []int
		want string
	}{
		{nil, ""}, {[]int{0}, "0"}, {[]int{0, 1}, "0, 1"}, {[]int{0, 1, 2, 3, 4, 5}, "0–5"},
		{[]int{0, 2, 4, 6, 8, 10}, "0, 2, 4, 6, 8, 10"}, {[]int{0, 5, 6, 7, 9, 10}, "0, 5–7, 9, 10"},
	} {
		if got := runs(c.ps, "–"); got != c.want {
			t.Errorf("runs(%v) = %q, want %q", c.ps, got, c.want)
		}
	}
}

// The example in the bad-sheet message must itself be a valid sheet, in
// every language and under every preset.
func TestSheetExampleIsAValidSheet(t *testing.T) {
	for _, r := range presets(t) {
		for _, l := range commands.Locales {
			ex := SheetExample(l, r)
			if strings.Count(ex, ":") != 3 {
				t.Errorf("%s %s: example %q has not three categories", r.Key, l, ex)
			}
			if _, err := ParseSheet(r, ex); err != nil {
				t.Errorf("%s %s: example %q is refused: %v", r.Key, l, ex, err)
			}
		}
	}
}

// What a player meant when they left out the colons.
func TestWithColons(t *testing.T) {
	if fixed, ok := withColons("4 of a Kind 24; Full House 22"); !ok || fixed != "4 of a Kind:24; Full House:22" {
		t.Errorf("withColons: %q %v", fixed, ok)
	}
	if _, ok := withColons("bogus"); ok {
		t.Error("withColons rewrote a sheet with no score")
	}
}

// Every refusal of ParseSheet and ParseDice is worded in each language,
// never with the engine's English (its Error is for logs).
func TestRefusalsAreWorded(t *testing.T) {
	y, _ := yacht.Preset(yacht.Yahtzee)
	for _, in := range []string{"aces:7", "aces:3 aces:3", "bogus:3", "aces", ":3", "aces:x", "yahtzee_bonus:150", "yahtzee_bonus:100", "yahtzee:50 yahtzee_bonus:2000", strings.Repeat("a", 1001)} {
		_, err := ParseSheet(y, in)
		if err == nil {
			t.Fatalf("%q accepted", in)
		}
		for _, l := range commands.Locales {
			msg := RejectSheet(y, err).Localize(l)
			if msg == "" || msg == err.Error() || l != commands.English && strings.Contains(msg, err.Error()) || strings.Contains(msg, msgUnknown.In(l)) {
				t.Errorf("%s %q: %q", l, in, msg)
			}
		}
	}
	for _, in := range []string{"7 1 1 1 1", "1 2 3", "1 1 1 1 x"} {
		_, err := yacht.ParseDice(in)
		for _, l := range commands.Locales {
			msg := RejectDice(err).Localize(l)
			if msg == err.Error() || l != commands.English && strings.Contains(msg, err.Error()) || strings.Contains(msg, msgUnknown.In(l)) {
				t.Errorf("%s %q: %q", l, in, msg)
			}
		}
	}
}

// Moves as the store keeps them, written for a reader.
func TestRecordedMoves(t *testing.T) {
	r, _ := yacht.Preset(yacht.Yatzy)
	for _, c := range []struct {
		l    commands.Locale
		r    *yacht.Rules
		move string
		want string
	}{
		{commands.English, r, "", "reroll all"},
		{commands.English, r, "33", "keep ⚂⚂ (33)"},
		{commands.English, r, "12345", "keep all"},
		{commands.English, r, "chance", "score Chance"},
		{commands.Korean, r, "one_pair", "원 페어에 기록"},
		{commands.Japanese, r, "6", "⚅ (6) を残す"},
		{commands.English, nil, "fives", "score fives"},
		{commands.English, r, "bogus", "score bogus"},
	} {
		if got := Move(c.l, c.r, c.move); got != c.want {
			t.Errorf("%s Move(%q) = %q, want %q", c.l, c.move, got, c.want)
		}
	}
	for digits, want := range map[string]string{"13356": "⚀⚂⚂⚄⚅ (13356)", "": "-", "x7": "x7"} {
		if got := DigitsText(digits); got != want {
			t.Errorf("DigitsText(%q) = %q, want %q", digits, got, want)
		}
	}
}

// A box's figure (its score, what it lost) stands apart from the box's
// name in every language: Korean names the upper boxes by their numbers,
// so a colon parts them there.
func TestBoxFigure(t *testing.T) {
	r, err := yacht.Preset(yacht.Yacht)
	if err != nil {
		t.Fatal(err)
	}
	six := r.CategoryIndex("sixes")
	for l, want := range map[commands.Locale]string{commands.English: "Sixes 1.25", commands.Korean: "6: 1.25", commands.Japanese: "シックス 1.25"} {
		if got := BoxFigure(l, CategoryName(l, r, six), "1.25"); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
}
