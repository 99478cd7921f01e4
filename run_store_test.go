package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// alea run --store answers the standings of the pretend server from the
// store it names: three Yacht tables of Ann and Bob recorded there (as
// the playground records them) rank as the brute force over the same
// games ranks them; without --store, memory is off; as Ann (its admin)
// /stats server offers the server's recording switch and wipe, as Bob (a
// member) it shows the settings only.
func TestRunAnswersTheStandingsOfItsStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "alea.db")
	st, err := store.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	users := bot.LocalUsers()
	ann, bob := users[0].ID, users[1].ID
	end := time.Now().UTC().Add(-time.Hour).Truncate(time.Second)
	var games []store.Game
	for i, scores := range [][2]int{{180, 150}, {120, 200}, {210, 190}} {
		g := store.Game{ID: "runstore" + string(rune('a'+i)), Kind: store.KindYacht, Guild: bot.LocalServerID, Channel: "2", Rules: "yacht",
			Started: end.Add(-10 * time.Minute), Ended: end, Seats: []store.Seat{
				{User: ann, Score: scores[0], Decisions: 30, Lost: 12, Winner: scores[0] > scores[1], Starter: true},
				{User: bob, Score: scores[1], Decisions: 30, Lost: 20, Winner: scores[1] > scores[0]}}}
		if _, err := st.Record(context.Background(), g); err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (int, string, string) {
		var out, errs bytes.Buffer
		code := runner.Main(runRegistry, args, &out, &errs)
		return code, out.String(), errs.String()
	}

	code, out, errs := run("--store", "sqlite:"+path, "--format", "data", "/stats standings")
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	var got struct {
		Ranked []struct {
			Rank             int
			User             string
			Games, Wins      int
			Contests, Scored int
		}
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	want := storetest.BruteStandings(games, store.StandingsQuery{Guild: bot.LocalServerID, Kind: store.KindYacht, Rules: "yacht", By: store.ByWins, MinGames: 3})
	if len(got.Ranked) != len(want.Ranked) || len(want.Ranked) != 2 {
		t.Fatalf("ranked %+v, want %+v", got.Ranked, want.Ranked)
	}
	for i, w := range want.Ranked {
		g := got.Ranked[i]
		if g.Rank != w.Rank || g.User != w.User || g.Games != w.Games || g.Wins != w.Wins || g.Contests != w.Contests || g.Scored != w.Scored {
			t.Errorf("line %d: %+v, want %+v", i+1, g, w)
		}
	}

	if code, out, _ := run("--format", "data", "/stats standings"); code != 0 || !strings.Contains(out, `"memory": "off"`) {
		t.Errorf("without --store: exit %d, %s", code, out)
	}
	// The switch and the wipe are offered to the admin only.
	if code, out, errs := run("--store", "sqlite:"+path, "--as", "Ann", "--format", "json", "/stats server"); code != 0 ||
		!strings.Contains(out, `"stats/1/rec/`+bot.LocalServerID+`/`) || !strings.Contains(out, `"stats/1/wipe/`+bot.LocalServerID+`"`) {
		t.Errorf("/stats server as Ann: exit %d, %s %s", code, out, errs)
	}
	if code, out, _ := run("--store", "sqlite:"+path, "--as", "Bob", "--format", "json", "/stats server"); code != 0 || strings.Contains(out, `"stats/1/`) {
		t.Errorf("/stats server as Bob: exit %d, %s", code, out)
	}
}
