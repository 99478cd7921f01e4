package commands

import "context"

// OlderVersions returns the routes that answer the custom_ids of a game's
// earlier versions (patterns as seal.Route.Older writes them) with answer,
// a rejection that says the game is from an older version of Alea.
func OlderVersions(patterns []string, answer Text) []Route {
	var out []Route
	for _, p := range patterns {
		out = append(out, Route{Pattern: p, Handle: func(context.Context, *Request) (*Reply, error) {
			return nil, Rejectf(answer)
		}})
	}
	return out
}
