package all_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/commands/commandtest"
)

func TestScratch(t *testing.T) {
	lines := os.Getenv("SCRATCH")
	if lines == "" {
		t.Skip()
	}
	h := commandtest.New(t, all.Registry().Commands()...)
	for _, line := range strings.Split(lines, "\n") {
		for _, l := range strings.Split(os.Getenv("LOCS")+"", ",") {
			h.Locale = commands.ParseLocale(l)
			r, out := h.Run(line)
			fmt.Printf("=== %s %s → %s\n%s\n", h.Locale, line, out, bot.FormatText(r))
		}
	}
}
