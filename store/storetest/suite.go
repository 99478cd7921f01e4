package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alea-bot/alea/store"
)

// Opener opens a fresh, empty store for one test (and closes it when the
// test ends).
type Opener func(t *testing.T) store.Store

// Run runs the conformance suite on the backend open opens.
func Run(t *testing.T, open Opener) {
	tests := []struct {
		name string
		f    func(*testing.T, store.Store)
	}{
		{"RecordAndRead", testRecordAndRead},
		{"Idempotent", testIdempotent},
		{"ConcurrentDuplicates", testConcurrentDuplicates},
		{"AgainstBruteForce", testAgainstBruteForce},
		{"ForgetUser", testForgetUser},
		{"ForgetGuild", testForgetGuild},
		{"RecordingOff", testRecordingOff},
		{"Export", testExport},
		{"Invalid", testInvalid},
		{"Health", testHealth},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.f(t, open(t)) })
	}
}

// testHealth: a store is healthy when opened and after a write; the
// check answers by ctx's end (at once for an ended ctx); a closed store
// is not healthy.
func testHealth(t *testing.T, s store.Store) {
	ctx := ctxOf(t)
	if err := s.Health(ctx); err != nil {
		t.Fatalf("Health of a fresh store: %v", err)
	}
	record(t, s, []store.Game{NewGenerator(31).Game()})
	if err := s.Health(ctx); err != nil {
		t.Fatalf("Health after a write: %v", err)
	}
	ended, cancel := context.WithCancel(ctx)
	cancel()
	if err := s.Health(ended); err == nil {
		t.Fatal("Health with its context ended: nil")
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Health(ctx); err == nil {
		t.Fatal("Health of a closed store: nil")
	}
}

// Outage checks Health through an outage of s's database, which cause
// brings about and restore ends: healthy before; unhealthy, within
// bound, with an error containing says, during; healthy again after.
func Outage(t *testing.T, s store.Store, bound time.Duration, says string, cause, restore func()) {
	t.Helper()
	check := func() (time.Duration, error) {
		ctx, cancel := context.WithTimeout(context.Background(), bound)
		defer cancel()
		start := time.Now()
		err := s.Health(ctx)
		return time.Since(start), err
	}
	if _, err := check(); err != nil {
		t.Fatalf("Health before the outage: %v", err)
	}
	cause()
	took, err := check()
	if err == nil || !strings.Contains(err.Error(), says) {
		t.Fatalf("Health during the outage: %v; want an error saying %q", err, says)
	}
	if took > bound+2*time.Second {
		t.Fatalf("Health during the outage took %v, beyond its context's %v", took, bound)
	}
	restore()
	if _, err := check(); err != nil {
		t.Fatalf("Health after the outage: %v", err)
	}
}

func ctxOf(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// record records every game, each once, failing the test on an error.
func record(t *testing.T, s store.Store, games []store.Game) {
	t.Helper()
	ctx := ctxOf(t)
	for _, g := range games {
		ok, err := s.Record(ctx, g)
		if err != nil || !ok {
			t.Fatalf("Record %s = %v, %v; want true, nil", g.ID, ok, err)
		}
	}
}

func testRecordAndRead(t *testing.T, s store.Store) {
	ctx := ctxOf(t)
	gen := NewGenerator(1)
	var games []store.Game
	for len(games) < 30 {
		g := gen.Game()
		games = append(games, g)
	}
	games[0].Seed = 1<<64 - 1 // the full range of the seed survives
	games[1].Decisions = []store.Decision{{Seat: 0, Turn: 13, Roll: 3, Dice: "66666", Chosen: "yacht", Best: "yacht"},
		{Seat: 0, Turn: 1, Roll: 1, Dice: "11234", Chosen: "", Best: "1", Loss: 0.25}}
	record(t, s, games)
	for _, want := range games {
		got, ok, err := s.Game(ctx, want.ID)
		if err != nil || !ok {
			t.Fatalf("Game %s = %v, %v", want.ID, ok, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("Game %s:\n got %+v\nwant %+v", want.ID, got, want)
		}
	}
	if _, ok, err := s.Game(ctx, "no-such-game"); ok || err != nil {
		t.Fatalf("Game of an unknown id = %v, %v; want false, nil", ok, err)
	}
}

func testIdempotent(t *testing.T, s store.Store) {
	ctx := ctxOf(t)
	g := NewGenerator(2).Game()
	g.Chosen = false
	g.Seats[0].User = "alice"
	record(t, s, []store.Game{g})
	again := g
	again.Seats = append([]store.Seat(nil), g.Seats...)
	again.Seats[0].Score += 100 // a second report of the same game changes nothing
	ok, err := s.Record(ctx, again)
	if ok || err != nil {
		t.Fatalf("second Record = %v, %v; want false, nil", ok, err)
	}
	got, _, _ := s.Game(ctx, g.ID)
	if got.Seats[0].Score != g.Seats[0].Score {
		t.Fatalf("the second record changed the score to %d", got.Seats[0].Score)
	}
	st, err := s.Standings(ctx, store.StandingsQuery{Guild: g.Guild, Kind: g.Kind})
	if err != nil || len(st.Ranked) == 0 || st.Ranked[0].Games != 1 {
		t.Fatalf("standings after a duplicate = %+v, %v; want alice once", st, err)
	}
}

func testConcurrentDuplicates(t *testing.T, s store.Store) {
	ctx := ctxOf(t)
	gen := NewGenerator(3)
	const games, copies = 5, 12
	var want []store.Game
	for range games {
		g := gen.Game()
		g.Chosen = false
		g.Guild, g.Kind, g.Rules = "dup", store.KindYacht, "yacht"
		g.Seats[0].User = "bob"
		want = append(want, g)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	inserted := map[string]int{}
	var errs []error
	for _, g := range want {
		for range copies {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := s.Record(ctx, g)
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					errs = append(errs, err)
				}
				if ok {
					inserted[g.ID]++
				}
			}()
		}
	}
	wg.Wait()
	if len(errs) > 0 {
		t.Fatalf("%d concurrent records failed, the first: %v", len(errs), errs[0])
	}
	for _, g := range want {
		if inserted[g.ID] != 1 {
			t.Errorf("game %s: %d of %d concurrent records inserted; want exactly 1", g.ID, inserted[g.ID], copies)
		}
	}
	st, err := s.Standings(ctx, store.StandingsQuery{Guild: "dup", Kind: store.KindYacht})
	if err != nil {
		t.Fatal(err)
	}
	wantSt := BruteStandings(want, store.StandingsQuery{Guild: "dup", Kind: store.KindYacht})
	compareStandings(t, "after concurrent duplicates", st, wantSt)
	h, err := s.History(ctx, store.HistoryQuery{User: "bob", Limit: 100})
	if err != nil || len(h.Games) != games {
		t.Fatalf("bob's history has %d games (%v); want %d", len(h.Games), err, games)
	}
}

// compareStandings fails unless got and want agree, ranked and unranked.
func compareStandings(t *testing.T, what string, got, want store.Standings) {
	t.Helper()
	compareLines(t, what+" (ranked)", got.Ranked, want.Ranked)
	compareLines(t, what+" (unranked)", got.Unranked, want.Unranked)
}

// compareLines fails unless got and want agree line by line.
func compareLines(t *testing.T, what string, got, want []store.Standing) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d lines, want %d:\n got %+v\nwant %+v", what, len(got), len(want), got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: line %d:\n got %+v\nwant %+v", what, i+1, got[i], want[i])
		}
	}
}

