package runner

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtgame/players"
)

// seatRegistry has /seat, which answers with the players option as the
// Yacht table reads it and a mention of who asked.
func seatRegistry() *commands.Registry {
	return commands.NewRegistry(&commands.Command{
		Name: commands.T("seat", "", ""), Description: commands.T("s", "", ""),
		Options: []commands.Option{{Name: commands.T("players", "", ""), Description: commands.T("p", "", ""), Type: commands.String}},
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: players.Mentions(req.Options.String("players", ""), req.KnownUsers) + " — asked by <@" + req.UserID + "> " + req.UserName}, nil
		},
	})
}

// --as runs a line as Ann, Bob or Chloe; "@Ann" names Ann (shown as
// "@Ann" again in the text output, a mention as Discord shows it); an
// unknown --as is a usage error.
func TestRunAs(t *testing.T) {
	run := func(args ...string) (int, string, string) {
		var out, errs bytes.Buffer
		code := Main(seatRegistry(), args, &out, &errs)
		return code, out.String(), errs.String()
	}
	code, out, errs := run("--as", "bob", `/seat players:"@Ann, @Chloe, alea"`)
	if code != 0 || !strings.Contains(out, "@Ann, @Chloe, alea — asked by @Bob Bob") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, _ = run("--format", "json", `/seat players:"@Ann"`)
	ann := bot.LocalUsers()[0].ID
	if code != 0 || !strings.Contains(out, `\u003c@`+ann+`\u003e — asked by \u003c@local\u003e you`) {
		t.Errorf("json: exit %d, %s", code, out)
	}
	if code, _, errs := run("--as", "Zed", "/seat"); code != exitUsage || !strings.Contains(errs, "Ann, Bob or Chloe") {
		t.Errorf("--as Zed: exit %d, stderr %q", code, errs)
	}
}
