package yachtstats

import (
	"testing"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/internal/race"
)

func TestExamplesInEveryLocale(t *testing.T) {
	if race.Enabled {
		t.Skip("the examples need full tables; built in the non-race run")
	}
	h := harness(t)
	c := Command(&strategy.Tables{})
	for _, ex := range c.Examples {
		for _, loc := range commands.Locales {
			h.Locale = loc
			h.MustRun(ex)
		}
	}
}
