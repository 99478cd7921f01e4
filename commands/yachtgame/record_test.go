package yachtgame

import (
	"github.com/alea-bot/alea/commands"
)

// onlyFinalButtons reports whether r's components are those of a final
// board with memory off: Play again alone.
func onlyFinalButtons(r *commands.Reply) bool {
	if len(r.Components) != 1 || len(r.Components[0]) != 1 {
		return false
	}
	_, ok := find(r, actAgain)
	return ok
}
