package daily_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/daily"
	"github.com/alea-bot/alea/commands/review"
	"github.com/alea-bot/alea/commands/yachttables/yachttest"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// Only the player presses their board; a button of a board that moved on
// is stale, and a state made by hand is refused.
func TestOnlyThePlayerOnlyTheBoard(t *testing.T) {
	needFullTable(t)
	r := newReplica(t, storetest.SQLite(t), deploymentOnes, &clock{noon})
	aw, bw := where{user: ann, guild: server1}, where{user: bob, guild: server1}
	start := r.must(aw, "/daily play")
	for loc, want := range map[commands.Locale]string{
		commands.English:  "This daily challenge belongs to <@" + ann + ">: start your own with `/daily play`.",
		commands.Korean:   "이 데일리 도전은 <@" + ann + ">의 것입니다. `/데일리 도전`으로 내 도전을 시작하세요.",
		commands.Japanese: "このデイリー挑戦は <@" + ann + "> のものです。`/デイリー 挑戦` で自分の挑戦を始めてください。",
	} {
		bw.loc = loc
		rep, out := r.press(bw, start, button(t, start, "🎲"))
		if out != bot.Rejected || !strings.Contains(bot.FormatTextIn(rep, loc), want) {
			t.Errorf("%s: a stranger's press: %s\n%s", loc, out, bot.FormatTextIn(rep, loc))
		}
	}
	rolled := r.mustPress(aw, start, button(t, start, "🎲"))
	if rep, out := r.press(aw, rolled, button(t, start, "🎲")); out != bot.Rejected || !strings.Contains(bot.FormatText(rep), "moved on") {
		t.Errorf("the first board's Roll on the second board: %s\n%s", out, bot.FormatText(rep))
	}
	forged := *rolled
	forged.Embeds = slices.Clone(rolled.Embeds)
	forged.Embeds[0].URL = strings.Replace(forged.Embeds[0].URL, "~", "x~", 1)
	if _, out := r.press(aw, &forged, button(t, rolled, "🎲")); out != bot.Rejected {
		t.Errorf("a board changed by hand: %s", out)
	}
	// A daily board is not a table: /yacht start's route does not take
	// it, nor does this route take a table's state (another route).
	if !strings.HasPrefix(button(t, rolled, "🎲"), "daily/1/") {
		t.Errorf("a daily's button: %s", button(t, rolled, "🎲"))
	}
}

// switchRecorder records into a store, or, while stalled, never answers.
type switchRecorder struct {
	st      store.Store
	stalled atomic.Bool
}

func (s *switchRecorder) Record(ctx context.Context, g store.Game) (bool, error) {
	if s.stalled.Load() {
		<-ctx.Done()
		return false, ctx.Err()
	}
	return s.st.Record(ctx, g)
}

