package coins

import "github.com/alea-bot/alea/commands"

// cacheKey reuses every answer that depends on its input alone: not a new
// game against the bot (a new seed each time), nor a tree or a match
// without a seed (a random one is drawn), nor a press in a game (who
// presses matters: only the game's owner may move).
func cacheKey(req *commands.Request) (string, bool) {
	if req.Kind != commands.KindCommand {
		return "", false
	}
	switch req.Command {
	case "coins play":
		return "", false
	case "coins tree", "coins match":
		return "", req.Options.Has("seed")
	}
	return "", true
}
