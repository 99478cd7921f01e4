package yachtstats

import (
	"testing"

	"github.com/alea-bot/alea/commands"
)

// A /yacht-stats reply is reused only when it ran every game asked for
// and, when comparing, every preset.
func TestStatsKeepsOnlyCompleteReplies(t *testing.T) {
	all := make([]PresetStats, len(presetKeys))
	for _, c := range []struct {
		opts commands.Options
		data StatsData
		want bool
	}{
		{commands.Options{}, StatsData{Games: defaultGames, Presets: all}, true},
		{commands.Options{}, StatsData{Games: defaultGames - 1, Presets: all}, false},
		{commands.Options{}, StatsData{Games: defaultGames, Presets: all[:1]}, false},
		{commands.Options{"compare": false}, StatsData{Games: defaultGames}, true},
		{commands.Options{"games": int64(500), "compare": false}, StatsData{Games: 500}, true},
		{commands.Options{"games": int64(500), "compare": false}, StatsData{Games: 499}, false},
	} {
		req := &commands.Request{Kind: commands.KindCommand, Command: "yacht-stats", Options: c.opts}
		if got := complete(req, &commands.Reply{Data: c.data}); got != c.want {
			t.Errorf("%v, %d games, %d presets: kept %v, want %v", c.opts, c.data.Games, len(c.data.Presets), got, c.want)
		}
	}
	if complete(&commands.Request{Options: commands.Options{}}, &commands.Reply{Content: "no data"}) {
		t.Error("a reply without StatsData was kept")
	}
}
