package yachtgame

import (
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/yachttable"
)

// The pieces of a table's board that another Yacht game draws its own
// board with (the daily challenge, commands/daily), so that both show the
// buttons a player knows (the dice and the sheet are commands/yachtboard's).
// Each component is named by its action's letter alone (Action*): the game
// that draws them makes the custom_ids of its own route.

// The letters of the components PlayRows draws (the table's wire format:
// a letter never changes meaning).
const (
	ActionDie0  = actDie0  // hold or release die 0; ActionDie0+1 … +4 the others
	ActionRoll  = actRoll  // roll the dice not held
	ActionScore = actScore // the category menu (values "c<category>")
)

// PlayRows are the dice (after roll 1 or 2), Roll and the score menu as
// the table draws them for g's coach (adv: the engine's advice on the
// dice rolled, none before the first roll), without the table's other
// buttons.
func PlayRows(loc commands.Locale, g *yachttable.Table, adv strategy.Advice) []commands.ActionRow {
	var out []commands.ActionRow
	for _, row := range components(loc, g, adv) {
		var keep commands.ActionRow
		for _, c := range row {
			if id := c.CustomID; len(id) == 1 && (id[0] >= ActionDie0 && id[0] < ActionDie0+yacht.NumDice || id[0] == ActionRoll || id[0] == ActionScore) {
				keep = append(keep, c)
			}
		}
		if len(keep) > 0 {
			out = append(out, keep)
		}
	}
	return out
}

// ReviewLabel is the label of a finished game's Review button.
var ReviewLabel = msgReviewButton

// RejectStale refuses a button of a board that has moved on since.
func RejectStale() error { return commands.Rejectf(msgStale) }

// RejectNotNow refuses a move the turn's point (after roll) does not
// allow.
func RejectNotNow(roll int) error { return commands.Rejectf(msgNotNow, roll) }

// RejectCategory refuses a box the dice cannot be scored in now.
func RejectCategory() error { return commands.Rejectf(msgBadCategory) }
