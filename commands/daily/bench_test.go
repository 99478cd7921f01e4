package daily_test

import (
	"context"
	"fmt"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/daily"
	"github.com/alea-bot/alea/commands/yachttables/yachttest"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// report reports the median and the 99th percentile of ds in
// milliseconds, and the process's CPU time per operation.
func report(b *testing.B, ds []time.Duration, cpu time.Duration) {
	slices.Sort(ds)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(ds[len(ds)/2]), "p50-ms")
	b.ReportMetric(ms(ds[min(len(ds)-1, len(ds)*99/100)]), "p99-ms")
	b.ReportMetric(ms(cpu)/float64(len(ds)), "cpu-ms/op")
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// engines runs bench over a fresh store of each engine: an SQLite file,
// and a database of a PostgreSQL server the test starts (durable).
func engines(b *testing.B, bench func(b *testing.B, st store.Store)) {
	b.Run("sqlite", func(b *testing.B) { bench(b, storetest.SQLite(b)) })
	b.Run("postgres", func(b *testing.B) {
		pg := storetest.StartPostgres(b, storetest.PostgresOptions{Durable: true})
		st, err := store.Open(context.Background(), pg.NewDatabase(b))
		if err != nil {
			b.Fatal(err)
		}
		defer st.Close()
		bench(b, st)
	})
}

// benchReplica is a replica over st, its table warm.
func benchReplica(b *testing.B, st store.Store) *replica {
	b.Helper()
	if _, err := yachttest.Tables().Preset(context.Background(), "yacht"); err != nil {
		b.Fatal(err)
	}
	clk := &clock{noon}
	d := daily.Deps{Tables: yachttest.Tables(), Key: seal.NewKey(deploymentOnes), Now: clk.now, Store: st, Recorder: st}
	return &replica{t: b, h: bottest.New(b, daily.Command(d)), clk: clk}
}

// BenchmarkStart times /daily play through the dispatcher: the official
// attempt claimed in the store (a new player each time), the first board
// drawn and sealed.
//
//	go test -run '^$' -bench 'Start|Press' -benchtime 300x ./commands/daily/
func BenchmarkStart(b *testing.B) { engines(b, benchStart) }

func benchStart(b *testing.B, st store.Store) {
	r := benchReplica(b, st)
	prefix := time.Now().UnixNano() % 1e9 // b.Run calls this again with a larger b.N
	ds := make([]time.Duration, 0, b.N)
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := range b.N {
		w := where{user: fmt.Sprintf("3%09d%08d", prefix, i), guild: server1}
		start := time.Now()
		rep, out := r.run(w, "/daily play")
		ds = append(ds, time.Since(start))
		if out != bot.OK || !data[daily.GameData](b, rep).Official {
			b.Fatalf("start %d: %s", i, out)
		}
	}
	b.StopTimer()
	report(b, ds, cpuTime()-cpu0)
}

// BenchmarkPress times every press of whole games played through the
// dispatcher, each press a legal one (a die, Roll, the score menu), the
// last of each game recording it in the store and reading the player's
// streak.
func BenchmarkPress(b *testing.B) { engines(b, benchPress) }

func benchPress(b *testing.B, st store.Store) {
	r := benchReplica(b, st)
	prefix := time.Now().UnixNano() % 1e9
	ds := make([]time.Duration, 0, b.N)
	var cpu time.Duration
	var board *commands.Reply
	var w where
	games := 0
	b.ResetTimer()
	for len(ds) < b.N {
		if board == nil || data[daily.GameData](b, board).Over {
			w = where{user: fmt.Sprintf("4%09d%08d", prefix, games), guild: server1}
			games++
			b.StopTimer()
			board = r.must(w, "/daily play")
			b.StartTimer()
		}
		g := data[daily.GameData](b, board)
		var id string
		var values []string
		switch m := menu(board); {
		case g.Roll == 0:
			id = bottest.Buttons(board)["🎲 Roll 5"].CustomID
		case g.Roll < 3 && len(ds)%3 == 0:
			id = dieButtons(board)[len(ds)%5]
		case g.Roll < 3 && len(ds)%3 == 1:
			for l, c := range bottest.Buttons(board) {
				if c.Kind == commands.Button && l[:len("🎲")] == "🎲" {
					id = c.CustomID
				}
			}
		default:
			id, values = m.CustomID, []string{m.Options[len(ds)%len(m.Options)].Value}
		}
		c0, start := cpuTime(), time.Now()
		rep, out := r.press(w, board, id, values...)
		ds = append(ds, time.Since(start))
		cpu += cpuTime() - c0
		if out != bot.OK {
			b.Fatalf("press %d: %s: %s", len(ds), out, bot.FormatText(rep))
		}
		board = rep
	}
	b.StopTimer()
	report(b, ds, cpu)
	b.ReportMetric(float64(games), "games")
}
