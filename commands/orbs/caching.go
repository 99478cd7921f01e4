package orbs

import "github.com/alea-bot/alea/commands"

// cacheKey reuses the solution of a given grid; a random deal and the
// presses of a game are never reused.
func cacheKey(req *commands.Request) (string, bool) {
	return "", req.Kind == commands.KindCommand && !req.Options.Has("random")
}
