package commands_test

import (
	"slices"
	"testing"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/coins"
	"github.com/alea-bot/alea/engine/orbs"
	"github.com/alea-bot/alea/engine/trialrule"
	"github.com/alea-bot/alea/engine/yacht"
)

// TestCoerceReadsFullWidth: what a Japanese or Korean keyboard types in
// full width reaches the command as ASCII, for every option type.
func TestCoerceReadsFullWidth(t *testing.T) {
	one := 1.0
	defs := []commands.Option{
		{Name: commands.T("dice", "주사위", "サイコロ"), Type: commands.String, MaxLength: 40},
		{Name: commands.T("roll", "굴림", "何投目"), Type: commands.Integer, Min: &one},
		{Name: commands.T("weight", "가중치", "重み"), Type: commands.Number},
	}
	got, err := commands.Coerce(defs, map[string]any{"dice": "３　３　５　６　６", "roll": "２", "weight": "２．５"})
	if err != nil {
		t.Fatal(err)
	}
	if got.String("dice", "") != "3 3 5 6 6" || got.Int("roll", 0) != 2 || got.Float("weight", 0) != 2.5 {
		t.Fatalf("Coerce read %v", got)
	}
}

// The tables below give each parser of typed numbers an input in full
// width and the same input in ASCII: after Normalize both must read the
// same, and the ASCII one must parse (so the row tests something).

func TestNormalizeDice(t *testing.T) {
	for fw, ascii := range map[string]string{
		"３　３　５　６　６": "3 3 5 6 6",
		"３３５６６":     "33566",
		"３，３，５，６，６": "3,3,5,6,6",
		"⚂⚂⚄⚅⚅":     "⚂⚂⚄⚅⚅",
	} {
		want, err := yacht.ParseDice(ascii)
		if err != nil {
			t.Fatalf("%q: %v", ascii, err)
		}
		got, err := yacht.ParseDice(commands.Normalize(fw))
		if err != nil || got.Counts() != want.Counts() {
			t.Errorf("ParseDice(Normalize(%q)) = %v, %v; want %v", fw, got, err, want)
		}
	}
}

func TestNormalizeSheet(t *testing.T) {
	r, err := yacht.Preset(yacht.Yacht)
	if err != nil {
		t.Fatal(err)
	}
	for fw, ascii := range map[string]string{
		"ａｃｅｓ：３　ｔｗｏｓ：６":     "aces:3 twos:6",
		"エース：３、デュース：６":      "エース:3, デュース:6",
		"하나：３　요트：５０":        "하나:3 요트:50",
		"ｃｈｏｉｃｅ＝２２；ｙａｃｈｔ＝０": "choice=22;yacht=0",
	} {
		want, err := yachtwords.ParseSheet(r, ascii)
		if err != nil {
			t.Fatalf("%q: %v", ascii, err)
		}
		got, err := yachtwords.ParseSheet(r, commands.Normalize(fw))
		if err != nil || got.String() != want.String() {
			t.Errorf("ParseSheet(Normalize(%q)) = %v, %v; want %v", fw, got, err, want)
		}
	}
}

func TestNormalizeWeights(t *testing.T) {
	for fw, ascii := range map[string]string{
		"１：２":           "1:2",
		"５％　２０％　７５％":    "5% 20% 75%",
		"１／６　１／３　１／２":   "1/6 1/3 1/2",
		"０．０５　０．２　０．７５": "0.05 0.2 0.75",
	} {
		want, err := trialrule.ParseWeights(ascii)
		if err != nil {
			t.Fatalf("%q: %v", ascii, err)
		}
		got, err := trialrule.ParseWeights(commands.Normalize(fw))
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("ParseWeights(Normalize(%q)) = %v, %v; want %v", fw, got, err, want)
		}
	}
}

func TestNormalizeGrid(t *testing.T) {
	for fw, ascii := range map[string]string{
		"１００１／０１１０": "1001/0110",
		"１　０／０　１":   "1 0/0 1",
		"＃．／．＃":     "#./.#",
		"■□／□■":     "■□/□■",
	} {
		want, err := orbs.Parse(ascii)
		if err != nil {
			t.Fatalf("%q: %v", ascii, err)
		}
		got, err := orbs.Parse(commands.Normalize(fw))
		if err != nil || got.String() != want.String() {
			t.Errorf("orbs.Parse(Normalize(%q)) = %v, %v; want %v", fw, got, err, want)
		}
	}
}

func TestNormalizeCoins(t *testing.T) {
	for fw, ascii := range map[string]string{"１２": "12", "１０^１８": "10^18", "１０＾１８": "10^18"} {
		want, err := coins.ParseCount(ascii)
		if err != nil {
			t.Fatalf("%q: %v", ascii, err)
		}
		if got, err := coins.ParseCount(commands.Normalize(fw)); err != nil || got != want {
			t.Errorf("ParseCount(Normalize(%q)) = %d, %v; want %d", fw, got, err, want)
		}
	}
	for fw, ascii := range map[string]string{"１　３　４": "1 3 4", "１，２": "1,2", "１；２；３": "1;2;3"} {
		want, err := coins.ParseTakeSet(ascii)
		if err != nil {
			t.Fatalf("%q: %v", ascii, err)
		}
		if got, err := coins.ParseTakeSet(commands.Normalize(fw)); err != nil || !slices.Equal(got, want) {
			t.Errorf("ParseTakeSet(Normalize(%q)) = %v, %v; want %v", fw, got, err, want)
		}
	}
	for fw, ascii := range map[string]string{"ｍｃｔｓ：５０": "mcts:50", "ｐｅｒｆｅｃｔ": "perfect"} {
		want, err := coins.ParsePlayerSpec(ascii)
		if err != nil {
			t.Fatalf("%q: %v", ascii, err)
		}
		if got, err := coins.ParsePlayerSpec(commands.Normalize(fw)); err != nil || got != want {
			t.Errorf("ParsePlayerSpec(Normalize(%q)) = %v, %v; want %v", fw, got, err, want)
		}
	}
}

// TestNormalizeKeepsOtherText: names and Hangul are left as they are.
func TestNormalizeKeepsOtherText(t *testing.T) {
	for _, s := range []string{"@민수, 지영, alea", "花子", "jackpot, win, miss", "3 3 5 6 6"} {
		if got := commands.Normalize(s); got != s {
			t.Errorf("Normalize(%q) = %q", s, got)
		}
	}
	if got := commands.Normalize("ｶﾀｶﾅ"); got != "カタカナ" {
		t.Errorf("half-width kana: %q", got)
	}
}
