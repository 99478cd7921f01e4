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
		{"Counting", testCounting},
		{"RepeatsAtOnce", testRepeatsAtOnce},
		{"AdviceLog", testAdviceLog},
		{"DailyClaim", testDailyClaim},
		{"DailyAgainstBruteForce", testDailyAgainstBruteForce},
		{"DailyForget", testDailyForget},
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
	for _, want := range BruteCounts(games) {
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
	g.Chosen, g.Entered, g.Kind, g.Size, g.Puzzle = false, false, store.KindYacht, 0, ""
	g.Seats[0].User, g.Seats[0].Starter = "alice", false
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
		g.Guild, g.Kind, g.Rules, g.Size, g.Puzzle = "dup", store.KindYacht, "yacht", 0, ""
		g.Seats[0].User, g.Seats[0].Starter = "bob", false
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
	if len(wantSt.Ranked)+len(wantSt.Unranked) == 0 {
		t.Fatal("bob's games count for nothing: the test checks nothing")
	}
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

// checkAll checks every standings and history query against brute force
// over games, whose counts are known (BruteCounts of every game recorded,
// in order).
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
		compareStandings(t, fmt.Sprintf("%+v", q), got, BruteStandingsCounted(games, q))
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
	checkAll(t, s, gen, BruteCounts(games))
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
	if err := s.AskAdvice(ctx, store.Advice{User: victim, Rules: "yacht", Position: "x", Asked: epoch}); err != nil {
		t.Fatal(err)
	}
	f, err := s.ForgetUser(ctx, victim)
	if err != nil || f.Seats != seats || seats == 0 {
		t.Fatalf("ForgetUser = %+v, %v; want %d seats unlinked", f, err, seats)
	}
	// The others' results count as they did (a win against the victim
	// stays a win), the victim's seats are anonymous.
	after := without(BruteCounts(games), victim)
	checkAll(t, s, gen, after) // the others' standings are unchanged, the user is gone
	for _, g := range after {
		got, ok, err := s.Game(ctx, g.ID)
		if err != nil || !ok || !reflect.DeepEqual(got, g) {
			t.Fatalf("Game %s after forgetting %s = %+v, %v, %v", g.ID, victim, got, ok, err)
		}
	}
	e, err := s.Export(ctx, victim)
	if err != nil || len(e.Games) != 0 || len(e.Advice) != 0 {
		t.Fatalf("Export of a forgotten user = %d games, %d advice, %v", len(e.Games), len(e.Advice), err)
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
		games = append(games, gen.Game())
	}
	// What counts was decided as each game was recorded: deleting a
	// server's games changes nothing of the others'.
	for _, g := range BruteCounts(games) {
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
	for _, p := range bruteHistory(BruteCounts(games), store.HistoryQuery{User: user, Limit: len(games)}).Games {
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

// testCounting records one game for each rule of what counts
// (docs/memory.md) and checks what each seat counts toward, as Game reads
// it back, against the rule's own expectation and against BruteCounts,
// and the standings against brute force.
func testCounting(t *testing.T, s store.Store) {
	ctx := ctxOf(t)
	at := epoch.Add(10 * time.Hour)
	n := 0
	yacht := func(mods func(*store.Game), seats ...store.Seat) store.Game {
		n++
		g := store.Game{ID: fmt.Sprintf("count-%02d", n), Kind: store.KindYacht, Guild: "count", Rules: "yacht",
			Started: at.Add(time.Duration(n) * time.Minute), Ended: at.Add(time.Duration(n)*time.Minute + 30*time.Second), Seats: seats}
		if mods != nil {
			mods(&g)
		}
		return g
	}
	solo := func(kind string, size int, puzzle, user string, ended time.Time, won bool) store.Game {
		n++
		return store.Game{ID: fmt.Sprintf("count-%02d", n), Kind: kind, Guild: "count", Rules: "r", Size: size, Puzzle: puzzle,
			Started: ended, Ended: ended, Seats: []store.Seat{{User: user, Score: 7, Winner: won}}}
	}
	ann := func(score int, win bool) store.Seat {
		return store.Seat{User: "ann", Score: score, Lost: 3, Decisions: 30, Winner: win, Luck: 1}
	}
	bob := func(score int, win bool) store.Seat {
		return store.Seat{User: "bob", Score: score, Lost: 2, Decisions: 30, Winner: win, Luck: -1}
	}
	type want struct {
		ranked, win, score bool
		decisions          int
		why                store.Reason
	}
	full := func(d int) want { return want{true, true, true, d, store.CountsFully} }
	none := func(why store.Reason) want { return want{why: why} }
	cases := []struct {
		name string
		g    store.Game
		want []want
	}{
		{"two players", yacht(nil, ann(200, true), bob(150, false)), []want{full(30), full(30)}},
		{"alone", yacht(nil, ann(200, true)), []want{{true, false, true, 30, store.NoOpponent}}},
		{"against Alea", yacht(nil, ann(200, true), store.Seat{Alea: true, Score: 180}),
			[]want{{true, false, true, 30, store.NoOpponent}, {}}},
		{"the starter and a seat given by name", yacht(nil, func() store.Seat { s := ann(200, true); s.Starter = true; return s }(),
			store.Seat{Name: "Puppet", Score: 90}), []want{none(store.Puppets), {}}},
		{"another player beside the starter's puppet", yacht(nil, func() store.Seat { s := ann(200, true); s.Starter = true; return s }(),
			bob(150, false), store.Seat{Name: "Puppet", Score: 90}), []want{none(store.Puppets), full(30), {}}},
		{"a chosen seed", yacht(func(g *store.Game) { g.Chosen = true }, ann(200, true), bob(150, false)),
			[]want{none(store.Chosen), none(store.Chosen)}},
		{"dice entered by hand", yacht(func(g *store.Game) { g.Entered = true }, ann(200, true), bob(150, false)),
			[]want{{true, false, false, 30, store.Entered}, {true, false, false, 30, store.Entered}}},
		{"assisted decisions", yacht(nil, func() store.Seat { s := ann(200, true); s.Assisted, s.AssistedLost = 12, 1; return s }(),
			func() store.Seat { s := bob(150, false); s.Assisted, s.AssistedLost = 30, 2; return s }()), []want{full(18), full(0)}},
		{"a seat linked to nobody", yacht(nil, ann(200, false), store.Seat{Score: 220, Winner: true, Decisions: 0, PlayedFor: 12}),
			[]want{{true, false, true, 30, store.NoOpponent}, {}}},
		{"a tiny orbs grid", solo(store.KindOrbs, 1, "1x1/a", "ann", at, true), []want{none(store.Small)}},
		{"an orbs grid", solo(store.KindOrbs, 16, "4x4/a", "ann", at, true), []want{full(0)}},
		{"the same grid 59 minutes later", solo(store.KindOrbs, 16, "4x4/a", "ann", at.Add(59*time.Minute), true), []want{none(store.Repeat)}},
		{"the same grid 59 minutes before", solo(store.KindOrbs, 16, "4x4/a", "ann", at.Add(-59*time.Minute), true), []want{none(store.Repeat)}},
		{"the same grid by another player", solo(store.KindOrbs, 16, "4x4/a", "bob", at.Add(time.Minute), true), []want{full(0)}},
		{"the same grid an hour later", solo(store.KindOrbs, 16, "4x4/a", "ann", at.Add(time.Hour), true), []want{full(0)}},
		{"a small coins game", solo(store.KindCoins, 5, "5/3/2", "ann", at, true), []want{none(store.Small)}},
		{"a coins game", solo(store.KindCoins, 6, "6/3/3", "ann", at, true), []want{full(0)}},
		// A daily challenge is played alone: never a win.
		{"a daily challenge", yacht(func(g *store.Game) { g.Kind = store.KindDaily }, ann(200, true)),
			[]want{{true, false, true, 30, store.NoOpponent}}},
		{"a daily's practice", yacht(func(g *store.Game) { g.Kind, g.Chosen = store.KindDaily, true }, ann(200, true)),
			[]want{none(store.Chosen)}},
		{"an assisted daily", yacht(func(g *store.Game) { g.Kind = store.KindDaily },
			func() store.Seat { s := ann(200, true); s.Assisted, s.AssistedLost, s.Hints = 4, 1, true; return s }()),
			[]want{{true, false, true, 26, store.NoOpponent}}},
	}
	var games []store.Game
	for _, c := range cases {
		games = append(games, c.g)
	}
	record(t, s, games)
	brute := BruteCounts(games)
	for k, c := range cases {
		got, ok, err := s.Game(ctx, c.g.ID)
		if err != nil || !ok {
			t.Fatalf("%s: Game = %v, %v", c.name, ok, err)
		}
		for i, w := range c.want {
			gc := got.Seats[i].Counts
			if gc.Ranked != w.ranked || gc.Win != w.win || gc.Score != w.score || gc.Decisions != w.decisions || gc.Why != w.why {
				t.Errorf("%s: seat %d counts %+v, want %+v", c.name, i, gc, w)
			}
			if gc != brute[k].Seats[i].Counts {
				t.Errorf("%s: seat %d counts %+v, brute force %+v", c.name, i, gc, brute[k].Seats[i].Counts)
			}
		}
	}
	for _, by := range []store.Ranking{store.ByWins, store.ByAverage, store.BySkill} {
		for _, kind := range []string{store.KindYacht, store.KindOrbs, store.KindCoins, store.KindDaily} {
			q := store.StandingsQuery{Guild: "count", Kind: kind, By: by}
			got, err := s.Standings(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			compareStandings(t, fmt.Sprintf("%+v", q), got, BruteStandingsCounted(brute, q))
		}
	}
	st, _ := s.Standings(ctx, store.StandingsQuery{Guild: "count", Kind: store.KindYacht})
	for _, l := range st.Ranked {
		// ann won the two games against bob: the games alone, against
		// Alea, with her puppet, with a chosen seed or real dice won
		// nothing; bob's game beside ann's puppet was a contest.
		if l.User == "ann" && (l.Wins != 2 || l.Contests != 2 || l.Assisted != 12) || l.User == "bob" && (l.Wins != 0 || l.Contests != 3 || l.Assisted != 30) {
			t.Errorf("standing %+v", l)
		}
	}
	// ann's two official dailies count toward her average and skill
	// (the assisted decisions left out), never toward wins.
	st, _ = s.Standings(ctx, store.StandingsQuery{Guild: "count", Kind: store.KindDaily})
	if len(st.Ranked) != 1 || st.Ranked[0] != (store.Standing{Rank: 1, User: "ann", Games: 2, Scored: 2, AvgScore: 200, Decisions: 56, Skill: 5.0 / 56, Assisted: 4, Luck: 1}) {
		t.Errorf("the dailies' standings %+v", st.Ranked)
	}
}

// testRepeatsAtOnce records results of one puzzle by one player at the
// same moment, from many goroutines: exactly one counts.
func testRepeatsAtOnce(t *testing.T, s store.Store) {
	ctx := ctxOf(t)
	const copies = 12
	var wg sync.WaitGroup
	errs := make(chan error, copies)
	for i := range copies {
		wg.Go(func() {
			g := store.Game{ID: fmt.Sprintf("again-%02d", i), Kind: store.KindCoins, Guild: "again", Rules: "bw-perfect",
				Size: 8, Puzzle: "4/4/p/me", Started: epoch, Ended: epoch.Add(time.Duration(i) * time.Second),
				Seats: []store.Seat{{User: "carol", Score: 1, Winner: true}, {Alea: true}}}
			if _, err := s.Record(ctx, g); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	st, err := s.Standings(ctx, store.StandingsQuery{Guild: "again", Kind: store.KindCoins})
	if err != nil || len(st.Ranked) != 1 || st.Ranked[0].Games != 1 || st.Ranked[0].Wins != 1 {
		t.Fatalf("standings after %d results of one puzzle at once: %+v, %v; want one game won", copies, st, err)
	}
}

// testAdviceLog keeps advice, reads it back by player, rule set and time,
// forgets what is a day old, and exports it.
func testAdviceLog(t *testing.T, s store.Store) {
	ctx := ctxOf(t)
	at := func(m int) time.Time { return epoch.Add(time.Duration(m) * time.Minute) }
	asked := []store.Advice{
		{User: "ann", Rules: "yacht", Position: "a", Asked: at(0)},
		{User: "bob", Rules: "yacht", Position: "b", Game: "k7qm2xapb3dz", Asked: at(1)},
		{User: "ann", Rules: "yatzy", Position: "c", Asked: at(2)},
		{User: "ann", Rules: "yacht", Position: "d", Asked: at(3)},
	}
	for _, a := range asked {
		if err := s.AskAdvice(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		q    store.AdviceQuery
		want []store.Advice
	}{
		{store.AdviceQuery{Users: []string{"ann"}}, []store.Advice{asked[0], asked[2], asked[3]}},
		{store.AdviceQuery{Users: []string{"ann", "bob"}, Rules: "yacht"}, []store.Advice{asked[0], asked[1], asked[3]}},
		{store.AdviceQuery{Users: []string{"ann"}, Since: at(1), Until: at(2)}, []store.Advice{asked[2]}},
		{store.AdviceQuery{Users: []string{"nobody"}}, nil},
		{store.AdviceQuery{}, nil},
	} {
		got, err := s.AdviceAsked(ctx, c.q)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("AdviceAsked(%+v) = %+v, %v; want %+v", c.q, got, err, c.want)
		}
	}
	e, err := s.Export(ctx, "ann")
	if err != nil || len(e.Advice) != 3 {
		t.Fatalf("Export has %d advice (%v), want 3", len(e.Advice), err)
	}
	// Asking a day after the first forgets it.
	late := store.Advice{User: "bob", Rules: "yacht", Position: "e", Asked: at(0).Add(store.AdviceKept)}
	if err := s.AskAdvice(ctx, late); err != nil {
		t.Fatal(err)
	}
	got, err := s.AdviceAsked(ctx, store.AdviceQuery{Users: []string{"ann", "bob"}})
	if err != nil || !reflect.DeepEqual(got, []store.Advice{asked[1], asked[2], asked[3], late}) {
		t.Fatalf("after a day: %+v, %v", got, err)
	}
	if n, err := s.PurgeAdvice(ctx, at(3)); n != 2 || err != nil {
		t.Fatalf("PurgeAdvice = %d, %v; want 2", n, err)
	}
	if got, _ := s.AdviceAsked(ctx, store.AdviceQuery{Users: []string{"ann", "bob"}}); !reflect.DeepEqual(got, []store.Advice{asked[3], late}) {
		t.Fatalf("after the purge: %+v", got)
	}
}
