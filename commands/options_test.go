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
