package runner

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtgame/players"
	"github.com/alea-bot/alea/store"
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
		code := Main(fixed(seatRegistry()), args, &out, &errs)
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

// fixed is a registry that does not depend on the store.
func fixed(reg *commands.Registry) func(store.Store) *commands.Registry {
	return func(store.Store) *commands.Registry { return reg }
}

// whereRegistry has /where, which answers with the server the request
// came from and whether its user may manage it.
func whereRegistry() *commands.Registry {
	return commands.NewRegistry(&commands.Command{
		Name: commands.T("where", "", ""), Description: commands.T("w", "", ""),
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: fmt.Sprintf("server %s, place %d, manages %t", req.GuildID, req.Place, req.CanManageServer())}, nil
		},
	})
}

// A line comes from the pretend server: as you or Ann, its admins, with
// the right to manage it; as Bob or Chloe, its members, without.
func TestRunInThePretendServer(t *testing.T) {
	for as, manages := range map[string]bool{"": true, "Ann": true, "Bob": false, "Chloe": false} {
		args := []string{"/where"}
		if as != "" {
			args = append([]string{"--as", as}, args...)
		}
		var out, errs bytes.Buffer
		code := Main(fixed(whereRegistry()), args, &out, &errs)
		want := fmt.Sprintf("server %s, place %d, manages %t", bot.LocalServerID, commands.InServer, manages)
		if code != 0 || !strings.Contains(out.String(), want) {
			t.Errorf("as %q: exit %d, %q (stderr %q), want %q", as, code, out.String(), errs.String(), want)
		}
	}
}

// --store opens the store it names for the registry, and a store that
// cannot be opened is a usage error; without it memory is off.
func TestRunStore(t *testing.T) {
	var engine string
	reg := func(st store.Store) *commands.Registry { engine = st.Engine(); return whereRegistry() }
	var out, errs bytes.Buffer
	if code := Main(reg, []string{"/where"}, &out, &errs); code != 0 || engine != "off" {
		t.Errorf("without --store: exit %d, engine %q", code, engine)
	}
	path := filepath.Join(t.TempDir(), "games.db")
	if code := Main(reg, []string{"--store", "sqlite:" + path, "/where"}, &out, &errs); code != 0 || engine != "sqlite" {
		t.Errorf("--store sqlite: exit %d, engine %q, stderr %q", code, engine, errs.String())
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the SQLite file: %v", err)
	}
	errs.Reset()
	if code := Main(reg, []string{"--store", "mysql://x", "/where"}, &out, &errs); code != exitUsage || !strings.Contains(errs.String(), "--store") {
		t.Errorf("--store mysql: exit %d, stderr %q", code, errs.String())
	}
}
