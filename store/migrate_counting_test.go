package store_test

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// oldSeat is a seat as version 1 of the schema kept it.
type oldSeat struct {
	user                  string // "" for NULL
	name                  string
	alea, winner, hints   bool
	score, decisions, pfr int
	lost                  float64
}

// oldGame is a game as version 1 kept it.
type oldGame struct {
	id, kind, rules string
	seed            int64
	chosen          bool
	ended           time.Time
	seats           []oldSeat
}

// The games a build before the counting rules recorded, and what each
// seat counts toward once the database is migrated.
var oldGames = []struct {
	g    oldGame
	want []store.Counts
}{
	{oldGame{"duel", "yacht", "yacht", 1, false, time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC), []oldSeat{
		{user: "ann", winner: true, score: 210, decisions: 34, lost: 2.5},
		{user: "bob", score: 180, decisions: 30, lost: 4, pfr: 1}}},
		[]store.Counts{{Ranked: true, Win: true, Score: true, Decisions: 34, Lost: 2.5}, {Ranked: true, Win: true, Score: true, Decisions: 30, Lost: 4}}},
	{oldGame{"coached", "yacht", "yacht", 2, false, time.Date(2026, 5, 2, 10, 0, 0, 0, time.UTC), []oldSeat{
		{user: "ann", winner: true, hints: true, score: 250, decisions: 36, lost: 0},
		{user: "bob", hints: true, score: 150, decisions: 33, lost: 9}}},
		[]store.Counts{{Ranked: true, Win: true, Score: true}, {Ranked: true, Win: true, Score: true}}},
	{oldGame{"solo", "yacht", "yatzy", 3, false, time.Date(2026, 5, 3, 10, 0, 0, 0, time.UTC), []oldSeat{
		{user: "ann", winner: true, score: 230, decisions: 40, lost: 1}}},
		[]store.Counts{{Ranked: true, Score: true, Decisions: 40, Lost: 1, Why: store.NoOpponent}}},
	{oldGame{"puppet", "yacht", "yacht", 4, false, time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC), []oldSeat{
		{user: "ann", winner: true, score: 230, decisions: 40, lost: 1},
		{name: "Puppet", score: 10, decisions: 30}}},
		[]store.Counts{{Why: store.Puppets}, {}}},
	{oldGame{"played for", "yacht", "yacht", 5, false, time.Date(2026, 5, 5, 10, 0, 0, 0, time.UTC), []oldSeat{
		{user: "ann", score: 150, decisions: 30, lost: 3},
		{user: "bob", winner: true, score: 190, decisions: 10, pfr: 7}, // 7 of 12 turns: nobody's
		{user: "1", score: 100, decisions: 0, pfr: 0}}},                // never decided: nobody's
		[]store.Counts{{Ranked: true, Score: true, Decisions: 30, Lost: 3, Why: store.NoOpponent}, {}, {}}},
	{oldGame{"chosen", "yacht", "yacht", 6, true, time.Date(2026, 5, 6, 10, 0, 0, 0, time.UTC), []oldSeat{
		{user: "ann", winner: true, score: 300, decisions: 30}, {user: "bob", score: 100, decisions: 30}}},
		[]store.Counts{{Why: store.Chosen}, {Why: store.Chosen}}},
	{oldGame{"tiny", "orbs", "1x1", 7, false, time.Date(2026, 5, 7, 10, 0, 0, 0, time.UTC), []oldSeat{
		{user: "ann", winner: true, score: 1, decisions: 1}}},
		[]store.Counts{{Why: store.Small}}},
	{oldGame{"grid", "orbs", "5x5", 8, false, time.Date(2026, 5, 7, 11, 0, 0, 0, time.UTC), []oldSeat{
		{user: "ann", winner: true, score: 6, decisions: 6}}},
		[]store.Counts{{Ranked: true, Win: true, Score: true, Decisions: 6}}},
	{oldGame{"coins", "coins", "bw-perfect", 9, false, time.Date(2026, 5, 7, 12, 0, 0, 0, time.UTC), []oldSeat{
		{user: "ann", winner: true, score: 1}, {alea: true}}},
		[]store.Counts{{Why: store.Small}, {}}},
}

