package yacht

import (
	"strings"

	"github.com/alea-bot/alea/commands"
)

// RulesOption returns the rules option every Yacht command takes: one of
// the presets, Yacht by default.
func RulesOption() commands.Option {
	return commands.Option{Name: commands.T("rules", "규칙", "ルール"), Type: commands.String, Choices: ruleChoiceList(),
		Description: commands.T("Rule set (default yacht)", "규칙 (기본 요트)", "ルール（既定はヨット）")}
}

// ruleChoiceList is the choices of the rules option: every preset, with its
// name in three languages, in menu order.
func ruleChoiceList() []commands.Choice {
	out := make([]commands.Choice, len(ruleChoices))
	for i, c := range ruleChoices {
		out[i] = commands.Choice{Name: c.name, Value: c.value}
	}
	return out
}

// Presets returns the key of every preset the rules option offers, in menu
// order.
func Presets() []string {
	out := make([]string, len(ruleChoices))
	for i, c := range ruleChoices {
		out[i] = c.value
	}
	return out
}

// RejectRules refuses an unknown rules key, naming every preset.
func RejectRules(key string) *commands.UserError {
	return commands.Rejectf(msgBadRules, commands.Quote(key), strings.Join(Presets(), ", "))
}
