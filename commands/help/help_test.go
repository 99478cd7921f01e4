package help_test

import (
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