// A finished official attempt is recorded once: when the store does not
// answer, the final board says so and offers Record; pressed, it records
// the game, whose Review button then reviews it, and whose result is on
// the board; recording again changes nothing.
func TestRecordedOnceReviewable(t *testing.T) {
	needFullTable(t)
	st := storetest.SQLite(t)
	rec := &switchRecorder{st: st}
	rec.stalled.Store(true)
	clk := &clock{noon}
	fire := make(chan time.Time)
	close(fire)
	d := daily.Deps{Tables: yachttest.Tables(), Key: seal.NewKey(deploymentOnes), Now: clk.now, Store: st, Recorder: rec,
		RecordWait: func() <-chan time.Time {
			if rec.stalled.Load() {
				return fire
			}
			return nil // wait for the store
		}}
	r := &replica{t: t, h: bottest.New(t, daily.Command(d), review.Command(st)), clk: clk}
	w := where{user: ann, guild: server1}
	p := newPlayer(t, r, w, "yacht", 5)
	p.board = r.must(w, "/daily play")
	p.finish()
	if text := bot.FormatText(p.board); !strings.Contains(text, "📒 Not recorded") || strings.Contains(text, "Review") {
		t.Fatalf("the final board while the store stalls:\n%s", text)
	}
	rec.stalled.Store(false)
	board := r.mustPress(w, p.board, button(t, p.board, "Record"))
	if text := bot.FormatText(board); !strings.Contains(text, "📒 Result recorded.") || !strings.Contains(text, "🔥 1-day streak") {
		t.Fatalf("after Record:\n%s", text)
	}
	game := data[daily.GameData](t, board).Game
	rev := r.mustPress(w, board, button(t, board, "Review"))
	if text := bot.FormatText(rev); !rev.Ephemeral || !strings.Contains(text, "<@"+ann+">") {
		t.Fatalf("the review of the daily:\n%s", text)
	}
	g, ok, err := st.Game(t.Context(), game)
	if err != nil || !ok || g.Kind != store.KindDaily || g.Chosen || g.Seed != 20789 || len(g.Seats) != 1 || g.Seats[0].User != ann || g.Guild != server1 {
		t.Fatalf("the recorded game: %+v, %v, %v", g, ok, err)
	}
	if ok, err := st.Record(t.Context(), g); ok || err != nil {
		t.Fatalf("recording it again: %v, %v", ok, err)
	}
	b := data[daily.BoardData](t, r.must(w, "/daily board"))
	if len(b.Board.Lines) != 1 || b.Board.Lines[0].User != ann || b.Board.Lines[0].Score != float64(g.Seats[0].Score) || b.Board.Lines[0].Lost != g.Seats[0].Lost {
		t.Fatalf("the board after the game: %+v (game %+v)", b.Board, g.Seats[0])
	}
	// A practice game is recorded, chosen, and never on the board.
	p = newPlayer(t, r, w, "yacht", 6)
	p.board = r.must(w, "/daily play")
	p.finish()
	if g := data[daily.GameData](t, p.board); g.Official || g.Streak != nil || !strings.Contains(bot.FormatText(p.board), "🎯 Practice: not ranked.") {
		t.Fatalf("the practice game's final board:\n%s", bot.FormatText(p.board))
	}
	if b := data[daily.BoardData](t, r.must(w, "/daily board")); len(b.Board.Lines) != 1 || b.Board.Players != 1 {
		t.Fatalf("a practice game on the board: %+v", b.Board)
	}
	exp, err := st.Export(t.Context(), ann)
	if err != nil || len(exp.Games) != 2 || len(exp.Daily.Attempts) != 1 || !exp.Daily.Attempts[0].Done {
		t.Fatalf("the export: %d games, dailies %+v, %v", len(exp.Games), exp.Daily, err)
	}
}

// With memory off the daily is practice, and says why; the boards and
// /daily me say memory is off.
func TestMemoryOff(t *testing.T) {
	r := newReplica(t, nil, deploymentOnes, &clock{noon})
	w := where{user: ann, guild: server1}
	for loc, want := range map[commands.Locale]string{
		commands.English:  "🎯 Practice: this bot keeps no records, so nothing is ranked.",
		commands.Korean:   "🎯 연습: 이 봇은 기록을 남기지 않아 순위가 없습니다.",
		commands.Japanese: "🎯 練習: このボットは記録を残さないので、順位はありません。",
	} {
		w.loc = loc
		rep := r.must(w, "/daily play")
		if text := bot.FormatTextIn(rep, loc); data[daily.GameData](t, rep).Official || !strings.Contains(text, want) {
			t.Errorf("%s: no %q in\n%s", loc, want, text)
		}
	}
	w.loc = commands.English
	for _, line := range []string{"/daily board", "/daily me"} {
		if text := bot.FormatText(r.must(w, line)); !strings.Contains(text, "memory is off") {
			t.Errorf("%s with memory off:\n%s", line, text)
		}
	}
}

