package commands_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/alea-bot/alea/commands"
)

// TestCoerceLeavesAnEmptyValueToTheCommand: an empty value reaches the
// command (whose own message says what to write), while a value that is
// too short or too long is refused by the length rule.
func TestCoerceLeavesAnEmptyValueToTheCommand(t *testing.T) {
	defs := []commands.Option{{Name: commands.T("code", "코드", "コード"), Description: commands.T("c", "c", "c"),
		Type: commands.String, Required: true, MinLength: 2, MaxLength: 4}}
	got, err := commands.Coerce(defs, map[string]any{"code": ""})
	if err != nil || !got.Has("code") || got.String("code", "x") != "" {
		t.Fatalf("empty value: %v %v", got, err)
	}
	for _, v := range []string{"a", "abcde"} {
		_, err := commands.Coerce(defs, map[string]any{"code": v})
		var ue *commands.UserError
		if !errors.As(err, &ue) || !strings.Contains(ue.Localize(commands.English), "must be 2 to 4 characters long") {
			t.Errorf("%q: %v", v, err)
		}
	}
}

// A whole number too large for any integer is told the option's bounds,
// not that it is no whole number; a word is told it is none.
func TestCoerceHugeWholeNumberGetsTheBounds(t *testing.T) {
	lo, hi := commands.Between(1, 3)
	defs := []commands.Option{{Name: commands.T("roll", "굴림", "投目"), Description: commands.T("r", "r", "r"),
		Type: commands.Integer, Min: lo, Max: hi}}
	for v, want := range map[string]string{
		"99999999999999999999999":  "`roll` must be between 1 and 3; got `99999999999999999999999`.",
		"-99999999999999999999999": "`roll` must be between 1 and 3",
		"three":                    "`roll` must be a whole number",
	} {
		_, err := commands.Coerce(defs, map[string]any{"roll": v})
		var ue *commands.UserError
		if !errors.As(err, &ue) || !strings.Contains(ue.Localize(commands.English), want) {
			t.Errorf("%q: %v, want %q", v, err, want)
		}
	}
}

// Where a value is typed (the runner, the playground), a choice's name as
// Discord's menu shows it, in any language, stands for its value, and so
// does its short name before a parenthesis (the first such choice); a
// refusal lists the names in the reader's language beside the values.
func TestCoerceChoiceNames(t *testing.T) {
	defs := []commands.Option{{Name: commands.T("rules", "규칙", "ルール"), Description: commands.T("r", "r", "r"), Type: commands.String,
		Choices: []commands.Choice{
			{Name: commands.T("Yacht (51 Worldwide Games)", "요트 (세계의 아소비 대전 51)", "ヨット（世界のアソビ大全51）"), Value: "yacht"},
			{Name: commands.T("Yacht (five of a kind is a full house)", "요트 (같은 눈 5개도 풀 하우스)", "ヨット（5つ同じ目もフルハウス）"), Value: "yacht+fullhouse_yacht"},
			{Name: commands.T("Yatzy (Scandinavian)", "야찌 (스칸디나비아)", "ヤッツィー（北欧）"), Value: "yatzy"},
		}}}
	for typed, want := range map[string]string{
		"yatzy": "yatzy", "Yatzy (Scandinavian)": "yatzy", "야찌 (스칸디나비아)": "yatzy", "야찌": "yatzy", "ヤッツィー": "yatzy",
		"요트 (같은 눈 5개도 풀 하우스)": "yacht+fullhouse_yacht", " ヨット（世界のアソビ大全51） ": "yacht",
	} {
		got, err := commands.Coerce(defs, map[string]any{"rules": typed})
		if err != nil || got.String("rules", "") != want {
			t.Errorf("%q: %v %v, want %s", typed, got, err, want)
		}
	}
	// A short name two choices share names neither: it is refused, and
	// so is a name of none.
	for _, typed := range []string{"요트", "ヨット", "Yacht", "보트"} {
		_, err := commands.Coerce(defs, map[string]any{"rules": typed})
		var ue *commands.UserError
		if !errors.As(err, &ue) || !strings.Contains(ue.Localize(commands.Korean), "다음 중 하나여야 합니다: `요트 (세계의 아소비 대전 51)` (yacht), ") {
			t.Errorf("%q: %v", typed, err)
		}
	}
}
