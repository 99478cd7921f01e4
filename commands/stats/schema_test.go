package stats_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/alea-bot/alea/commands/stats"
)

// keys returns the sorted keys of a JSON object.
func keys(t *testing.T, v any) []string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestDataSchema checks the field names docs/data.md documents for each
// answer's --format data.
func TestDataSchema(t *testing.T) {
	f := newFixture(t, 60)
	user := users[0]
	for _, c := range []struct {
		line string
		want string
	}{
		{"/stats standings min:1", "by game min_games period ranked recording rules unranked"},
		{"/stats standings period:week", "by game min_games period ranked recording rules since unranked"},
		{"/stats history", "bests guild other recent series totals user"},
		{"/stats me", "file games here recording user"},
		{"/stats forget", "done games seats"},
		{"/stats server", "can_manage guild recording"},
	} {
		r := f.MustRun(c.line, guildA, user, 0)
		if got := keys(t, r.Data); !reflect.DeepEqual(got, strings.Fields(c.want)) {
			t.Errorf("%s: keys %v, documented %s", c.line, got, c.want)
		}
	}
	// A ranked line, and a rule set's totals.
	st := f.MustRun("/stats standings min:1", guildA, user, 0).Data.(stats.StandingsData)
	h := f.MustRun("/stats history", guildA, user, 0).Data.(stats.HistoryData)
	if len(st.Ranked) == 0 || len(h.Totals) == 0 {
		t.Fatal("no line to check")
	}
	for what, c := range map[string]struct {
		v    any
		want string
	}{
		"a standings line":    {st.Ranked[0], "assisted avg_score contests decisions games luck rank scored skill user wins"},
		"a rule set's totals": {h.Totals[0], "assisted avg_score best contests decisions games grade luck rules scored skill wins"},
	} {
		if got := keys(t, c.v); !reflect.DeepEqual(got, strings.Fields(c.want)) {
			t.Errorf("%s: keys %v, documented %s", what, got, c.want)
		}
	}
}