// Bad input gets a clear refusal in the player's language.
func TestBadInput(t *testing.T) {
	r := newReplica(t, storetest.SQLite(t), deploymentOnes, &clock{noon})
	for _, c := range []struct {
		line string
		want map[commands.Locale]string
	}{
		{"/daily play date:2026-13-01", map[commands.Locale]string{
			commands.English:  "Not a date: `2026-13-01`. Write it YYYY-MM-DD, e.g. 2026-12-02.",
			commands.Korean:   "날짜를 읽을 수 없습니다: `2026-13-01`. YYYY-MM-DD 형식으로 쓰세요 (예: 2026-12-02).",
			commands.Japanese: "日付として読めません: `2026-13-01`。YYYY-MM-DD の形で書いてください（例: 2026-12-02）。"}},
		{"/daily play date:2026-12-03", map[commands.Locale]string{
			commands.English:  "The challenge of 2026-12-03 is not out yet: today (UTC) is 2026-12-02.",
			commands.Korean:   "2026-12-03의 도전은 아직 열리지 않았습니다. 오늘은 2026-12-02입니다 (UTC 기준).",
			commands.Japanese: "2026-12-03 の挑戦はまだ始まっていません。今日は 2026-12-02 です（UTC）。"}},
		{"/daily board date:2019-12-31", map[commands.Locale]string{
			commands.English:  "The daily challenges begin on 2020-01-01.",
			commands.Korean:   "데일리 도전은 2020-01-01부터 있습니다.",
			commands.Japanese: "デイリーの挑戦は 2020-01-01 から始まっています。"}},
	} {
		for loc, want := range c.want {
			rep, out := r.run(where{user: ann, guild: server1, loc: loc}, c.line)
			if text := bot.FormatTextIn(rep, loc); out != bot.Rejected || !rep.Ephemeral || !strings.Contains(text, want) {
				t.Errorf("%s %s: %s, no %q in\n%s", loc, c.line, out, want, text)
			}
		}
	}
	if _, out := r.run(where{user: ann, guild: server1}, "/daily play rules:bogus"); out != bot.Rejected {
		t.Errorf("an unknown rule set: %s", out)
	}
}

// The --format data of each answer has the schema docs/data.md gives.
func TestDataSchema(t *testing.T) {
	needFullTable(t)
	r := newReplica(t, storetest.SQLite(t), deploymentOnes, &clock{noon})
	w := where{user: ann, guild: server1}
	keys := func(v any) []string {
		b, _ := json.Marshal(v)
		var m map[string]any
		json.Unmarshal(b, &m)
		var out []string
		for k := range m {
			out = append(out, k)
		}
		slices.Sort(out)
		return out
	}
	p := newPlayer(t, r, w, "yacht", 9)
	p.board = r.must(w, "/daily play")
	want := map[string][]string{
		"play":  {"day", "dice", "expected_lost", "game", "held", "official", "over", "roll", "rules", "scores", "squares", "state", "total", "turn"},
		"final": {"day", "dice", "expected_lost", "game", "held", "official", "over", "roll", "rules", "scores", "squares", "state", "streak", "total", "turn"},
		"share": {"day", "expected_lost", "official", "rules", "score", "squares", "streak"},
		"board": {"board", "day", "rules", "scope", "week"},
		"me":    {"days_played", "name", "public", "streak", "today", "today_attempts", "user"},
	}
	check := func(what string, r *commands.Reply) {
		t.Helper()
		got := keys(r.Data)
		for _, k := range want[what] {
			if !slices.Contains(got, k) && !(what == "me" && k == "name") {
				t.Errorf("%s: no %q in %v", what, k, got)
			}
		}
	}
	check("play", p.board)
	if s := data[daily.GameData](t, p.board).State; s == "" || !strings.Contains(p.board.Embeds[0].URL, s) {
		t.Errorf("the data's state %q is not the board's", s)
	}
	p.finish()
	check("final", p.board)
	check("share", r.mustPress(w, p.board, button(t, p.board, "📣")))
	check("board", r.must(w, "/daily board"))
	check("me", r.must(w, "/daily me"))
	if b := keys(data[daily.BoardData](t, r.must(w, "/daily board")).Board); !slices.Equal(b, []string{"from", "lines", "min_dailies", "mine", "players", "to"}) {
		t.Errorf("a board part's keys: %v", b)
	}
}