// queries are the standings queries to check on games.
func queries(gen *Generator) []store.StandingsQuery {
	var qs []store.StandingsQuery
	for _, guild := range gen.Guilds {
		for kind, rules := range gen.Rules {
			for _, r := range append([]string{""}, rules...) {
				for i, since := range sinceTimes() {
					for j, by := range []store.Ranking{store.ByWins, store.ByAverage, store.BySkill, ""} {
						qs = append(qs, store.StandingsQuery{Guild: guild, Kind: kind, Rules: r, Since: since,
							MinGames: (i + j) % 4, By: by, Limit: []int{0, 3, 100}[(i*4+j)%3]})
					}
				}
			}
		}
	}
	return qs
}

func checkAll(t *testing.T, s store.Store, gen *Generator, games []store.Game) {
	t.Helper()
	ctx := ctxOf(t)
	nonEmpty, unranked := 0, 0
	for _, q := range queries(gen) {
		got, err := s.Standings(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Ranked) > 0 {
			nonEmpty++
		}
		if len(got.Unranked) > 0 {
			unranked++
		}
		compareStandings(t, fmt.Sprintf("%+v", q), got, BruteStandings(games, q))
	}
	if nonEmpty < 50 || unranked < 20 {
		t.Fatalf("only %d standings queries had a ranked line, %d an unranked one: the games do not exercise the store", nonEmpty, unranked)
	}
	for _, u := range append(gen.Users, "nobody") {
		for _, guild := range []string{"", "g1"} {
			q := store.HistoryQuery{User: u, Guild: guild, Limit: 7, Series: 25}
			got, err := s.History(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			want := bruteHistory(games, q)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("History(%+v):\n got %+v\nwant %+v", q, got, want)
			}
		}
	}
}

