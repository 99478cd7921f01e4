package help_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/help"
)

// TestHelpLinksPolicies: /help links the privacy policy and the terms of
// service in the reader's language, and the links name files of this
// repository's docs/ (the pages the Developer Portal links), which exist.
func TestHelpLinksPolicies(t *testing.T) {
	reg := commands.NewRegistry()
	reg.Add(help.Command(reg))
	h := bottest.New(t, reg.Commands()...)
	labels := map[commands.Locale][2]string{
		commands.English:  {"Privacy policy", "Terms of service"},
		commands.Korean:   {"개인정보 처리방침", "이용약관"},
		commands.Japanese: {"プライバシーポリシー", "利用規約"},
	}
	for _, loc := range commands.Locales {
		h.Locale = loc
		r := h.MustRun("/help")
		e := r.Embeds[0]
		last := e.Fields[len(e.Fields)-1]
		want := "[" + labels[loc][0] + "](" + help.PrivacyURL + ") · [" + labels[loc][1] + "](" + help.TermsURL + ")"
		if last.Value != want {
			t.Errorf("%s: the last field is %q: %q, want %q", loc, last.Name, last.Value, want)
		}
	}
	const repo = "https://github.com/alea-bot/alea/blob/main/"
	for _, u := range []string{help.PrivacyURL, help.TermsURL} {
		path, ok := strings.CutPrefix(u, repo)
		if !ok {
			t.Errorf("%s is not a file of the repository's main branch", u)
			continue
		}
		if _, err := os.Stat(filepath.Join("..", "..", filepath.FromSlash(path))); err != nil {
			t.Errorf("%s links %s, which does not exist: %v", u, path, err)
		}
	}
}

// TestHelpSuggestsTheNearestCommand: `/help command:` with a typo of a
// command's name, in any language, names that command as the reader's
// picker shows it; a name near none lists the commands alone.
func TestHelpSuggestsTheNearestCommand(t *testing.T) {
	reg := commands.NewRegistry(&commands.Command{Name: commands.T("yacht", "요트", "ヨット"), Description: commands.T("d", "d", "d"),
		Handle: func(context.Context, *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: "x"}, nil
		}})
	reg.Add(help.Command(reg))
	h := bottest.New(t, reg.Commands()...)
	for line, want := range map[string]map[commands.Locale]string{
		"/help command:yatch": {
			commands.English:  "❌ There is no command `/yatch`. Did you mean `/yacht`? Commands: `/yacht`, `/help`.",
			commands.Korean:   "❌ `/yatch` 명령어는 없습니다. `/요트`를 찾으셨나요? 명령어: `/요트`, `/도움말`.",
			commands.Japanese: "❌ `/yatch` というコマンドはありません。`/ヨット` のことですか？コマンド: `/ヨット`、`/ヘルプ`。",
		},
		"/help command:/요츠": {
			commands.English: "❌ There is no command `/요츠`. Did you mean `/yacht`? Commands: `/yacht`, `/help`.",
		},
		"/help command:ヘルフ": {
			commands.Japanese: "❌ `/ヘルフ` というコマンドはありません。`/ヘルプ` のことですか？コマンド: `/ヨット`、`/ヘルプ`。",
		},
		"/help command:orbs": {
			commands.English: "❌ There is no command `/orbs`. Commands: `/yacht`, `/help`.",
			commands.Korean:  "❌ `/orbs` 명령어는 없습니다. 명령어: `/요트`, `/도움말`.",
		},
	} {
		for loc, w := range want {
			h.Locale = loc
			r, _ := h.Run(line)
			if got := r.Content; got != w {
				t.Errorf("%s in %s: %q, want %q", line, loc, got, w)
			}
		}
	}
}
