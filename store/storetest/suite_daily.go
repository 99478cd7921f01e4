package storetest

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/alea-bot/alea/store"
)

// claimAndRecord keeps d's claims, names and games as the bot would:
// every claim first, then the games.
func claimAndRecord(t *testing.T, s store.Store, d *Dailies) {
	t.Helper()
	ctx := ctxOf(t)
	for _, c := range d.Claims {
		got, official, err := s.ClaimDaily(ctx, c)
		if err != nil || !official || got != c {
			t.Fatalf("ClaimDaily(%+v) = %+v, %v, %v; want it kept", c, got, official, err)
		}
	}
	for u, name := range d.Public {
		if err := s.SetDailyName(ctx, u, name, true); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SetDailyName(ctx, d.Users[1], "Not shown", false); err != nil {
		t.Fatal(err)
	}
	record(t, s, d.Games)
}

// dailyQueries are the boards to check on d: each day and each week,
// each server and everyone, with and without a minimum, a limit and an
// asker.
func dailyQueries(d *Dailies) []store.DailyBoardQuery {
	var qs []store.DailyBoardQuery
	for _, rules := range d.Rules {
		for i, day := 0, d.FirstDay; day < d.FirstDay+d.Days; i, day = i+1, day+1 {
			for _, week := range []bool{false, true} {
				for k, guild := range append(d.Guilds, "everyone") {
					q := store.DailyBoardQuery{Rules: rules, Day: day, Week: week, Guild: guild, Everyone: guild == "everyone",
						Limit: []int{0, 3, 10}[(i+k)%3], User: d.Users[(i*3+k)%len(d.Users)]}
					if q.Everyone {
						q.Guild = "g1" // ignored
					}
					if week {
						q.MinDailies = []int{0, 1, 4}[(i+k)%3]
					}
					qs = append(qs, q)
				}
			}
		}
	}
	return qs
}

// checkDailies compares every board and every player's attempts with
// the plain computation over claims and games.
func checkDailies(t *testing.T, s store.Store, d *Dailies, claims []store.DailyAttempt, games []store.Game, public map[string]string) {
	t.Helper()
	ctx := ctxOf(t)
	lines, mine := 0, 0
	for _, q := range dailyQueries(d) {
		got, err := s.DailyBoard(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		want := BruteDailyBoard(claims, games, public, q)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("DailyBoard(%+v):\n got %+v (mine %+v)\nwant %+v (mine %+v)", q, got, got.Mine, want, want.Mine)
		}
		lines += len(got.Lines)
		if got.Mine != nil {
			mine++
		}
	}
	if lines < 200 || mine < 20 {
		t.Fatalf("only %d lines and %d askers' lines: the dailies do not exercise the boards", lines, mine)
	}
	for _, u := range append(d.Users, "nobody") {
		p, err := s.DailyPlayer(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		name, public := public[u]
		want := store.DailyPlayer{User: u, Public: public, Name: name, Attempts: bruteAttempts(claims, games, u)}
		if !reflect.DeepEqual(p, want) {
			t.Fatalf("DailyPlayer(%s):\n got %+v\nwant %+v", u, p, want)
		}
	}
}

// The boards of the daily challenges agree with a plain count over the
// claims and the recorded games: only official attempts count (practice
// never does, nor a game of another kind or player under a claim's id),
// a late-night player's result counts for the challenge's day whenever
// the game ended, ranked by the mean loss, then the mean score.
func testDailyAgainstBruteForce(t *testing.T, s store.Store) {
	d := NewDailies(1)
	claimAndRecord(t, s, d)
	checkDailies(t, s, d, d.Claims, d.Games, d.Public)
	checkDailyStandings(t, s, d)
}

// checkDailyStandings compares the standings of the dailies' kind (and
// of the Yacht table, which one stray game under a claim's id is) with
// brute force over the games recorded: official dailies count toward the
// average and skill (their assisted decisions left out), practice toward
// nothing, and a daily, played alone, never toward wins.
func checkDailyStandings(t *testing.T, s store.Store, d *Dailies) {
	t.Helper()
	ctx := ctxOf(t)
	lines, assisted := 0, 0
	for _, guild := range d.Guilds {
		for _, kind := range []string{store.KindDaily, store.KindYacht} {
			for _, rules := range append([]string{""}, d.Rules...) {
				for i, by := range []store.Ranking{store.ByWins, store.ByAverage, store.BySkill} {
					q := store.StandingsQuery{Guild: guild, Kind: kind, Rules: rules, By: by, MinGames: i}
					got, err := s.Standings(ctx, q)
					if err != nil {
						t.Fatal(err)
					}
					compareStandings(t, fmt.Sprintf("%+v", q), got, BruteStandings(d.Games, q))
					for _, l := range append(got.Ranked, got.Unranked...) {
						if kind == store.KindDaily && (l.Wins != 0 || l.Contests != 0) {
							t.Fatalf("%+v: a daily counted toward wins: %+v", q, l)
						}
						lines++
						assisted += l.Assisted
					}
				}
			}
		}
	}
	if lines < 100 || assisted == 0 {
		t.Fatalf("only %d standings lines, %d assisted decisions: the dailies do not exercise the standings", lines, assisted)
	}
}

// One official attempt per player, rule set and day, whichever replica
// starts it: of twelve concurrent starts one is kept, the others get it
// back; another rule set or day is another attempt.
func testDailyClaim(t *testing.T, s store.Store) {
	ctx := ctxOf(t)
	at := dailyEpoch.Add(23*time.Hour + 59*time.Minute)
	first := store.DailyAttempt{User: "ann", Rules: "yacht", Day: unixDay(at), Started: at}
	var wg sync.WaitGroup
	var mu sync.Mutex
	kept := map[string]int{}
	var errs []error
	for i := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := first
			a.Game = fmt.Sprintf("start-%d", i)
			got, official, err := s.ClaimDaily(ctx, a)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, err)
				return
			}
			if official != (got.Game == a.Game) {
				errs = append(errs, fmt.Errorf("start %d: official %v with game %s", i, official, got.Game))
			}
			kept[got.Game]++
		}()
	}
	wg.Wait()
	if len(errs) > 0 || len(kept) != 1 {
		t.Fatalf("concurrent starts: kept %v, errors %v", kept, errs)
	}
	for _, other := range []store.DailyAttempt{
		{User: "ann", Rules: "yatzy", Day: first.Day, Game: "other-rules", Started: at},
		{User: "ann", Rules: "yacht", Day: first.Day + 1, Game: "next-day", Started: at.Add(time.Minute)},
		{User: "bob", Rules: "yacht", Day: first.Day, Game: "other-player", Started: at},
	} {
		if got, official, err := s.ClaimDaily(ctx, other); !official || err != nil || got != other {
			t.Errorf("ClaimDaily(%+v) = %+v, %v, %v; want a new attempt", other, got, official, err)
		}
	}
	p, err := s.DailyPlayer(ctx, "ann")
	if err != nil || len(p.Attempts) != 3 || p.Attempts[0].Day != first.Day || p.Attempts[2].Game != "next-day" || p.Public {
		t.Fatalf("DailyPlayer(ann) = %+v, %v", p, err)
	}
	// Its game recorded twice counts once; a practice game of the same
	// challenge changes nothing.
	var game string
	for g := range kept {
		game = g
	}
	g := dailyGame(rand.New(rand.NewPCG(1, 1)), game, "ann", "yacht", first.Day, "g1", at)
	g.Seats[0].Score, g.Seats[0].Lost, g.Seats[0].Assisted, g.Seats[0].AssistedLost, g.Seats[0].Hints = 200, 1.25, 0, 0, false
	record(t, s, []store.Game{g})
	if ok, err := s.Record(ctx, g); ok || err != nil {
		t.Fatalf("a second Record = %v, %v", ok, err)
	}
	practice := g
	practice.ID, practice.Chosen, practice.Seats = "practice", true, []store.Seat{{User: "ann", Score: 300}}
	record(t, s, []store.Game{practice})
	b, err := s.DailyBoard(ctx, store.DailyBoardQuery{Rules: "yacht", Day: first.Day, Everyone: true, User: "ann"})
	want := store.DailyLine{Rank: 1, User: "ann", Dailies: 1, Lost: 1.25, Score: 200}
	if err != nil || b.Players != 1 || len(b.Lines) != 1 || b.Lines[0] != want || b.Mine == nil || *b.Mine != want {
		t.Fatalf("the board of one result: %+v, %v", b, err)
	}
	// The name on the deployment-wide board, set and taken back.
	if err := s.SetDailyName(ctx, "ann", "Ann", true); err != nil {
		t.Fatal(err)
	}
	if p, _ := s.DailyPlayer(ctx, "ann"); !p.Public || p.Name != "Ann" {
		t.Fatalf("named: %+v", p)
	}
	if err := s.SetDailyName(ctx, "ann", "Ann", false); err != nil {
		t.Fatal(err)
	}
	if p, _ := s.DailyPlayer(ctx, "ann"); p.Public || p.Name != "" {
		t.Fatalf("unnamed: %+v", p)
	}
}

