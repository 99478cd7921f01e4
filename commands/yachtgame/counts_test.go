package yachtgame

import (
	"context"
	"database/sql"
	"fmt"
	"github.com/alea-bot/alea/game/yachtdice"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// countsHarness runs /yacht over a real SQLite store: it records, reads
// back and keeps the advice asked (written at once).
func countsHarness(t *testing.T, st store.Store) *bottest.Harness {
	var h *bottest.Harness
	d := Deps{Tables: tables(t), Key: testKey, Now: func() time.Time { return h.Now() }, Recorder: st, Stored: st, Advice: st,
		AdviceGo: func(f func()) { f() }}
	h = bottest.New(t, newCommand(d))
	return h
}

// lastTurns is a table Ann started where every seat has its last box
// (Choice) to fill, eleven decisions taken, under coach.
func lastTurns(t *testing.T, h *bottest.Harness, coach int, seats ...player) *game {
	t.Helper()
	g, err := yachttable.New(0, seal.OwnerOf(ann), 99, seats)
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Seats {
		for k, v := range endGame {
			g.Seats[i].Sheet.Scores[indexOf(k)] = v
		}
		g.Seats[i].Sheet.Scores[indexOf("large_straight")], g.Seats[i].Sheet.Scores[indexOf("yacht")] = 30, 0
		if g.Seats[i].Kind != yachttable.SeatAlea {
			g.Seats[i].Decisions = 11
		}
	}
	g.Coach, g.ID, g.Started, g.Source = coach, seal.DrawGameID(nil), yachttable.Minute(h.Now()), yachtdice.Game
	return g
}

// pressLast plays the last turn of the seat whose turn it is, as user:
// a hint first when hint is set, then one roll and the menu's first box;
// or, when playFor is set, lets Alea play it.
func pressLast(t *testing.T, h *bottest.Harness, r *commands.Reply, user string, hint, playFor bool) *commands.Reply {
	t.Helper()
	if playFor {
		// The player has been idle past the table's idle time.
		later := h.Now().Add(11 * time.Minute)
		h.Now = func() time.Time { return later }
		return asOK(t, h, user, mustFind(t, r, actPlayFor).CustomID)
	}
	r = asOK(t, h, user, mustFind(t, r, actRoll).CustomID)
	if hint {
		if _, out := as(h, user, mustFind(t, r, actHint).CustomID); out != bot.OK {
			t.Fatalf("hint: %s", out)
		}
	}
	menu := mustFind(t, r, actScore)
	return asOK(t, h, user, menu.CustomID, menu.Options[0].Value)
}

// The final board says what the record holds and where it counts, in
// whole sentences of each language (regression values, written by
// Korean and Japanese speakers): the decisions Ann took after a hint
// are assisted and a two-player game counts toward everything; alone, no
// win; real dice, skill only; a chosen seed, nothing; the starter of a
// puppet, nothing; seats Alea played, nobody's; a game recorded before
// from another board with other results keeps those; a full database is
// said as such.
func TestFinalBoardSaysWhatCounts(t *testing.T) {
	type turn struct {
		user          string
		hint, playFor bool
	}
	cases := []struct {
		name  string
		seats []player
		coach int
		state func(g *game)
		turns []turn
		// before, when set, records another result of the game first.
		before bool
		want   map[commands.Locale][]string
	}{
		{"a hint", []player{userSeat(ann), userSeat(bob)}, yachttable.CoachHints, nil, []turn{{ann, true, false}, {bob, false, false}}, false,
			map[commands.Locale][]string{
				commands.English:  {"📒 Result recorded.", "📊 Counts toward wins, average and skill.", "💡 1 of 12 decisions assisted"},
				commands.Korean:   {"📒 결과를 기록했습니다.", "📊 승수, 평균, 실력에 모두 반영됩니다.", "💡 선택 12번 중 1번은 조언을 받음"},
				commands.Japanese: {"📒 結果を記録しました。", "📊 勝利数・平均点・実力のすべてに反映されます。", "💡 判断12回のうち1回は助言あり"},
			}},
		{"alone", []player{userSeat(ann)}, yachttable.CoachOff, nil, []turn{{ann, false, false}}, false,
			map[commands.Locale][]string{
				commands.English:  {"📊 Counts toward average and skill; a win counts only against another player."},
				commands.Korean:   {"📊 평균과 실력에 반영됩니다. 승리는 다른 플레이어와 겨뤘을 때만 집계됩니다."},
				commands.Japanese: {"📊 平均点と実力に反映されます。勝利は他のプレイヤーと対戦したときだけ数えます。"},
			}},
		{"real dice", []player{userSeat(ann), userSeat(bob)}, yachttable.CoachOff, func(g *game) { g.Entered = true },
			[]turn{{ann, false, false}, {bob, false, false}}, false,
			map[commands.Locale][]string{
				commands.English:  {"✍️ Dice entered by hand: this game counts toward skill only.", "✍️ Real dice: counts toward skill only, not wins or average."},
				commands.Korean:   {"✍️ 주사위를 직접 입력했으므로 이 게임은 실력에만 반영됩니다.", "✍️ 실제 주사위: 실력에만 반영되고 승수와 평균에는 들어가지 않습니다."},
				commands.Japanese: {"✍️ サイコロを手入力したので、このゲームは実力にだけ反映されます。", "✍️ 実際のサイコロ: 実力にだけ反映され、勝利数と平均点には入りません。"},
			}},
		{"a chosen seed", []player{userSeat(ann), userSeat(bob)}, yachttable.CoachOff, func(g *game) { g.Chosen, g.Source = true, yachtdice.Chosen },
			[]turn{{ann, false, false}, {bob, false, false}}, false,
			map[commands.Locale][]string{
				commands.English:  {"🔖 Chosen seed: kept in the history, counts toward no standing."},
				commands.Korean:   {"🔖 시드 지정: 기록에는 남지만 어떤 순위에도 들어가지 않습니다."},
				commands.Japanese: {"🔖 シード指定: 履歴には残りますが、どの順位にも入りません。"},
			}},
		{"a puppet", []player{userSeat(ann), {Kind: yachttable.SeatName, Name: "Puppet"}}, yachttable.CoachOff, nil,
			[]turn{{ann, false, false}, {ann, false, false}}, false,
			map[commands.Locale][]string{
				commands.English:  {"🎭 The starter also played the seats given by name, so the starter's result counts toward no standing."},
				commands.Korean:   {"🎭 시작한 사람이 이름으로 앉힌 자리까지 진행했으므로, 시작한 사람의 결과는 어떤 순위에도 들어가지 않습니다."},
				commands.Japanese: {"🎭 開始した人が名前だけの席も進めたため、開始した人の結果はどの順位にも入りません。"},
			}},
		{"played by Alea", []player{userSeat(ann), userSeat(bob)}, yachttable.CoachOff, func(g *game) {
			g.Seats[0].Decisions, g.Seats[0].Auto = 0, 11
			g.Seats[1].Decisions, g.Seats[1].Auto = 5, 6
		}, []turn{{bob, false, true}, {ann, false, true}}, false,
			map[commands.Locale][]string{
				commands.English: {"Never played this seat: it is recorded under nobody's name.", "⏱️ Alea played 7 of 12 turns for them: this seat counts for nobody.",
					"📊 No seat was played by a Discord player of its own: nothing counts in the standings."},
				commands.Korean: {"이 자리를 한 번도 직접 두지 않아 누구의 기록으로도 남기지 않습니다.", "⏱️ 12턴 중 7턴을 Alea가 대신 진행해 이 자리는 누구의 기록에도 들어가지 않습니다.",
					"📊 Discord 플레이어가 직접 진행한 자리가 없어 순위에 들어가는 것이 없습니다."},
				commands.Japanese: {"この席を一度も自分で進めなかったため、誰の記録にもしません。", "⏱️ 12ターン中7ターンを Alea が代わりに進めたため、この席は誰の記録にもなりません。",
					"📊 Discord のプレイヤー本人が進めた席がないため、順位に入るものはありません。"},
			}},
		{"another board's result", []player{userSeat(ann), userSeat(bob)}, yachttable.CoachOff, nil, []turn{{ann, false, false}, {bob, false, false}}, true,
			map[commands.Locale][]string{
				commands.English:  {"📒 This game was already recorded from another board, with other results: the record keeps those."},
				commands.Korean:   {"📒 이 게임은 다른 보드에서 다른 결과로 이미 기록되어 있어, 그 결과가 남습니다."},
				commands.Japanese: {"📒 このゲームは別のボードから別の結果ですでに記録されているため、そちらが残ります。"},
			}},
	}
	for _, c := range cases {
		for loc, want := range c.want {
			st := storetest.SQLite(t)
			h := countsHarness(t, st)
			h.Locale = loc
			g := lastTurns(t, h, c.coach, c.seats...)
			if c.state != nil {
				c.state(g)
			}
			if c.before {
				other := store.Game{ID: g.ID.String(), Kind: store.KindYacht, Rules: "yacht", Started: h.Now(), Ended: h.Now(),
					Seats: []store.Seat{{User: ann, Score: 1}, {User: bob, Score: 2, Winner: true}}}
				if _, err := st.Record(context.Background(), other); err != nil {
					t.Fatal(err)
				}
			}
			r := post(t, h, g)
			for _, tu := range c.turns {
				r = pressLast(t, h, r, tu.user, tu.hint, tu.playFor)
			}
			if !gdata(t, r).Over {
				t.Fatalf("%s: not over:\n%s", c.name, bot.FormatText(r))
			}
			text := bot.FormatText(r)
			for _, w := range want {
				if !strings.Contains(text, w) {
					t.Errorf("%s, %s: no %q in\n%s", c.name, loc, w, text)
				}
			}
		}
	}
}

// The dice form says, before the first entry of a game that counts,
// that real dice count toward skill only.
func TestDiceFormSaysWhatRealDiceCount(t *testing.T) {
	want := map[commands.Locale]string{
		commands.English:  "Roll 1 · real dice count for skill only",
		commands.Korean:   "1번째 굴림 · 실제 주사위는 실력에만 반영",
		commands.Japanese: "1投目・実際のサイコロは実力のみに反映",
	}
	for loc, title := range want {
		h := countsHarness(t, storetest.SQLite(t))
		h.Locale = loc
		r := post(t, h, lastTurns(t, h, yachttable.CoachOff, userSeat(ann), userSeat(bob)))
		m, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: mustFind(t, r, actEnter).CustomID, UserID: ann})
		if out != bot.OK || m.Modal == nil || m.Modal.Title != title {
			t.Errorf("%s: %s %+v", loc, out, m.Modal)
		}
	}
}

