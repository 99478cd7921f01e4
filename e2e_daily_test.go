package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/internal/fakediscord"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// dailyPlay is /daily play.
var dailyPlay = map[string]any{"id": "6", "name": "daily", "type": 1, "options": []any{map[string]any{"name": "play", "type": 1}}}

// playDaily plays a daily board to its end as user: each turn one roll,
// then the menu's first box (the same decisions on the same dice give the
// same positions).
func (c *trust) playDaily(user string, m message) message {
	c.t.Helper()
	for i := 0; ; i++ {
		if _, _, over := m.component("daily/1/X/"); over { // Share: the final board
			return m
		}
		if i > 40 {
			c.t.Fatalf("the daily does not end:\n%s", m.text())
		}
		roll, _ := c.id(m, "daily/1/r/")
		m = c.interact(0, user, press(roll, ""), m)
		menu, value := c.id(m, "daily/1/s/")
		m = c.interact(0, user, press(menu, value), m)
	}
}

// The daily challenge through the signed endpoint of a real `alea serve`
// recording into PostgreSQL, beside the Yacht table's standings: a
// practice game played while the official attempt is open logs its
// positions as advice, so the official attempt played the same way is
// assisted in every decision — kept, not ranked, and said so; an
// unassisted attempt is ranked. No daily counts toward any win, nor
// moves the table's standings, and the standings of both kinds agree
// with brute force over every game recorded.
func TestDailyAssistedAndCountedThroughTheEndpoint(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	defer func(w time.Duration) { fakediscord.Wait = w }(fakediscord.Wait)
	fakediscord.Wait = 2 * time.Minute
	mc := startMemoryCluster(t, ctx, 1)
	st, err := store.Open(ctx, mc.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	c := &trust{memoryCluster: mc, st: st}

	// A Yacht table of Ann and Bob first: its standings must not move.
	final := c.play(c.interact(0, ann, yachtStartWith(map[string]any{"players": "<@" + ann + ">, <@" + bob + ">", "coach": "off"}), nil),
		func(user string, m message) message { return c.rollAndScore(user, m, false) })
	if !over(final) {
		t.Fatal("the table did not end")
	}
	table := map[string]store.Standing{ann: c.standing(store.KindYacht, ann), bob: c.standing(store.KindYacht, bob)}

	official := c.interact(0, ann, dailyPlay, nil)
	if !strings.Contains(official.text(), "🏅 Your official attempt at this challenge") {
		t.Fatalf("Ann's first start:\n%s", official.text())
	}
	practice := c.interact(0, ann, dailyPlay, nil)
	if !strings.Contains(practice.text(), "🎯 Practice: your official attempt at this challenge started at") {
		t.Fatalf("Ann's second start:\n%s", practice.text())
	}
	c.playDaily(ann, practice)
	// The practice's positions are logged beside its replies: wait for
	// the twelve (one scoring a turn), as the next press would a moment
	// later.
	for i := 0; c.asked(ann) < 12; i++ {
		if i > 300 {
			t.Fatalf("%d practised positions logged", c.asked(ann))
		}
		time.Sleep(10 * time.Millisecond)
	}
	final = c.playDaily(ann, official)
	if text := final.text(); !strings.Contains(text, "💡 Decisions taken on positions you asked advice on elsewhere: 12. This result is kept but not ranked.") ||
		!strings.Contains(text, "📒 Result recorded.") {
		t.Fatalf("Ann's official attempt after her practice:\n%s", text)
	}
	bobs := c.playDaily(bob, c.interact(0, bob, dailyPlay, nil))
	if strings.Contains(bobs.text(), "💡") {
		t.Errorf("Bob's attempt, without advice:\n%s", bobs.text())
	}
	board := c.interact(0, bob, map[string]any{"id": "6", "name": "daily", "type": 1, "options": []any{map[string]any{"name": "board", "type": 1}}}, nil)
	if text := board.text(); !strings.Contains(text, "<@"+bob+">") || strings.Contains(text, "<@"+ann+">") {
		t.Errorf("the day's board ranks Bob alone:\n%s", text)
	}

	for _, u := range []string{ann, bob} {
		if s := c.standing(store.KindYacht, u); s != table[u] {
			t.Errorf("%s's table standing moved with the dailies: %+v (before %+v)", u, s, table[u])
		}
	}
	if a, b := c.standing(store.KindDaily, ann), c.standing(store.KindDaily, bob); a.Wins != 0 || a.Contests != 0 || a.Assisted != 12 || a.Decisions != 0 ||
		b.Wins != 0 || b.Contests != 0 || b.Decisions != 12 || b.Games != 1 {
		t.Errorf("the dailies' standings: Ann %+v, Bob %+v", a, b)
	}
	games := recordedGames(t, ctx, mc.dbURL, st)
	if len(games) != 4 { // the table, Ann's practice and attempt, Bob's attempt
		t.Fatalf("%d games recorded", len(games))
	}
	for _, kind := range []string{store.KindYacht, store.KindDaily} {
		for _, by := range []store.Ranking{store.ByWins, store.ByAverage, store.BySkill} {
			q := store.StandingsQuery{Guild: trustGuild, Kind: kind, By: by}
			got, err := st.Standings(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if want := storetest.BruteStandings(games, q); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%+v:\n got %+v\nwant %+v", q, got, want)
			}
		}
	}
	for _, r := range mc.replicas {
		if err := r.p.terminate(t, 30*time.Second); err != nil {
			t.Errorf("exit: %v", err)
		}
	}
}
