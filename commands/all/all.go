// Package all assembles every Alea command into one registry.
package all

import (
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/coins"
	"github.com/alea-bot/alea/commands/help"
	"github.com/alea-bot/alea/commands/orbs"
	"github.com/alea-bot/alea/commands/trialrule"
	"github.com/alea-bot/alea/commands/yacht"
	"github.com/alea-bot/alea/commands/yachtgame"
)

// Registry returns a new registry with every command, /help last so that
// it lists all the others.
func Registry() *commands.Registry {
	reg := commands.NewRegistry(
		// One line per command package: name.Command(),
		trialrule.Command(),
		yacht.Command(),
		yachtgame.Command(), yachtgame.StatsCommand(),
		orbs.Command(),
		coins.Command(),
	)
	reg.Add(help.Command(reg))
	return reg
}