// A database that is full (SQLite at its page limit) gets a final board
// that says so, and Record.
func TestFinalBoardSaysTheDatabaseIsFull(t *testing.T) {
	want := map[commands.Locale]string{
		commands.English:  "📒 Not recorded — the database is full. Once the bot's host frees space, press Record.",
		commands.Korean:   "📒 기록하지 못했습니다 — 데이터베이스 공간이 가득 찼습니다. 봇 운영자가 공간을 확보한 뒤 기록을 누르세요.",
		commands.Japanese: "📒 記録できませんでした — データベースの容量がいっぱいです。ボットの運営者が空きを作ったら「記録」を押してください。",
	}
	for loc, line := range want {
		path := t.TempDir() + "/alea.db"
		st, err := store.Open(context.Background(), "sqlite:"+path)
		if err != nil {
			t.Fatal(err)
		}
		st.Close()
		// The file may not grow past what its schema holds.
		full, err := store.Open(context.Background(), fmt.Sprintf("sqlite:%s?_pragma=max_page_count(%d)", path, pages(t, path)))
		if err != nil {
			t.Fatal(err)
		}
		defer full.Close()
		h := countsHarness(t, full)
		h.Locale = loc
		r := post(t, h, lastTurns(t, h, yachttable.CoachOff, userSeat(ann)))
		r = pressLast(t, h, r, ann, false, false)
		if !strings.Contains(r.Embeds[0].Description, line) {
			t.Errorf("%s: no %q in\n%s", loc, line, bot.FormatText(r))
		}
		if _, ok := find(r, actRecord); !ok {
			t.Errorf("%s: no Record button", loc)
		}
	}
}

// pages fills the SQLite file at path with games, compacts it, and
// returns its pages: a limit at that many makes the next write find the
// database full.
func pages(t *testing.T, path string) int {
	t.Helper()
	st, err := store.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	gen := storetest.NewGenerator(3)
	for range 200 {
		if _, err := st.Record(context.Background(), gen.Game()); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if _, err := db.Exec(`VACUUM`); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`PRAGMA page_count`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
