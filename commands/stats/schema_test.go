package stats_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
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
}
