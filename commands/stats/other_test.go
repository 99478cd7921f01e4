package stats_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/stats"
	"github.com/alea-bot/alea/store"
)

// /stats history lists the solved orbs puzzles and the coins games
// against Alea beside the Yacht games, summed here by hand: three 5×5
// solves in 6 (the fewest), 8 (fewest 6) and 7 (the fewest) presses, and
// two games against the perfect bot, one won. A player with only those
// is told no Yacht game is recorded, and still sees them.
func TestHistoryListsOrbsAndCoins(t *testing.T) {
	f := newFixture(t, 6)
	const solver = "399999999999999999"
	at := now.Add(-time.Hour)
	record := func(g store.Game) {
		t.Helper()
		g.Guild, g.Started, g.Ended = guildA, at, at
		at = at.Add(time.Minute)
		if ok, err := f.Store.Record(context.Background(), g); err != nil || !ok {
			t.Fatalf("record %s: %v %v", g.ID, ok, err)
		}
	}
	for i, p := range []struct {
		presses, fewest int
	}{{6, 6}, {8, 6}, {7, 7}} {
		for _, u := range []string{users[0], solver} {
			record(store.Game{ID: fmt.Sprintf("orbs%s%d", u[:3], i), Kind: store.KindOrbs, Rules: "5x5", Seed: uint64(i), Size: 25,
				Seats: []store.Seat{{User: u, Score: p.presses, Lost: float64(p.presses - p.fewest), Decisions: p.presses, Winner: p.presses == p.fewest}}})
		}
	}
	for i, won := range []bool{true, false} {
		record(store.Game{ID: fmt.Sprintf("coins%d", i), Kind: store.KindCoins, Rules: "bw-perfect", Seed: uint64(i), Size: 8,
			Seats: []store.Seat{{User: users[0], Score: map[bool]int{true: 1}[won], Winner: won}, {Alea: true, Score: map[bool]int{false: 1}[won], Winner: !won}}})
	}
	want := map[commands.Locale][]string{
		commands.English:  {"🔮 Orb puzzles 5×5: 3 solved · 2 in the fewest presses · 7.0 presses on average · best 6", "🪙 Coins against the perfect bot: 2 games · 1 won"},
		commands.Korean:   {"🔮 오브 퍼즐 5×5: 3개 완성 · 최소 횟수로 2개 · 평균 7.0회 · 최고 6회", "🪙 완벽한 봇과 동전 게임: 2판 · 1승"},
		commands.Japanese: {"🔮 オーブパズル 5×5: 3問クリア · 最少回数で2問 · 平均7.0回 · 最高6回", "🪙 完全なボットとのコイン対戦: 2戦 · 1勝"},
	}
	for loc, lines := range want {
		f.H.Locale = loc
		r := f.MustRun("/stats history", guildA, users[0], 0)
		text := fieldsText(r)
		for _, w := range lines {
			if !strings.Contains(text, w) {
				t.Errorf("%s: no %q in\n%s", loc, w, text)
			}
		}
		d := r.Data.(stats.HistoryData)
		if len(d.Other) != 2 || len(d.Totals) == 0 {
			t.Errorf("%s: data %+v", loc, d.Other)
		}
	}
	f.H.Locale = commands.English
	r := f.MustRun("/stats history", guildA, solver, 0)
	if text := fieldsText(r); !strings.Contains(text, "No Yacht game of yours recorded here yet.") || !strings.Contains(text, "3 solved") || strings.Contains(text, "Coins") {
		t.Errorf("only puzzles:\n%s", text)
	}
}

// fieldsText is a reply's embeds as text.
func fieldsText(r *commands.Reply) string {
	var b strings.Builder
	for _, e := range r.Embeds {
		b.WriteString(e.Title + "\n" + e.Description + "\n")
		for _, f := range e.Fields {
			b.WriteString(f.Name + "\n" + f.Value + "\n")
		}
	}
	return b.String()
}

