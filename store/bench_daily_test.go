package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// The daily benchmark's deployment: 2 000 players, the first 500 in one
// big server, the others in 199 servers; dailiesPerDay official results a
// day (a million over two years: each player plays two days in three),
// 10% played in DMs, four in five under the Yacht rules, and a tenth as
// many practice games.
const (
	dailyUsers    = 2000
	dailyBig      = 500
	dailiesPerDay = 1370
)

// benchDailyEnd is the day after the benchmark's last day.
var benchDailyEnd = int(benchEnd.Unix() / 86400)

// benchDaily returns daily game i: day i / dailiesPerDay back from
// benchDailyEnd, its player distinct among that day's (7919 is prime to
// dailyUsers), practice (Chosen, another id) for one in ten.
func benchDaily(i int) store.Game {
	r := rand.New(rand.NewPCG(uint64(i), 0xda17))
	day := benchDailyEnd - 1 - i/dailiesPerDay
	u := (i%dailiesPerDay*7919 + day*31) % dailyUsers
	guild := "guild-0"
	if u >= dailyBig {
		guild = "guild-" + strconv.Itoa(1+u%199)
	}
	if r.IntN(10) == 0 {
		guild = ""
	}
	rules := "yacht"
	if i%5 == 0 {
		rules = "yatzy"
	}
	start := time.Unix(int64(day)*86400, 0).UTC().Add(time.Duration(r.IntN(1440)) * time.Minute)
	g := store.Game{ID: fmt.Sprintf("daily-%07d", i), Kind: store.KindDaily, Guild: guild, Channel: "c", Rules: rules, Seed: uint64(day),
		Started: start, Ended: start.Add(time.Duration(5+r.IntN(60)) * time.Minute),
		Seats: []store.Seat{{User: benchDailyUser(u), Score: 100 + r.IntN(200), Lost: float64(r.IntN(2000)) / 100, Decisions: 30 + r.IntN(7), Luck: float64(r.IntN(64)) / 8}}}
	if r.IntN(10) == 0 {
		g.ID, g.Chosen = g.ID+"p", true
	}
	return g
}

func benchDailyUser(u int) string { return fmt.Sprintf("7%07d", u) }

