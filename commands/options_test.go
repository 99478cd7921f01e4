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
