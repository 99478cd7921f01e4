package yacht

import (
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht"
)

// shared holds the tables of every Yacht command of the process, so that
// /yacht-advise and the game commands build each rule set's table once.
var shared yacht.Tables

// SharedTables returns the tables /yacht-advise uses, for the other Yacht
// commands of the process.
func SharedTables() *yacht.Tables { return &shared }

// RuleChoices returns the choices of a rules option: every preset /yacht-advise
// offers, with its name in three languages, in menu order.
func RuleChoices() []commands.Choice {
	out := make([]commands.Choice, len(ruleChoices))
	for i, c := range ruleChoices {
		out[i] = commands.Choice{Name: c.name, Value: c.value}
	}
	return out
}