// Bulk loading the dailies keeps what claiming and recording them keeps.
func TestBulkLoadDailiesMatchesClaims(t *testing.T) {
	ctx := context.Background()
	const n = 4 * dailiesPerDay
	a, b := openSQLite(t), openSQLite(t)
	if err := store.BulkLoad(ctx, a, n, benchDaily); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		g := benchDaily(i)
		if !g.Chosen {
			claim := store.DailyAttempt{User: g.Seats[0].User, Rules: g.Rules, Day: int(g.Seed), Game: g.ID, Started: g.Started}
			if _, official, err := b.ClaimDaily(ctx, claim); err != nil || !official {
				t.Fatalf("claim %d: %v, %v", i, official, err)
			}
		}
		if _, err := b.Record(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	last := benchDailyEnd - 1
	for _, q := range []store.DailyBoardQuery{
		{Rules: "yacht", Day: last, Guild: "guild-0", Limit: 10, User: benchDailyUser(31 * last % dailyUsers)},
		{Rules: "yacht", Day: last, Week: true, Everyone: true, MinDailies: 2, Limit: 10, User: benchDailyUser(7)},
		{Rules: "yacht", Day: last, Week: true, Guild: "guild-0", MinDailies: 2, Limit: 10, User: benchDailyUser(8)},
		{Rules: "yatzy", Day: last - 1, Guild: "", Limit: 5},
	} {
		ba, err1 := a.DailyBoard(ctx, q)
		bb, err2 := b.DailyBoard(ctx, q)
		if err1 != nil || err2 != nil || !reflect.DeepEqual(ba, bb) || len(ba.Lines) == 0 {
			t.Fatalf("%+v: bulk %+v (%v), claimed %+v (%v)", q, ba, err1, bb, err2)
		}
	}
	for u := range 20 {
		pa, err1 := a.DailyPlayer(ctx, benchDailyUser(u))
		pb, err2 := b.DailyPlayer(ctx, benchDailyUser(u))
		if err1 != nil || err2 != nil || !reflect.DeepEqual(pa, pb) {
			t.Fatalf("player %d: bulk %+v (%v), claimed %+v (%v)", u, pa, err1, pb, err2)
		}
	}
}

// BenchmarkDailyMillion loads ALEA_STORE_BENCH_DAILIES daily games
// (1000000 for the figures of docs/benchmarks.md: a million official
// results and a tenth as many practice games) into each engine and times
// the boards, a player's attempts (their streak) and a start on top of
// them. It runs only when that variable is set:
// ALEA_STORE_BENCH_DAILIES=1000000 go test -run '^$' -bench DailyMillion -benchtime 300x ./store/
// (ALEA_STORE_BENCH_DIR keeps the SQLite file between runs).
func BenchmarkDailyMillion(b *testing.B) {
	n, _ := strconv.Atoi(os.Getenv("ALEA_STORE_BENCH_DAILIES"))
	if n <= 0 {
		b.Skip("set ALEA_STORE_BENCH_DAILIES (e.g. 1000000) to run")
	}
	// Official results and practice: a tenth of the games are practice.
	games := n + n/9
	ctx := context.Background()
	b.Run("sqlite", func(b *testing.B) {
		dir := os.Getenv("ALEA_STORE_BENCH_DIR")
		if dir == "" {
			dir = b.TempDir()
		}
		path := filepath.Join(dir, fmt.Sprintf("bench-dailies-%d.db", n))
		_, statErr := os.Stat(path)
		s, err := store.Open(ctx, "sqlite:"+path)
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		if statErr != nil {
			start := time.Now()
			if err := store.BulkLoad(ctx, s, games, benchDaily); err != nil {
				b.Fatal(err)
			}
			b.Logf("sqlite: loaded %d daily games in %v", games, time.Since(start).Round(time.Second))
		}
		dailyQueries(b, s, games/dailiesPerDay)
	})
	b.Run("postgres", func(b *testing.B) {
		pg := storetest.StartPostgres(b, storetest.PostgresOptions{Durable: true})
		s, err := store.Open(ctx, pg.NewDatabase(b))
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		start := time.Now()
		if err := store.BulkLoad(ctx, s, games, benchDaily); err != nil {
			b.Fatal(err)
		}
		b.Logf("postgres: loaded %d daily games in %v", games, time.Since(start).Round(time.Second))
		dailyQueries(b, s, games/dailiesPerDay)
	})
}

// dailyQueries times the questions /daily asks.
func dailyQueries(b *testing.B, s store.Store, days int) {
	ctx := context.Background()
	board := func(q store.DailyBoardQuery) error {
		bd, err := s.DailyBoard(ctx, q)
		if err == nil && len(bd.Lines) == 0 {
			err = fmt.Errorf("empty board %+v", q)
		}
		return err
	}
	// day picks the i-th run's day, a week from the first day on.
	day := func(i int) int { return benchDailyEnd - 1 - (i*37)%max(days-7, 1) }
	asker := func(i int) string { return benchDailyUser((i * 131) % dailyBig) }
	b.Run("day-big-server", func(b *testing.B) {
		latencies(b, func(i int) error {
			return board(store.DailyBoardQuery{Rules: "yacht", Day: day(i), Guild: "guild-0", Limit: 10, User: asker(i)})
		})
	})
	b.Run("day-any-server", func(b *testing.B) {
		latencies(b, func(i int) error {
			// A small server may have had no result that day.
			_, err := s.DailyBoard(ctx, store.DailyBoardQuery{Rules: "yacht", Day: day(i), Guild: "guild-" + strconv.Itoa(1+i%199), Limit: 10, User: asker(i)})
			return err
		})
	})
	b.Run("day-everyone", func(b *testing.B) {
		latencies(b, func(i int) error {
			return board(store.DailyBoardQuery{Rules: "yacht", Day: day(i), Everyone: true, Limit: 10, User: asker(i)})
		})
	})
	b.Run("week-big-server", func(b *testing.B) {
		latencies(b, func(i int) error {
			return board(store.DailyBoardQuery{Rules: "yacht", Day: day(i), Week: true, Guild: "guild-0", MinDailies: 4, Limit: 10, User: asker(i)})
		})
	})
	b.Run("week-everyone", func(b *testing.B) {
		latencies(b, func(i int) error {
			return board(store.DailyBoardQuery{Rules: "yacht", Day: day(i), Week: true, Everyone: true, MinDailies: 4, Limit: 10, User: asker(i)})
		})
	})
	b.Run("player", func(b *testing.B) {
		latencies(b, func(i int) error {
			p, err := s.DailyPlayer(ctx, benchDailyUser(i%dailyUsers))
			if err == nil && len(p.Attempts) == 0 {
				err = fmt.Errorf("no attempts of player %d", i%dailyUsers)
			}
			return err
		})
	})
	b.Run("start", func(b *testing.B) {
		prefix := rand.Uint64() // b.Run calls this again with a larger b.N
		latencies(b, func(i int) error {
			a := store.DailyAttempt{User: fmt.Sprintf("new-%x-%d", prefix, i), Rules: "yacht", Day: benchDailyEnd, Game: fmt.Sprintf("new-%x-%d", prefix, i), Started: benchEnd}
			_, official, err := s.ClaimDaily(ctx, a)
			if err == nil && !official {
				err = fmt.Errorf("start %d not official", i)
			}
			return err
		})
	})
}
