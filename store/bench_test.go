package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// benchEnd is when the benchmark's games end at the latest; they span
// two years before it.
var benchEnd = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)

const benchSpan = 730 * 24 * time.Hour

// benchGame returns game i of a deterministic data set: 200 servers, the
// first ("big") with a quarter of the games among 200 players, the others
// with 40 players each; Yacht (70%: yacht or yatzy rules, 1 to 4 seats,
// sometimes a named seat or Alea), orbs and coins; 5% chosen seeds. The
// decisions are left out (they would make a 1M-game database many
// gigabytes; the queries never read them but for a game's record).
func benchGame(i int) store.Game {
	r := rand.New(rand.NewPCG(uint64(i), 0xbe7c))
	guild, pool := 0, 200
	if r.IntN(4) != 0 {
		guild, pool = 1+r.IntN(199), 40
	}
	kind, rules, seats := store.KindYacht, "yacht", 1+r.IntN(4)
	switch k := r.IntN(20); {
	case k < 6:
		rules = "yatzy"
	case k < 11:
		// yacht
	case k < 14:
		rules = "yacht"
	case k < 17:
		kind, rules, seats = store.KindOrbs, "5x5", 1
	default:
		kind, rules, seats = store.KindCoins, "bw", 1
	}
	size := map[string]int{store.KindOrbs: 25, store.KindCoins: 8}[kind]
	ended := benchEnd.Add(-time.Duration(r.Int64N(int64(benchSpan/time.Microsecond))) * time.Microsecond)
	g := store.Game{ID: fmt.Sprintf("bench-%07d", i), Kind: kind, Guild: "guild-" + strconv.Itoa(guild), Channel: "c",
		Rules: rules, Seed: r.Uint64(), Chosen: r.IntN(20) == 0, Started: ended.Add(-10 * time.Minute), Ended: ended, Size: size}
	perm := r.Perm(pool)
	best := -1
	for s := range seats {
		st := store.Seat{Score: 100 + r.IntN(200), Lost: float64(r.IntN(2000)) / 64, Luck: float64(r.IntN(4000)-2000) / 64, Decisions: 39}
		switch k := r.IntN(12); {
		case k == 0:
			st.Alea = true
		case k == 1:
			st.Name = "Guest"
		default:
			st.User = benchUser(guild, perm[s])
		}
		if kind == store.KindOrbs {
			st.Score, st.Decisions = 5+r.IntN(20), 0
		}
		if kind == store.KindCoins {
			st.Score, st.Lost, st.Luck, st.Decisions = r.IntN(2), 0, 0, 0
		}
		best = max(best, st.Score)
		g.Seats = append(g.Seats, st)
	}
	for s := range g.Seats {
		g.Seats[s].Winner = g.Seats[s].Score == best
	}
	return g
}

func benchUser(guild, k int) string { return fmt.Sprintf("%d%05d", 100000+guild, k) }

// Bulk loading keeps exactly what recording game by game keeps.
func TestBulkLoadMatchesRecord(t *testing.T) {
	ctx := context.Background()
	const n = 3000
	a, b := openSQLite(t), openSQLite(t)
	if err := store.BulkLoad(ctx, a, n, benchGame); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if _, err := b.Record(ctx, benchGame(i)); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range []store.StandingsQuery{
		{Guild: "guild-0", Kind: store.KindYacht, Rules: "yacht"},
		{Guild: "guild-0", Kind: store.KindYacht, Since: benchEnd.Add(-100*24*time.Hour - time.Hour), By: store.BySkill},
		{Guild: "guild-0", Kind: store.KindOrbs, By: store.ByAverage},
		{Guild: "guild-7", Kind: store.KindYacht, Since: benchEnd.Add(-500 * 24 * time.Hour)},
	} {
		sa, err1 := a.Standings(ctx, q)
		sb, err2 := b.Standings(ctx, q)
		if err1 != nil || err2 != nil || !reflect.DeepEqual(sa, sb) || len(sa.Ranked) == 0 {
			t.Fatalf("%+v: bulk %v (%v), recorded %v (%v)", q, sa, err1, sb, err2)
		}
	}
	for k := range 20 {
		q := store.HistoryQuery{User: benchUser(0, k)}
		ha, err1 := a.History(ctx, q)
		hb, err2 := b.History(ctx, q)
		if err1 != nil || err2 != nil || !reflect.DeepEqual(ha, hb) || len(ha.Totals) == 0 {
			t.Fatalf("history of %s differs: bulk %+v (%v), recorded %+v (%v)", q.User, ha.Totals, err1, hb.Totals, err2)
		}
	}
}

// latencies runs op b.N times and reports the median and the 99th
// percentile in milliseconds, and the process's CPU time per op (all of
// SQLite's work, none of PostgreSQL's server), which a loaded machine
// disturbs less than wall time.
func latencies(b *testing.B, op func(i int) error) {
	b.Helper()
	ds := make([]time.Duration, 0, b.N)
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		if err := op(i); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(start))
	}
	b.StopTimer()
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	slices.Sort(ds)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(ds[len(ds)/2]), "p50-ms")
	b.ReportMetric(ms(ds[min(len(ds)-1, len(ds)*99/100)]), "p99-ms")
}