// Forgetting a player deletes their attempts and name (the others'
// boards unchanged), and exports show both before; forgetting a server
// deletes the results played there, keeping the attempts (none can be
// started again).
func testDailyForget(t *testing.T, s store.Store) {
	ctx := ctxOf(t)
	d := NewDailies(2)
	claimAndRecord(t, s, d)
	victim := d.Users[0] // named on the board
	e, err := s.Export(ctx, victim)
	if err != nil {
		t.Fatal(err)
	}
	if want := bruteAttempts(d.Claims, d.Games, victim); !e.Daily.Public || e.Daily.Name != d.Public[victim] || !reflect.DeepEqual(e.Daily.Attempts, want) || len(want) == 0 {
		t.Fatalf("the export's dailies: %+v", e.Daily)
	}
	if _, err := s.ForgetUser(ctx, victim); err != nil {
		t.Fatal(err)
	}
	var claims []store.DailyAttempt
	for _, c := range d.Claims {
		if c.User != victim {
			claims = append(claims, c)
		}
	}
	public := map[string]string{}
	for u, n := range d.Public {
		if u != victim {
			public[u] = n
		}
	}
	games := without(d.Games, victim)
	checkDailies(t, s, d, claims, games, public)
	if e, err := s.Export(ctx, victim); err != nil || len(e.Daily.Attempts) != 0 || e.Daily.Public {
		t.Fatalf("the export of a forgotten player: %+v, %v", e.Daily, err)
	}

	if _, err := s.ForgetGuild(ctx, "g2"); err != nil {
		t.Fatal(err)
	}
	var kept []store.Game
	for _, g := range games {
		if g.Guild != "g2" {
			kept = append(kept, g)
		}
	}
	checkDailies(t, s, d, claims, kept, public)
	for _, c := range claims {
		if _, official, err := s.ClaimDaily(ctx, store.DailyAttempt{User: c.User, Rules: c.Rules, Day: c.Day, Game: "again", Started: c.Started}); official || err != nil {
			t.Fatalf("after forgetting a server, %s started %s's challenge again: %v, %v", c.User, c.Rules, official, err)
		}
	}
}
