package daily_test

import (
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/daily"
	"github.com/alea-bot/alea/store/storetest"
)

// Streaks count UTC days in a row with an official attempt, the clock
// injected: a game begun at 23:50 UTC and finished after midnight counts
// for the day it began (its board, not the next day's), and the next
// day's challenge, begun at 00:20, is that day's official attempt; a
// missed day ends the streak, whose longest run stays; a late-night
// player whose days turn at 00:00 UTC starts a new day's official attempt
// a minute after the last.
func TestStreaks(t *testing.T) {
	needFullTable(t)
	st := storetest.SQLite(t)
	d0 := time.Date(2026, 12, 1, 23, 50, 0, 0, time.UTC)
	clk := &clock{d0}
	r := newReplica(t, st, deploymentOnes, clk)
	w := where{user: ann, guild: server1}

	// Day 0, late: begun before midnight, finished after.
	p := newPlayer(t, r, w, "yacht", 11)
	p.board = r.must(w, "/daily play")
	for range 10 {
		p.step(nil)
	}
	clk.t = d0.Add(20 * time.Minute) // 00:10 on day 1
	p.finish()
	g := data[daily.GameData](t, p.board)
	if g.Day != "2026-12-01" || !g.Official || g.Streak == nil || g.Streak.Current != 1 || g.Streak.Today {
		t.Fatalf("the game begun on day 0: day %s, official %v, streak %+v", g.Day, g.Official, g.Streak)
	}
	for date, want := range map[string]int{"2026-12-01": 1, "2026-12-02": 0} {
		b := data[daily.BoardData](t, r.must(w, "/daily board date:"+date))
		if len(b.Board.Lines) != want {
			t.Errorf("the board of %s has %d lines, want %d", date, len(b.Board.Lines), want)
		}
	}

	// Day 1, 00:20: today's challenge is a new official attempt.
	clk.t = d0.Add(30 * time.Minute)
	p = newPlayer(t, r, w, "yacht", 12)
	p.board = r.must(w, "/daily play")
	if g := data[daily.GameData](t, p.board); !g.Official || g.Day != "2026-12-02" {
		t.Fatalf("day 1's start: %+v", g)
	}
	p.finish()
	if s := data[daily.GameData](t, p.board).Streak; s == nil || *s != (daily.StreakData{Current: 2, Longest: 2, Today: true}) {
		t.Fatalf("after day 1: %+v", s)
	}
	share := r.mustPress(w, p.board, button(t, p.board, "📣"))
	if !strings.Contains(share.Content, "🔥 2-day streak") {
		t.Errorf("the share does not say the streak:\n%s", share.Content)
	}
	me := r.must(w, "/daily me")
	if !me.Ephemeral || !strings.Contains(bot.FormatText(me), "🔥 2-day streak (longest: 2)") {
		t.Errorf("/daily me on day 1:\n%s", bot.FormatText(me))
	}

	// Day 2 is missed; on day 3 the streak is over, the longest kept.
	clk.t = d0.Add(58 * time.Hour)
	for loc, want := range map[commands.Locale]string{
		commands.English:  "No streak running (your longest: 2).",
		commands.Korean:   "이어지는 연속 기록이 없습니다 (최장 2일).",
		commands.Japanese: "続いている連続記録はありません（最長 2日）。",
	} {
		w.loc = loc
		if text := bot.FormatTextIn(r.must(w, "/daily me"), loc); !strings.Contains(text, want) {
			t.Errorf("%s: /daily me after a missed day: no %q in\n%s", loc, want, text)
		}
	}
	w.loc = commands.English
	r.must(w, "/daily play")
	if me := data[daily.MeData](t, r.must(w, "/daily me")); me.Streak != (daily.StreakData{Current: 1, Longest: 2, Today: true}) || me.Played != 3 || len(me.Now) != 1 || me.Now[0].Done {
		t.Errorf("/daily me after starting day 3: %+v", me)
	}

	// A late-night player: the last minute of a UTC day, then the first.
	lw := where{user: bob, guild: server2}
	clk.t = time.Date(2026, 12, 9, 23, 59, 30, 0, time.UTC)
	r.must(lw, "/daily play")
	clk.t = clk.t.Add(time.Minute)
	if g := data[daily.GameData](t, r.must(lw, "/daily play")); !g.Official || g.Day != "2026-12-10" {
		t.Fatalf("a minute after midnight: %+v", g)
	}
	if me := data[daily.MeData](t, r.must(lw, "/daily me")); me.Streak != (daily.StreakData{Current: 2, Longest: 2, Today: true}) {
		t.Errorf("the late-night player's streak: %+v", me.Streak)
	}
}
