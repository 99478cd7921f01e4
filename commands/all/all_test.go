package all_test

import (
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/internal/race"
)

// examples returns every example of every command, as /help shows them.
func examples(reg *commands.Registry) []string {
	var out []string
	for _, c := range reg.Commands() {
		out = append(out, c.Examples...)
		for _, s := range c.Subcommands {
			if s.Example != "" {
				out = append(out, s.Example)
			}
		}
	}
	return out
}

func TestEveryCommandIsLocalisedAndHasAnExample(t *testing.T) {
	reg := all.Registry(all.Loopback())
	for _, c := range reg.Commands() {
		if err := commands.ValidateCommand(c); err != nil {
			t.Error(err)
		}
		if c.Description.Ko == "" || c.Description.Ja == "" {
			t.Errorf("/%s: description lacks Korean or Japanese", c.Name.En)
		}
		if len(c.Examples) == 0 && len(c.Subcommands) == 0 {
			t.Errorf("/%s: no example for /help", c.Name.En)
		}
		for _, s := range c.Subcommands {
			if s.Example == "" {
				t.Errorf("/%s %s: no example", c.Name.En, s.Name.En)
			}
			if s.Description.Ko == "" || s.Description.Ja == "" {
				t.Errorf("/%s %s: description lacks Korean or Japanese", c.Name.En, s.Name.En)
			}
		}
		opts := c.Options
		for _, s := range c.Subcommands {
			opts = append(opts, s.Options...)
		}
		for _, o := range opts {
			if o.Description.Ko == "" || o.Description.Ja == "" {
				t.Errorf("/%s %s: option description lacks Korean or Japanese", c.Name.En, o.Name.En)
			}
		}
	}
}

// TestEveryExampleAnswersInEveryLanguage runs every example /help shows, in
// English, Korean and Japanese, through the real router and limit checks.
// Under -race, where a full Yacht table takes minutes to build and the
// examples would hit their time budget, the Yacht commands' examples are
// left to their own packages (which use small tables then); the run without
// -race answers every example.
func TestEveryExampleAnswersInEveryLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every command")
	}
	reg := all.Registry(all.Loopback())
	h := bottest.New(t, reg.Commands()...)
	for _, loc := range commands.Locales {
		h.Locale = loc
		for _, ex := range examples(reg) {
			if race.Enabled && (strings.HasPrefix(ex, "/yacht") || strings.HasPrefix(ex, "/daily play")) {
				continue
			}
			r, out := h.Run(ex)
			if out != bot.OK {
				t.Errorf("%s %s: outcome %s:\n%s", loc, ex, out, bot.FormatText(r))
			}
		}
	}
}

func TestHelpListsEveryCommand(t *testing.T) {
	reg := all.Registry(all.Loopback())
	h := bottest.New(t, reg.Commands()...)
	for _, loc := range commands.Locales {
		h.Locale = loc
		text := bot.FormatText(h.MustRun("/help"))
		for _, c := range reg.Commands() {
			if !strings.Contains(text, "/"+c.Name.In(loc)) {
				t.Errorf("%s: /help does not list /%s", loc, c.Name.In(loc))
			}
			if !strings.Contains(text, c.Description.In(loc)) {
				t.Errorf("%s: /help lacks the description of /%s in that language", loc, c.Name.En)
			}
			// Every option and subcommand is named, headline features
			// (players, target) among them.
			for _, o := range c.Options {
				if !strings.Contains(text, "`"+o.Name.In(loc)+"`") {
					t.Errorf("%s: /help does not name /%s's option %s", loc, c.Name.En, o.Name.In(loc))
				}
			}
			for _, s := range c.Subcommands {
				for _, o := range s.Options {
					if !strings.Contains(text, "`"+s.Name.In(loc)+"` (") || !strings.Contains(text, "`"+o.Name.In(loc)+"`") {
						t.Errorf("%s: /help does not name /%s %s's option %s", loc, c.Name.En, s.Name.En, o.Name.In(loc))
					}
				}
			}
		}
		for _, want := range map[commands.Locale][]string{
			commands.English:  {"`players`", "`target`"},
			commands.Korean:   {"`플레이어`", "`목표`"},
			commands.Japanese: {"`プレイヤー`", "`目標`"},
		}[loc] {
			if !strings.Contains(text, want) {
				t.Errorf("%s: /help does not show %s", loc, want)
			}
		}
		detail := bot.FormatText(h.MustRun("/help command:help"))
		if !strings.Contains(detail, "`"+commands.T("command", "명령어", "コマンド").In(loc)+"`") {
			t.Errorf("%s: /help command:help does not explain its option:\n%s", loc, detail)
		}
	}
	if r, out := h.Run("/help command:nosuch"); out != bot.Rejected || !r.Ephemeral {
		t.Errorf("/help command:nosuch: outcome %s, want an ephemeral rejection", out)
	}
}