// A database recorded by the build before the counting rules is
// migrated: each seat counts as the rules say as far as its rows tell,
// and the standings agree with brute force over the games as they read
// now.
func testMigratedCounts(t *testing.T, url string) {
	ctx := context.Background()
	db, err := store.MigrateTo(ctx, url, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range oldGames {
		g := c.g
		us := g.ended.UnixMicro()
		if _, err := db.ExecContext(ctx, rebind(url, `INSERT INTO games (id, kind, guild, channel, rules, seed, chosen, started, ended, decisions)
			VALUES (?, ?, 'g', 'c', ?, ?, ?, ?, ?, '[]')`), g.id, g.kind, g.rules, g.seed, b(g.chosen), us-600e6, us); err != nil {
			t.Fatal(err)
		}
		for i, s := range g.seats {
			var user any
			if s.user != "" {
				user = s.user
			}
			if _, err := db.ExecContext(ctx, rebind(url, `INSERT INTO seats (game_id, seat, user_id, name, alea, score, lost, luck, decisions, winner, hints,
				played_for, guild, kind, rules, chosen, ended) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, 'g', ?, ?, ?, ?)`),
				g.id, i, user, s.name, b(s.alea), s.score, s.lost, s.decisions, b(s.winner), b(s.hints), s.pfr, g.kind, g.rules, b(g.chosen), us); err != nil {
				t.Fatal(err)
			}
		}
	}
	db.Close()
	st, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var now []store.Game
	for _, c := range oldGames {
		g, ok, err := st.Game(ctx, c.g.id)
		if err != nil || !ok {
			t.Fatalf("game %s: %v, %v", c.g.id, ok, err)
		}
		for i, w := range c.want {
			if g.Seats[i].Counts != w {
				t.Errorf("game %s, seat %d (%q): counts %+v, want %+v", c.g.id, i, g.Seats[i].User, g.Seats[i].Counts, w)
			}
		}
		now = append(now, g)
	}
	for _, kind := range []string{store.KindYacht, store.KindOrbs, store.KindCoins} {
		for _, by := range []store.Ranking{store.ByWins, store.ByAverage, store.BySkill} {
			for _, since := range []time.Time{{}, time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC)} {
				q := store.StandingsQuery{Guild: "g", Kind: kind, By: by, Since: since}
				got, err := st.Standings(ctx, q)
				if err != nil {
					t.Fatal(err)
				}
				// Brute force over the games as they read now: their
				// counts are the migrated ones (checked above).
				want := storetest.BruteStandingsCounted(now, q)
				if !sameStandings(got, want) {
					t.Errorf("%+v:\n got %+v\nwant %+v", q, got, want)
				}
			}
		}
	}
}

func sameStandings(a, b store.Standings) bool {
	if len(a.Ranked) != len(b.Ranked) || len(a.Unranked) != len(b.Unranked) {
		return false
	}
	for i := range a.Ranked {
		if a.Ranked[i] != b.Ranked[i] {
			return false
		}
	}
	for i := range a.Unranked {
		if a.Unranked[i] != b.Unranked[i] {
			return false
		}
	}
	return true
}

func b(v bool) int {
	if v {
		return 1
	}
	return 0
}

// rebind numbers the placeholders for PostgreSQL.
func rebind(url, q string) string {
	if strings.HasPrefix(url, "sqlite:") {
		return q
	}
	out, n := []byte{}, 0
	for i := 0; i < len(q); i++ {
		if q[i] == '?' {
			n++
			out = append(out, '$')
			out = append(out, strconv.Itoa(n)...)
			continue
		}
		out = append(out, q[i])
	}
	return string(out)
}

func TestSQLiteMigratesCounts(t *testing.T) {
	testMigratedCounts(t, "sqlite:"+filepath.Join(t.TempDir(), "old.db"))
}

func TestPostgresMigratesCounts(t *testing.T) {
	pg := storetest.StartPostgres(t, storetest.PostgresOptions{})
	testMigratedCounts(t, pg.NewDatabase(t))
}
