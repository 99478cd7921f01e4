package yacht

import (
	"github.com/alea-bot/alea/commands"
)

// RuleChoices returns the choices of a rules option: every preset /yacht-advise
// offers, with its name in three languages, in menu order.
func RuleChoices() []commands.Choice {
	out := make([]commands.Choice, len(ruleChoices))
	for i, c := range ruleChoices {
		out[i] = commands.Choice{Name: c.name, Value: c.value}
	}
	return out
}
