package yachtstats

import "github.com/alea-bot/alea/commands"

// complete reports whether a /yacht-stats reply ran every game asked for
// (and every preset of the comparison) and its exact distribution when
// the input allows one: one its budget cut short is not reused.
func complete(req *commands.Request, reply *commands.Reply) bool {
	d, ok := reply.Data.(StatsData)
	if !ok || d.exactCut || d.Games < int(req.Options.Int("games", defaultGames)) {
		return false
	}
	return !req.Options.Bool("compare", true) || len(d.Presets) == len(presetKeys)
}