// /stats standings game:orbs and game:coins rank the server's players, by
// hand here: A solved three puzzles in 6 (the fewest), 8 (fewest 6) and 7
// (the fewest) presses, B three in 8 presses each, all the fewest; A won
// one of two games against Alea, B both. By wins B leads both; by average
// presses (fewer first) A leads the puzzles. Skill is no ranking of
// puzzles, nor average or skill of coins, and rules go with Yacht alone.
func TestStandingsOfOrbsAndCoins(t *testing.T) {
	f := newFixture(t, 0)
	const guild, a, b = "800000000000000009", "411111111111111111", "422222222222222222"
	at := now.Add(-time.Hour)
	n := 0
	record := func(kind, rules string, seats ...store.Seat) {
		t.Helper()
		n++
		g := store.Game{ID: fmt.Sprintf("g%02d", n), Kind: kind, Rules: rules, Guild: guild, Started: at, Ended: at, Seats: seats, Size: 24}
		at = at.Add(time.Minute)
		if ok, err := f.Store.Record(context.Background(), g); err != nil || !ok {
			t.Fatalf("record: %v %v", ok, err)
		}
	}
	for _, p := range [][3]int{{6, 6, 0}, {8, 6, 0}, {7, 7, 0}} {
		record(store.KindOrbs, "5x5", store.Seat{User: a, Score: p[0], Lost: float64(p[0] - p[1]), Decisions: p[0], Winner: p[0] == p[1]})
		record(store.KindOrbs, "4x6", store.Seat{User: b, Score: 8, Decisions: 8, Winner: true})
	}
	record(store.KindCoins, "bw-perfect", store.Seat{User: a, Score: 1, Winner: true}, store.Seat{Alea: true})
	record(store.KindCoins, "bw-random", store.Seat{User: a}, store.Seat{Alea: true, Score: 1, Winner: true})
	for range 2 {
		record(store.KindCoins, "bw-mcts", store.Seat{User: b, Score: 1, Winner: true}, store.Seat{Alea: true})
	}
	ranked := func(line string) []stats.StandingRow {
		t.Helper()
		return f.MustRun(line, guild, a, 0).Data.(stats.StandingsData).Ranked
	}
	if r := ranked("/stats standings game:orbs min:1"); len(r) != 2 || r[0].User != b || r[0].Wins != 3 || r[1].User != a || r[1].Wins != 2 || r[1].AvgScore != 7 {
		t.Errorf("orbs by wins: %+v", r)
	}
	if r := ranked("/stats standings game:orbs by:average min:1"); len(r) != 2 || r[0].User != a || r[1].User != b || r[1].AvgScore != 8 {
		t.Errorf("orbs by average presses: %+v", r)
	}
	if r := ranked("/stats standings game:coins min:1"); len(r) != 2 || r[0].User != b || r[0].Wins != 2 || r[1].User != a || r[1].Wins != 1 || r[1].Games != 2 {
		t.Errorf("coins by wins: %+v", r)
	}
	want := map[commands.Locale][]string{
		commands.English: {"Standings · Orb puzzles · all time", "**Leader: <@" + b + "> — 3 of 3 puzzles solved in the fewest presses.**",
			"`2.` <@" + a + "> · 2 of 3 in the fewest presses · 7.0 presses on average"},
		commands.Korean: {"순위 · 오브 퍼즐 · 전체 기간", "**1위: <@" + b + "> — 퍼즐 3개 중 3개를 최소 횟수로 완성**",
			"`2.` <@" + a + "> · 최소 횟수 풀이 2/3 · 평균 7.0회"},
		commands.Japanese: {"順位 · オーブパズル · 全期間", "**1位: <@" + b + "> — 3問中3問を最少回数でクリア**",
			"`2.` <@" + a + "> · 3問中2問が最少回数 · 平均7.0回"},
	}
	for loc, lines := range want {
		f.H.Locale = loc
		text := fieldsText(f.MustRun("/stats standings game:orbs min:1", guild, a, 0))
		for _, w := range lines {
			if !strings.Contains(text, w) {
				t.Errorf("%s: no %q in\n%s", loc, w, text)
			}
		}
	}
	f.H.Locale = commands.English
	if text := fieldsText(f.MustRun("/stats standings game:coins min:1", guild, a, 0)); !strings.Contains(text, "`1.` <@"+b+"> · 2/2 wins") ||
		!strings.Contains(text, "Standings · Coins against Alea · all time") {
		t.Errorf("coins:\n%s", text)
	}
	for _, line := range []string{"/stats standings game:orbs by:skill", "/stats standings game:coins by:average", "/stats standings game:orbs rules:yatzy"} {
		if _, out := f.Run(line, guild, a, 0); out != bot.Rejected {
			t.Errorf("%s: %s", line, out)
		}
	}
}

// Standings by wins name no leader while nobody has won: the players are
// listed, the bold "Leader" line is left out.
func TestStandingsNameNoLeaderWithoutAWin(t *testing.T) {
	f := newFixture(t, 0)
	const guild, a = "800000000000000009", "411111111111111111"
	at := now.Add(-time.Hour)
	for i := range 3 {
		g := store.Game{ID: fmt.Sprintf("c%02d", i), Kind: store.KindCoins, Rules: "bw-perfect", Guild: guild, Started: at, Ended: at, Size: 8,
			Seats: []store.Seat{{User: a}, {Alea: true, Score: 1, Winner: true}}}
		at = at.Add(time.Minute)
		if ok, err := f.Store.Record(context.Background(), g); err != nil || !ok {
			t.Fatalf("record: %v %v", ok, err)
		}
	}
	r := f.MustRun("/stats standings game:coins", guild, a, 0)
	if d := r.Data.(stats.StandingsData); len(d.Ranked) != 1 || d.Ranked[0].Wins != 0 {
		t.Fatalf("ranked %+v", d.Ranked)
	}
	if desc := r.Embeds[0].Description; strings.Contains(desc, "Leader") || !strings.Contains(desc, "<@"+a+">") {
		t.Errorf("no win yet:\n%s", desc)
	}
}