func testAgainstBruteForce(t *testing.T, s store.Store) {
	gen := NewGenerator(4)
	var games []store.Game
	for range 400 {
		games = append(games, gen.Game())
	}
	record(t, s, games)
	checkAll(t, s, gen, games)
}

// without returns the games as they read once the user is forgotten.
func without(games []store.Game, user string) []store.Game {
	var out []store.Game
	for _, g := range games {
		g.Seats = append([]store.Seat(nil), g.Seats...)
		for i := range g.Seats {
			if g.Seats[i].User == user {
				g.Seats[i].User = ""
			}
		}
		out = append(out, g)
	}
	return out
}

func testForgetUser(t *testing.T, s store.Store) {
	ctx := ctxOf(t)
	gen := NewGenerator(5)
	var games []store.Game
	for range 200 {
		games = append(games, gen.Game())
	}
	record(t, s, games)
	victim := gen.Users[3]
	seats := 0
	for _, g := range games {
		for _, st := range g.Seats {
			if st.User == victim {
				seats++
			}
		}
	}
	f, err := s.ForgetUser(ctx, victim)
	if err != nil || f.Seats != seats || seats == 0 {
		t.Fatalf("ForgetUser = %+v, %v; want %d seats unlinked", f, err, seats)
	}
	after := without(games, victim)
	checkAll(t, s, gen, after) // the others' standings are unchanged, the user is gone
	for _, g := range after {
		got, ok, err := s.Game(ctx, g.ID)
		if err != nil || !ok || !reflect.DeepEqual(got, g) {
			t.Fatalf("Game %s after forgetting %s = %+v, %v, %v", g.ID, victim, got, ok, err)
		}
	}
	e, err := s.Export(ctx, victim)
	if err != nil || len(e.Games) != 0 {
		t.Fatalf("Export of a forgotten user = %d games, %v", len(e.Games), err)
	}
	if f, err := s.ForgetUser(ctx, victim); err != nil || f.Seats != 0 {
		t.Fatalf("forgetting twice = %+v, %v", f, err)
	}
}

func testForgetGuild(t *testing.T, s store.Store) {
	ctx := ctxOf(t)
	gen := NewGenerator(6)
	var games, kept []store.Game
	deleted, seats := 0, 0
	for range 200 {
		g := gen.Game()
		games = append(games, g)
		if g.Guild == "g2" {
			deleted++
			seats += len(g.Seats)
		} else {
			kept = append(kept, g)
		}
	}
	record(t, s, games)
	if err := s.SetRecording(ctx, "g2", false); err != nil {
		t.Fatal(err)
	}
	f, err := s.ForgetGuild(ctx, "g2")
	if err != nil || f.Games != deleted || f.Seats != seats || deleted == 0 {
		t.Fatalf("ForgetGuild = %+v, %v; want %d games, %d seats", f, err, deleted, seats)
	}
	checkAll(t, s, gen, kept)
	for _, g := range games {
		_, ok, err := s.Game(ctx, g.ID)
		if err != nil || ok != (g.Guild != "g2") {
			t.Fatalf("Game %s (server %q) after forgetting g2: found %v, %v", g.ID, g.Guild, ok, err)
		}
	}
	if on, err := s.Recording(ctx, "g2"); on || err != nil {
		t.Fatalf("forgetting a server changed its recording setting: %v, %v", on, err)
	}
}

