package memory_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/memory"
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
		if ok, err := f.store.Record(context.Background(), g); err != nil || !ok {
			t.Fatalf("record %s: %v %v", g.ID, ok, err)
		}
	}
	for i, p := range []struct {
		presses, fewest int
	}{{6, 6}, {8, 6}, {7, 7}} {
		for _, u := range []string{users[0], solver} {
			record(store.Game{ID: fmt.Sprintf("orbs%s%d", u[:3], i), Kind: store.KindOrbs, Rules: "5x5", Seed: uint64(i),
				Seats: []store.Seat{{User: u, Score: p.presses, Lost: float64(p.presses - p.fewest), Decisions: p.presses, Winner: p.presses == p.fewest}}})
		}
	}
	for i, won := range []bool{true, false} {
		record(store.Game{ID: fmt.Sprintf("coins%d", i), Kind: store.KindCoins, Rules: "bw-perfect", Seed: uint64(i),
			Seats: []store.Seat{{User: users[0], Score: map[bool]int{true: 1}[won], Winner: won}, {Alea: true, Score: map[bool]int{false: 1}[won], Winner: !won}}})
	}
	want := map[commands.Locale][]string{
		commands.English:  {"🔮 Orb puzzles 5×5: 3 solved · 2 in the fewest presses · 7.0 presses on average · best 6", "🪙 Coins against the perfect bot: 2 games · 1 won"},
		commands.Korean:   {"🔮 오브 퍼즐 5×5: 3개 완성 · 최소 횟수로 2개 · 평균 7.0번 · 최고 6번", "🪙 완벽한 봇과 동전 게임: 2판 · 1승"},
		commands.Japanese: {"🔮 オーブパズル 5×5: 3 問クリア · 最少回数で 2 問 · 平均 7.0 回 · 最高 6 回", "🪙 完全なボットとのコイン対戦: 2 戦 · 1 勝"},
	}
	for loc, lines := range want {
		f.h.Locale = loc
		r := f.mustRun("/stats history", guildA, users[0], 0)
		text := fieldsText(r)
		for _, w := range lines {
			if !strings.Contains(text, w) {
				t.Errorf("%s: no %q in\n%s", loc, w, text)
			}
		}
		d := r.Data.(memory.HistoryData)
		if len(d.Other) != 2 || len(d.Totals) == 0 {
			t.Errorf("%s: data %+v", loc, d.Other)
		}
	}
	f.h.Locale = commands.English
	r := f.mustRun("/stats history", guildA, solver, 0)
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
