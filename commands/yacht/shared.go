package yacht

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
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

// Warm returns the warm-up of a Yacht command: it builds every preset's
// table at start (tables are shared, so each is built once).
func Warm(tables *strategy.Tables) func(ctx context.Context) error {
	return func(ctx context.Context) error {
		for _, k := range Presets() {
			if _, err := tables.Preset(ctx, k); err != nil {
				return fmt.Errorf("yacht table %s: %w", k, err)
			}
		}
		return nil
	}
}

// Table returns the table of r from tables, building it first (heavy work,
// behind commands.Heavy) when it is not built yet.
func Table(ctx context.Context, tables *strategy.Tables, r *yacht.Rules) (*strategy.Table, error) {
	if _, ok := tables.Ready(r.Key); !ok { // building the table is heavy; a lookup is not
		hctx, done, err := commands.Heavy(ctx)
		if err != nil {
			return nil, err
		}
		defer done()
		ctx = hctx
	}
	t, err := tables.Get(ctx, r)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			return nil, err
		}
		return nil, fmt.Errorf("yacht table %s: %w", r.Key, err)
	}
	return t, nil
}

// YachtBox returns the index of r's Yacht category (five of a kind), or -1.
func YachtBox(r *yacht.Rules) int {
	for i := range r.Categories {
		if r.Categories[i].Kind == yacht.KindYacht {
			return i
		}
	}
	return -1
}