func testRecordingOff(t *testing.T, s store.Store) {
	ctx := ctxOf(t)
	if on, err := s.Recording(ctx, "quiet"); !on || err != nil {
		t.Fatalf("Recording of a new server = %v, %v; want on", on, err)
	}
	if err := s.SetRecording(ctx, "quiet", false); err != nil {
		t.Fatal(err)
	}
	if on, err := s.Recording(ctx, "quiet"); on || err != nil {
		t.Fatalf("Recording after turning it off = %v, %v", on, err)
	}
	gen := NewGenerator(7)
	g := gen.Game()
	g.Guild = "quiet"
	if ok, err := s.Record(ctx, g); ok || !errors.Is(err, store.ErrRecordingOff) {
		t.Fatalf("Record with recording off = %v, %v; want false, ErrRecordingOff", ok, err)
	}
	if _, ok, _ := s.Game(ctx, g.ID); ok {
		t.Fatal("a game was kept with recording off")
	}
	other := gen.Game()
	other.Guild = "loud"
	record(t, s, []store.Game{other})
	if err := s.SetRecording(ctx, "quiet", true); err != nil {
		t.Fatal(err)
	}
	record(t, s, []store.Game{g})
}

func testExport(t *testing.T, s store.Store) {
	ctx := ctxOf(t)
	gen := NewGenerator(8)
	var games []store.Game
	for range 120 {
		g := gen.Game()
		games = append(games, g)
	}
	record(t, s, games)
	user := gen.Users[1]
	e, err := s.Export(ctx, user)
	if err != nil {
		t.Fatal(err)
	}
	var want []store.PlayedGame
	for _, p := range bruteHistory(games, store.HistoryQuery{User: user, Limit: len(games)}).Games {
		want = append([]store.PlayedGame{p}, want...) // oldest first
	}
	if len(e.Games) != len(want) || len(want) == 0 || e.User != user {
		t.Fatalf("Export has %d games, want %d", len(e.Games), len(want))
	}
	for i, p := range e.Games {
		w := want[i]
		if p.Seat != w.Seat || p.Game.ID != w.Game.ID {
			t.Fatalf("export game %d = %s seat %d, want %s seat %d", i, p.Game.ID, p.Seat, w.Game.ID, w.Seat)
		}
		for j, st := range p.Game.Seats {
			mine := j == p.Seat
			if (st.User == user) != mine || (!mine && st.User != "") {
				t.Fatalf("export of %s: seat %d names %q", p.Game.ID, j, st.User)
			}
			ws := w.Game.Seats[j]
			ws.User = st.User
			if st != ws {
				t.Fatalf("export of %s: seat %d = %+v, want %+v", p.Game.ID, j, st, ws)
			}
		}
		var wd []store.Decision
		for _, d := range w.Game.Decisions {
			if d.Seat == w.Seat {
				wd = append(wd, d)
			}
		}
		if !reflect.DeepEqual(p.Game.Decisions, wd) {
			t.Fatalf("export of %s: decisions %+v, want %+v", p.Game.ID, p.Game.Decisions, wd)
		}
	}
}

func testInvalid(t *testing.T, s store.Store) {
	ctx := ctxOf(t)
	g := NewGenerator(9).Game()
	for name, bad := range map[string]func(*store.Game){
		"no id":        func(g *store.Game) { g.ID = "" },
		"no end":       func(g *store.Game) { g.Ended = time.Time{} },
		"no seat":      func(g *store.Game) { g.Seats = nil },
		"bad decision": func(g *store.Game) { g.Decisions = []store.Decision{{Seat: 9}} },
	} {
		b := g
		bad(&b)
		if ok, err := s.Record(ctx, b); ok || err == nil {
			t.Errorf("Record of a game with %s = %v, %v; want an error", name, ok, err)
		}
	}
}
