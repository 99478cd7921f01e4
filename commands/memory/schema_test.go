package memory_test

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
		r := f.mustRun(c.line, guildA, user, 0)
		if got := keys(t, r.Data); !reflect.DeepEqual(got, strings.Fields(c.want)) {
			t.Errorf("%s: keys %v, documented %s", c.line, got, c.want)
		}
	}
	var g string
	for _, x := range f.games {
		if x.Guild == guildA && len(x.Seats) > 1 {
			g = x.ID
			break
		}
	}
	r := f.mustRun("/review game:"+g, guildA, user, 0)
	b, _ := json.Marshal(r.Data)
	var review struct {
		Seats []map[string]json.RawMessage `json:"seats"`
	}
	json.Unmarshal(b, &review)
	if got := keys(t, r.Data); !reflect.DeepEqual(got, strings.Fields("chosen ended game rules seats")) {
		t.Errorf("review keys %v", got)
	}
	seatKeys := "costly decisions grade lost luck per_decision player score user winner"
	for _, s := range review.Seats {
		var ks []string
		for k := range s {
			ks = append(ks, k)
		}
		slices.Sort(ks)
		if want := strings.Fields(seatKeys); !reflect.DeepEqual(ks, want) && !reflect.DeepEqual(ks, slices.DeleteFunc(slices.Clone(want), func(k string) bool { return k == "user" })) {
			t.Errorf("review seat keys %v", ks)
		}
	}
}