// cpuTime is the CPU time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchRecord records fresh games into s.
func benchRecord(b *testing.B, s store.Store, offset int) {
	ctx := context.Background()
	prefix := rand.Uint64() // b.Run calls this again with a larger b.N
	latencies(b, func(i int) error {
		g := benchGame(offset + i)
		g.ID = fmt.Sprintf("rec-%x-%d", prefix, i)
		ok, err := s.Record(ctx, g)
		if err == nil && !ok {
			err = fmt.Errorf("game %s not inserted", g.ID)
		}
		return err
	})
}

func BenchmarkRecord(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) {
		s, err := store.Open(context.Background(), "sqlite:"+filepath.Join(b.TempDir(), "alea.db"))
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		benchRecord(b, s, 0)
	})
	b.Run("postgres", func(b *testing.B) {
		pg := storetest.StartPostgres(b, storetest.PostgresOptions{Durable: true})
		s, err := store.Open(context.Background(), pg.NewDatabase(b))
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		benchRecord(b, s, 0)
	})
}

// BenchmarkMillion loads ALEA_STORE_BENCH_GAMES games (1000000 for the
// figures of docs/benchmarks.md) into each engine and times the standings, a player's
// history and recording on top of them. It runs only when that variable
// is set: go test -run '^$' -bench Million -benchtime 300x ./store/
// (ALEA_STORE_BENCH_DIR keeps the SQLite file between runs).
func BenchmarkMillion(b *testing.B) {
	n, _ := strconv.Atoi(os.Getenv("ALEA_STORE_BENCH_GAMES"))
	if n <= 0 {
		b.Skip("set ALEA_STORE_BENCH_GAMES (e.g. 1000000) to run")
	}
	ctx := context.Background()
	b.Run("sqlite", func(b *testing.B) {
		dir := os.Getenv("ALEA_STORE_BENCH_DIR")
		if dir == "" {
			dir = b.TempDir()
		}
		path := filepath.Join(dir, fmt.Sprintf("bench-%d.db", n))
		_, statErr := os.Stat(path)
		s, err := store.Open(ctx, "sqlite:"+path)
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		if statErr != nil {
			start := time.Now()
			if err := store.BulkLoad(ctx, s, n, benchGame); err != nil {
				b.Fatal(err)
			}
			b.Logf("sqlite: loaded %d games in %v", n, time.Since(start).Round(time.Second))
		}
		queries(b, s)
	})
	b.Run("postgres", func(b *testing.B) {
		pg := storetest.StartPostgres(b, storetest.PostgresOptions{Durable: true})
		s, err := store.Open(ctx, pg.NewDatabase(b))
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		start := time.Now()
		if err := store.BulkLoad(ctx, s, n, benchGame); err != nil {
			b.Fatal(err)
		}
		b.Logf("postgres: loaded %d games in %v", n, time.Since(start).Round(time.Second))
		queries(b, s)
	})
}

// queries times the questions the commands ask.
func queries(b *testing.B, s store.Store) {
	ctx := context.Background()
	check := func(st store.Standings, err error) error {
		if err == nil && len(st.Ranked) == 0 {
			err = fmt.Errorf("empty standings")
		}
		return err
	}
	b.Run("standings-big-server-all-time", func(b *testing.B) {
		latencies(b, func(i int) error {
			return check(s.Standings(ctx, store.StandingsQuery{Guild: "guild-0", Kind: store.KindYacht, Rules: "yacht", MinGames: 5, Limit: 10}))
		})
	})
	b.Run("standings-big-server-since", func(b *testing.B) {
		latencies(b, func(i int) error {
			// A window starting mid-day: sums plus the first day's seats.
			since := benchEnd.Add(-time.Duration(1+i%300)*24*time.Hour - 7*time.Hour - 13*time.Minute)
			return check(s.Standings(ctx, store.StandingsQuery{Guild: "guild-0", Kind: store.KindYacht, Since: since, By: store.BySkill, Limit: 10}))
		})
	})
	b.Run("standings-any-server", func(b *testing.B) {
		latencies(b, func(i int) error {
			return check(s.Standings(ctx, store.StandingsQuery{Guild: "guild-" + strconv.Itoa(1+i%199), Kind: store.KindYacht, Rules: "yatzy", By: store.ByAverage, Limit: 10}))
		})
	})
	b.Run("history", func(b *testing.B) {
		latencies(b, func(i int) error {
			h, err := s.History(ctx, store.HistoryQuery{User: benchUser(0, i%200), Limit: 10, Series: 100})
			if err == nil && len(h.Games) != 10 {
				err = fmt.Errorf("%d games in the history", len(h.Games))
			}
			return err
		})
	})
	b.Run("history-one-server", func(b *testing.B) {
		latencies(b, func(i int) error {
			g := 1 + i%199
			_, err := s.History(ctx, store.HistoryQuery{User: benchUser(g, i%40), Guild: "guild-" + strconv.Itoa(g), Limit: 10, Series: 100})
			return err
		})
	})
	b.Run("record", func(b *testing.B) { benchRecord(b, s, 1<<30) })
}
