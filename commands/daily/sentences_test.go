package daily_test

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/daily"
	"github.com/alea-bot/alea/commands/help"
	"github.com/alea-bot/alea/commands/yachttables/yachttest"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// downStore is a store whose ClaimDaily fails: the database is away.
type downStore struct{ store.Store }

func (downStore) ClaimDaily(context.Context, store.DailyAttempt) (store.DailyAttempt, bool, error) {
	return store.DailyAttempt{}, false, errors.New("connection refused")
}

// Players of the sentences: one a language, and others on the boards.
var sentencePlayer = map[commands.Locale]string{commands.English: "200000000000000001", commands.Korean: "200000000000000002", commands.Japanese: "200000000000000003"}

// seedWeek records twelve other players' official results in server1,
// each on four days of the week of 2026-11-23 and today, so that the
// day's board has more than ten lines and that week's has some.
func seedWeek(t *testing.T, st store.Store) {
	t.Helper()
	ctx := t.Context()
	for i := range 12 {
		u := fmt.Sprintf("2100000000000000%02d", i)
		for k, day := range []int{20780, 20781, 20782, 20783, 20789} { // 2026-11-23 to 26, and today
			start := time.Unix(int64(day)*86400+9*3600, 0).UTC()
			id := fmt.Sprintf("seed-%d-%d", i, k)
			if _, _, err := st.ClaimDaily(ctx, store.DailyAttempt{User: u, Rules: "yacht", Day: day, Game: id, Started: start}); err != nil {
				t.Fatal(err)
			}
			g := store.Game{ID: id, Kind: store.KindDaily, Guild: server1, Rules: "yacht", Seed: uint64(day), Started: start, Ended: start.Add(20 * time.Minute),
				Seats: []store.Seat{{User: u, Score: 180 + 3*i, Lost: float64(i*25+k*10) / 100, Decisions: 33}}}
			if _, err := st.Record(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// corpus plays the sentences' scenario in loc and returns every text
// the player read, joined.
func corpus(t *testing.T, loc commands.Locale) string {
	t.Helper()
	st := storetest.SQLite(t)
	seedWeek(t, st)
	clk := &clock{noon}
	r := newReplica(t, st, deploymentOnes, clk)
	user := sentencePlayer[loc]
	w := where{user: user, guild: server1, loc: loc}
	var texts []string
	add := func(rep *commands.Reply) *commands.Reply {
		texts = append(texts, bot.FormatTextIn(rep, loc))
		return rep
	}
	addRun := func(w where, line string) *commands.Reply {
		rep, _ := r.run(w, line)
		return add(rep)
	}
	// Before playing.
	addRun(w, "/daily me")
	// An old attempt of another player: no streak running.
	if _, _, err := st.ClaimDaily(t.Context(), store.DailyAttempt{User: "220000000000000001", Rules: "yacht", Day: 20780, Game: "old", Started: noon.AddDate(0, 0, -9)}); err != nil {
		t.Fatal(err)
	}
	addRun(where{user: "220000000000000001", guild: server1, loc: loc}, "/daily me")
	// The official attempt, played best: all green.
	p := newPlayer(t, r, w, "yacht", 1)
	p.best = true
	p.board = addRun(w, "/daily play")
	for !data[daily.GameData](t, p.board).Over {
		p.step(nil)
		add(p.board)
	}
	add(r.mustPress(w, p.board, button(t, p.board, "📣")))
	// Practice: a second start, and an earlier day's, finished and shared.
	addRun(w, "/daily play")
	p = newPlayer(t, r, w, "yacht", 2)
	p.best = true
	p.board = addRun(w, "/daily play date:2026-11-30")
	p.step(nil)
	add(p.board)
	p.finish()
	add(p.board)
	add(r.mustPress(w, p.board, button(t, p.board, "📣")))
	// Another rule set begun, not finished; the boards; /daily me.
	addRun(w, "/daily play rules:yatzy")
	addRun(w, "/daily board")
	addRun(w, "/daily board scope:everyone")
	addRun(w, "/daily board date:2026-11-20")
	addRun(where{user: "210000000000000011", guild: server1, loc: loc}, "/daily board date:2026-11-26")
	me := addRun(w, "/daily me")
	me = add(r.mustPress(w, me, me.Components[0][0].CustomID))
	addRun(w, "/daily board scope:everyone")
	add(r.mustPress(w, me, me.Components[0][0].CustomID))
	// Refusals.
	for _, line := range []string{"/daily play date:2026-12-32", "/daily play date:2026-12-25", "/daily play date:2019-12-31"} {
		addRun(w, line)
	}
	stranger := where{user: "230000000000000001", guild: server1, loc: loc}
	add(first(r.press(stranger, p.board, button(t, p.board, "📣"))))
	add(first(r.press(stranger, me, me.Components[0][0].CustomID)))
	noMessage := &commands.Request{Kind: commands.KindComponent, CustomID: button(t, p.board, "📣"), UserID: user, Locale: loc, Message: &commands.Message{ID: "other"}}
	add(first(r.h.Do(noMessage)))
	add(first(r.press(w, p.board, button(t, p.board, "📣")+"x"))) // a button of another board
	// A state changed by hand under a custom_id that binds it: the seal
	// refuses the state itself.
	forged := *p.board
	forged.Embeds = append([]commands.Embed(nil), p.board.Embeds...)
	forged.Embeds[0].URL = strings.Replace(forged.Embeds[0].URL, "~", "A~", 1)
	carried := strings.TrimPrefix(forged.Embeds[0].URL, "https://alea.invalid/daily#")
	kit := seal.Kit{Route: seal.Route{Game: "daily", Version: 1}, Key: seal.NewKey(deploymentOnes)}
	add(first(r.press(w, &forged, kit.ActionID("X", carried))))
	nameless := &commands.Request{Kind: commands.KindComponent, CustomID: "daily/1/name/" + user + "/1", UserID: user, UserName: "***", Locale: loc}
	add(first(r.h.Do(nameless)))
	// A player known by a hash, not a Discord id (the local runner's).
	hw := where{user: "local", guild: server1, loc: loc}
	hb := addRun(hw, "/daily play date:2026-11-29")
	add(first(r.press(stranger, hb, button(t, hb, "🎲"))))
	// Advice asked elsewhere (/yacht-advise) on two of the official
	// attempt's positions.
	adv := advising(t, st, clk)
	aw := where{user: "240000000000000001", guild: server1, loc: loc}
	p = newPlayer(t, adv, aw, "yacht", 1)
	p.best = true
	p.board = add(first(adv.run(aw, "/daily play")))
	for range 2 {
		p.rolled()
		if err := st.AskAdvice(t.Context(), store.Advice{User: aw.user, Rules: "yacht", Position: p.position(), Asked: clk.t}); err != nil {
			t.Fatal(err)
		}
		p.step(nil)
	}
	p.finish()
	add(p.board)
	add(first(adv.run(aw, "/daily me")))
	// Memory off, and memory away.
	off := newReplica(t, nil, deploymentOnes, clk)
	rep, _ := off.run(w, "/daily play")
	add(rep)
	down := &replica{t: t, clk: clk, h: bottest.New(t, daily.Command(daily.Deps{Tables: yachttest.Tables(), Key: seal.NewKey(deploymentOnes), Now: clk.now, Store: downStore{st}}))}
	rep, _ = down.run(w, "/daily play")
	add(rep)
	// No subcommand (only a direct call gets there).
	cmd := daily.Command(daily.Deps{Tables: yachttest.Tables(), Key: seal.NewKey(deploymentOnes), Now: clk.now})
	if _, err := cmd.Handle(t.Context(), &commands.Request{Command: "daily", Locale: loc}); err != nil {
		var ue *commands.UserError
		if errors.As(err, &ue) {
			texts = append(texts, ue.Localize(loc))
		}
	}
	// The definitions, as /help shows them.
	hh := bottest.New(t, cmd, help.Command(commands.NewRegistry(cmd)))
	hh.Locale = loc
	for _, line := range []string{"/help command:daily"} {
		texts = append(texts, bot.FormatTextIn(hh.MustRun(line), loc))
	}
	return strings.Join(texts, "\n")
}

func first(r *commands.Reply, _ bot.Outcome) *commands.Reply { return r }

// TestDumpSentences prints the corpus (ALEA_DAILY_DUMP=1), to read.
func TestDumpSentences(t *testing.T) {
	if os.Getenv("ALEA_DAILY_DUMP") == "" {
		t.Skip("set ALEA_DAILY_DUMP=1 to print")
	}
	needFullTable(t)
	for _, loc := range commands.Locales {
		fmt.Printf("===== %s\n%s\n", loc, corpus(t, loc))
	}
}

// stringsVars are the names of the sentences strings.go defines.
func stringsVars(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "strings.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR {
			for _, s := range g.Specs {
				for _, n := range s.(*ast.ValueSpec).Names {
					out = append(out, n.Name)
				}
			}
		}
	}
	return out
}

// pinned are the sentences of strings.go, whole, as the scenario of
// corpus shows them in each language (regression values from the
// answers, read by a Korean and a Japanese speaker): every sentence the
// daily adds, by its name there.
var pinned = map[string]map[commands.Locale]string{
	"txtDailyDesc": {commands.English: "One Yacht challenge a day, the same dice for everyone: play, share, and rank by points lost",
		commands.Korean:   "매일 하나, 모두 같은 주사위로 하는 요트 도전: 플레이하고, 공유하고, 잃은 점수로 순위를 겨룹니다",
		commands.Japanese: "毎日ひとつ、全員が同じサイコロで挑むヨット: 遊んで、共有して、失った点数で順位を競う"},
	"txtPlayDesc": {commands.English: "Play today's challenge privately (an earlier day's with date, as practice)",
		commands.Korean:   "오늘의 도전을 나만 보이게 플레이 (날짜를 주면 지난 도전을 연습으로)",
		commands.Japanese: "今日の挑戦を自分だけに見える形で遊ぶ（日付を指定すると過去の挑戦を練習として）"},
	"txtPlayDateDesc": {commands.English: "`date` — An earlier day's challenge, YYYY-MM-DD, played as practice (default: today, UTC)",
		commands.Korean:   "`날짜` — 지난 날의 도전, YYYY-MM-DD 형식, 연습으로 진행 (기본: 오늘, UTC 기준)",
		commands.Japanese: "`日付` — 過去の日の挑戦（YYYY-MM-DD）を練習として遊ぶ（既定: 今日、UTC）"},
	"txtBoardDesc": {commands.English: "A day's official results ranked by points lost, here or for everyone, and the week's",
		commands.Korean:   "하루의 공식 기록을 잃은 점수가 적은 순으로: 이 서버 또는 전체, 그리고 그 주",
		commands.Japanese: "その日の本番の結果を失った点数の少ない順に: このサーバーまたは全体、そしてその週"},
	"txtBoardDateDesc": {commands.English: "`date` — The day, YYYY-MM-DD (default: today, UTC)",
		commands.Korean:   "`날짜` — 날짜, YYYY-MM-DD 형식 (기본: 오늘, UTC 기준)",
		commands.Japanese: "`日付` — 日付（YYYY-MM-DD、既定: 今日、UTC）"},
	"txtScopeDesc": {commands.English: "`scope` — This server's players, or everyone (named only if they chose to be)",
		commands.Korean:   "`범위` — 이 서버의 플레이어, 또는 전체 (이름은 본인이 원한 경우에만 표시)",
		commands.Japanese: "`範囲` — このサーバーのプレイヤー、または全体（名前は本人が選んだ場合のみ表示）"},
	"txtMeDesc": {commands.English: "Your streak, today's results, and whether the board for everyone shows your name",
		commands.Korean:   "내 연속 기록, 오늘의 결과, 전체 순위에 내 이름을 보일지 설정",
		commands.Japanese: "自分の連続記録、今日の結果、全体ランキングに名前を出すかどうか"},
	"msgNoSubcommand": {commands.English: "Choose `/daily play`, `/daily board` or `/daily me`.",
		commands.Korean:   "`/데일리 도전`, `/데일리 순위`, `/데일리 내-기록` 중에서 고르세요.",
		commands.Japanese: "`/デイリー 挑戦`、`/デイリー ランキング`、`/デイリー 自分の記録` から選んでください。"},
	"msgStoreDown": {commands.English: "❌ Alea cannot reach its records right now, so it cannot tell whether this is your official attempt. Try again in a moment.",
		commands.Korean:   "❌ 지금은 Alea가 기록 저장소에 연결할 수 없어 이번이 공식 시도인지 알 수 없습니다. 잠시 뒤에 다시 시도하세요.",
		commands.Japanese: "❌ いま Alea が記録の保存先に接続できないため、これが本番の挑戦かどうか判断できません。少し待ってからもう一度試してください。"},
	"msgBadDate": {commands.English: "❌ Not a date: `2026-12-32`. Write it YYYY-MM-DD, e.g. 2026-12-02.",
		commands.Korean:   "❌ 날짜를 읽을 수 없습니다: `2026-12-32`. YYYY-MM-DD 형식으로 쓰세요 (예: 2026-12-02).",
		commands.Japanese: "❌ 日付として読めません: `2026-12-32`。YYYY-MM-DD の形で書いてください（例: 2026-12-02）。"},
	"msgFutureDate": {commands.English: "❌ The challenge of 2026-12-25 is not out yet: today (UTC) is 2026-12-02.",
		commands.Korean:   "❌ 2026-12-25의 도전은 아직 열리지 않았습니다. 오늘은 2026-12-02입니다 (UTC 기준).",
		commands.Japanese: "❌ 2026-12-25 の挑戦はまだ始まっていません。今日は 2026-12-02 です（UTC）。"},
	"msgTooEarly": {commands.English: "❌ The daily challenges begin on 2020-01-01.",
		commands.Korean:   "❌ 데일리 도전은 2020-01-01부터 있습니다.",
		commands.Japanese: "❌ デイリーの挑戦は 2020-01-01 から始まっています。"},
	"msgNoMessage": {commands.English: "❌ This button's game could not be read from its message. Start again with `/daily play`.",
		commands.Korean:   "❌ 이 버튼의 게임을 메시지에서 읽을 수 없습니다. `/데일리 도전`으로 다시 시작하세요.",
		commands.Japanese: "❌ このボタンのゲームをメッセージから読み取れませんでした。`/デイリー 挑戦` でもう一度始めてください。"},
	"msgBadState": {commands.English: "❌ This game's state is damaged, so it cannot go on; start again with `/daily play`.",
		commands.Korean:   "❌ 이 게임의 상태가 손상되어 더 이어갈 수 없습니다. `/데일리 도전`으로 다시 시작하세요.",
		commands.Japanese: "❌ このゲームの状態が壊れているため、続けられません。`/デイリー 挑戦` でもう一度始めてください。"},
	"msgSomeone": {commands.English: "❌ This daily challenge belongs to the player who started it: start your own with `/daily play`.",
		commands.Korean:   "❌ 이 데일리 도전은 도전을 시작한 사람의 것입니다. `/데일리 도전`으로 내 도전을 시작하세요.",
		commands.Japanese: "❌ このデイリー挑戦は 挑戦を始めた人 のものです。`/デイリー 挑戦` で自分の挑戦を始めてください。"},
	"msgNotYours": {commands.English: "❌ This daily challenge belongs to <@PLAYER>: start your own with `/daily play`.",
		commands.Korean:   "❌ 이 데일리 도전은 <@PLAYER>의 것입니다. `/데일리 도전`으로 내 도전을 시작하세요.",
		commands.Japanese: "❌ このデイリー挑戦は <@PLAYER> のものです。`/デイリー 挑戦` で自分の挑戦を始めてください。"},
	"msgNotYourButton": {commands.English: "❌ This button is someone else's: use `/daily me`.",
		commands.Korean:   "❌ 다른 사람의 버튼입니다. `/데일리 내-기록`을 쓰세요.",
		commands.Japanese: "❌ ほかの人のボタンです。`/デイリー 自分の記録` を使ってください。"},
	"msgNoName": {commands.English: "❌ Your display name has nothing the board can show (letters or digits): change it in Discord, or stay “a player”.",
		commands.Korean:   "❌ 표시 이름에 순위에 보일 수 있는 글자나 숫자가 없습니다. Discord에서 바꾸거나 “익명의 플레이어”로 남으세요.",
		commands.Japanese: "❌ 表示名に、ランキングに出せる文字や数字がありません。Discord で変えるか、「匿名のプレイヤー」のままにしてください。"},
	"msgTitle": {commands.English: "**📅 Daily 2026-12-02 · Yacht (51 Worldwide Games) — turn 1/12 · roll 2 of 3**",
		commands.Korean:   "**📅 데일리 2026-12-02 · 요트 (세계의 아소비 대전 51) — 1/12턴 · 2번째 굴림**",
		commands.Japanese: "**📅 デイリー 2026-12-02 · ヨット（世界のアソビ大全51） — 1/12ターン · 2投目**"},
	"msgOverTitle": {commands.English: "**🏁 Daily 2026-12-02 · Yacht (51 Worldwide Games) — done**",
		commands.Korean:   "**🏁 데일리 2026-12-02 · 요트 (세계의 아소비 대전 51) — 완료**",
		commands.Japanese: "**🏁 デイリー 2026-12-02 · ヨット（世界のアソビ大全51） — 終了**"},
	"msgRollNow": {commands.English: "🎲 Roll the dice: everyone playing this challenge starts the turn with the same five.",
		commands.Korean:   "🎲 주사위를 굴리세요. 이 도전을 하는 모든 사람이 이번 턴을 같은 다섯 개로 시작합니다.",
		commands.Japanese: "🎲 サイコロを振ってください。この挑戦を遊ぶ全員が、このターンを同じ5個で始めます。"},
	"msgSoFar": {commands.English: "Turns so far: 🟩🟩🟩", commands.Korean: "지금까지의 턴: 🟩🟩🟩", commands.Japanese: "ここまでのターン: 🟩🟩🟩"},
	"msgOfficial": {commands.English: "🏅 Your official attempt at this challenge: no hints; each decision's cost shows after it as a square.",
		commands.Korean:   "🏅 이번이 이 도전의 공식 시도입니다. 힌트는 없고, 선택할 때마다 그 손실이 네모의 색으로 표시됩니다.",
		commands.Japanese: "🏅 この挑戦の本番です。ヒントはなく、判断のたびにその損失が四角の色で表示されます。"},
	"msgStartedOnce": {commands.English: "🎯 Practice: your official attempt at this challenge started at 12:00 UTC, so this game is not ranked.",
		commands.Korean:   "🎯 연습: 이 도전의 공식 시도는 이미 12:00(UTC)에 시작했으므로 이 게임은 순위에 들어가지 않습니다.",
		commands.Japanese: "🎯 練習: この挑戦の本番は 12:00（UTC）にすでに始めているので、このゲームは順位に入りません。"},
	"msgEarlierDay": {commands.English: "🎯 Practice of an earlier day's challenge: not ranked.",
		commands.Korean:   "🎯 지난 도전의 연습: 순위에 들어가지 않습니다.",
		commands.Japanese: "🎯 過去の挑戦の練習: 順位には入りません。"},
	"msgNoMemory": {commands.English: "🎯 Practice: this bot keeps no records, so nothing is ranked.",
		commands.Korean:   "🎯 연습: 이 봇은 기록을 남기지 않아 순위가 없습니다.",
		commands.Japanese: "🎯 練習: このボットは記録を残さないので、順位はありません。"},
	"msgPractice": {commands.English: "🎯 Practice: not ranked.", commands.Korean: "🎯 연습: 순위에 들어가지 않습니다.", commands.Japanese: "🎯 練習: 順位には入りません。"},
	"msgLegend": {commands.English: "🟩 no loss · 🟨 under 1 · 🟧 under 5 · 🟥 5 or more expected points lost",
		commands.Korean:   "🟩 손실 없음 · 🟨 1 미만 · 🟧 5 미만 · 🟥 5 이상 (잃은 기대 점수)",
		commands.Japanese: "🟩 損失なし · 🟨 1未満 · 🟧 5未満 · 🟥 5以上（失った期待値）"},
	"msgSheetField": {commands.English: "-- Sheet --", commands.Korean: "-- 점수표 --", commands.Japanese: "-- スコア表 --"},
	"msgDecided":    {commands.English: "↩ score Yacht for 50 — 🟩", commands.Korean: "↩ 요트 칸에 50점 — 🟩", commands.Japanese: "↩ ヨットに50点 — 🟩"},
	"msgResult":     {commands.English: "Score **184** · expected points lost **0.00**", commands.Korean: "점수 **184** · 잃은 기대 점수 **0.00**", commands.Japanese: "得点 **184** · 失った期待値 **0.00**"},
	"msgStreak":     {commands.English: "🔥 1-day streak (longest: 1)", commands.Korean: "🔥 1일 연속 (최장 1일)", commands.Japanese: "🔥 1日連続（最長 1日）"},
	"msgAssisted": {commands.English: "💡 Decisions taken on positions you asked advice on elsewhere: 2. This result is kept but not ranked.",
		commands.Korean:   "💡 다른 곳에서 조언을 구한 상황에서 내린 선택: 2번. 이 결과는 남지만 순위에는 들어가지 않습니다.",
		commands.Japanese: "💡 ほかの場所で助言を求めた局面での判断: 2回。この結果は残りますが、順位には入りません。"},
	"msgTodayAssisted": {commands.English: "· Yacht (51 Worldwide Games) — 184 points · 0.00 expected points lost · 💡 advice asked elsewhere: not ranked",
		commands.Korean:   "· 요트 (세계의 아소비 대전 51) — 184점 · 잃은 기대 점수 0.00 · 💡 다른 곳에서 조언을 구해 순위에서 빠짐",
		commands.Japanese: "· ヨット（世界のアソビ大全51） — 184点 · 失った期待値 0.00 · 💡 ほかで助言を求めたため順位外"},
	"msgShareButton": {commands.English: "[📣 Share] [🔍 Review]", commands.Korean: "[📣 공유] [🔍 복기]", commands.Japanese: "[📣 共有] [🔍 振り返り]"},
	"msgShareHead": {commands.English: "📅 Alea daily 2026-12-02 · Yacht (51 Worldwide Games)\n🟩🟩🟩🟩🟩🟩🟩🟩🟩🟩🟩🟩\n",
		commands.Korean:   "📅 Alea 데일리 2026-12-02 · 요트 (세계의 아소비 대전 51)\n🟩🟩🟩🟩🟩🟩🟩🟩🟩🟩🟩🟩\n",
		commands.Japanese: "📅 Alea デイリー 2026-12-02 · ヨット（世界のアソビ大全51）\n🟩🟩🟩🟩🟩🟩🟩🟩🟩🟩🟩🟩\n"},
	"msgSharePractice": {commands.English: "📅 Alea daily 2026-11-30 · Yacht (51 Worldwide Games) · practice",
		commands.Korean:   "📅 Alea 데일리 2026-11-30 · 요트 (세계의 아소비 대전 51) · 연습",
		commands.Japanese: "📅 Alea デイリー 2026-11-30 · ヨット（世界のアソビ大全51） · 練習"},
	"msgShareResult": {commands.English: "\n217 points · 0.00 expected points lost\n", commands.Korean: "\n217점 · 잃은 기대 점수 0.00\n", commands.Japanese: "\n217点 · 失った期待値 0.00\n"},
	"msgShareStreak": {commands.English: "184 points · 0.00 expected points lost · 🔥 1-day streak",
		commands.Korean:   "184점 · 잃은 기대 점수 0.00 · 🔥 1일 연속",
		commands.Japanese: "184点 · 失った期待値 0.00 · 🔥 1日連続"},
	"msgBoardTitle": {commands.English: "== 📅 Daily board 2026-12-02 · Yacht (51 Worldwide Games) ==",
		commands.Korean:   "== 📅 데일리 순위 2026-12-02 · 요트 (세계의 아소비 대전 51) ==",
		commands.Japanese: "== 📅 デイリーランキング 2026-12-02 · ヨット（世界のアソビ大全51） =="},
	"msgScopeServer": {commands.English: "Official results played in this server, ranked by expected points lost (fewest first); the score breaks ties.",
		commands.Korean:   "이 서버에서 한 공식 기록을 잃은 기대 점수가 적은 순으로 나열합니다. 같으면 점수가 높은 쪽이 앞섭니다.",
		commands.Japanese: "このサーバーで遊んだ本番の結果を、失った期待値の少ない順に並べます。同じなら得点の高い方が上です。"},
	"msgScopeEveryone": {commands.English: "Official results from everywhere, ranked by expected points lost (fewest first; the score breaks ties). Players are named only if they chose to be (`/daily me`); the others show as “a player”.",
		commands.Korean:   "모든 곳의 공식 기록을 잃은 기대 점수가 적은 순으로 나열합니다 (같으면 점수가 높은 쪽이 앞). 이름은 본인이 원한 경우에만 보이고 (`/데일리 내-기록`), 나머지는 “익명의 플레이어”로 표시합니다.",
		commands.Japanese: "すべての場所の本番の結果を、失った期待値の少ない順に並べます（同じなら得点の高い方が上）。名前は本人が選んだ場合だけ表示し（`/デイリー 自分の記録`）、ほかは「匿名のプレイヤー」と表示します。"},
	"msgAPlayer":   {commands.English: "`2.` a player — **0.40** lost · 180 points", commands.Korean: "`2.` 익명의 플레이어 — 손실 **0.40** · 180점", commands.Japanese: "`2.` 匿名のプレイヤー — 損失 **0.40** · 180点"},
	"msgYou":       {commands.English: "`1.` you — **0.00** lost · 184 points", commands.Korean: "`1.` 나 — 손실 **0.00** · 184점", commands.Japanese: "`1.` あなた — 損失 **0.00** · 184点"},
	"msgNoResults": {commands.English: "No official result for this day here yet.", commands.Korean: "이 날의 공식 기록이 아직 없습니다.", commands.Japanese: "この日の本番の結果はまだありません。"},
	"msgDayLine": {commands.English: "…\n`12.` <@210000000000000011> — **3.05** lost · 213 points",
		commands.Korean:   "…\n`12.` <@210000000000000011> — 손실 **3.05** · 213점",
		commands.Japanese: "…\n`12.` <@210000000000000011> — 損失 **3.05** · 213点"},
	"msgPlayers": {commands.English: "Players ranked: 13.", commands.Korean: "모두 13명이 순위에 있습니다.", commands.Japanese: "全部で13人が順位に入っています。"},
	"msgWeekField": {commands.English: "-- The week 2026-11-23 to 2026-11-29 (at least 4 dailies) --",
		commands.Korean:   "-- 2026-11-23~2026-11-29 주간 (데일리 4회 이상) --",
		commands.Japanese: "-- 2026-11-23〜2026-11-29 の週間（デイリー4回以上） --"},
	"msgWeekLine": {commands.English: "`1.` <@210000000000000000> — **0.15** lost a daily · 180.0 points on average (dailies: 4)",
		commands.Korean:   "`1.` <@210000000000000000> — 데일리당 손실 **0.15** · 평균 180.0점 (4회)",
		commands.Japanese: "`1.` <@210000000000000000> — 1回あたり損失 **0.15** · 平均180.0点（4回）"},
	"msgNoWeek": {commands.English: "Nobody has 4 official results in this week yet.",
		commands.Korean:   "이 주에 공식 기록이 4회 이상인 사람이 아직 없습니다.",
		commands.Japanese: "この週に本番の結果が4回以上ある人はまだいません。"},
	"msgBoardFooter": {commands.English: "Practice is never ranked. Your own results: /daily me",
		commands.Korean:   "연습은 순위에 들어가지 않습니다. 내 기록: /데일리 내-기록",
		commands.Japanese: "練習は順位に入りません。自分の記録: /デイリー 自分の記録"},
	"msgMeTitle": {commands.English: "== 📅 Your dailies ==", commands.Korean: "== 📅 내 데일리 ==", commands.Japanese: "== 📅 あなたのデイリー =="},
	"msgNeverPlayed": {commands.English: "You have not played a daily challenge yet: start today's with `/daily play`.",
		commands.Korean:   "아직 데일리 도전을 한 적이 없습니다. `/데일리 도전`으로 오늘의 도전을 시작하세요.",
		commands.Japanese: "まだデイリーの挑戦を遊んでいません。`/デイリー 挑戦` で今日の挑戦を始めましょう。"},
	"msgNoStreak": {commands.English: "No streak running (your longest: 1).", commands.Korean: "이어지는 연속 기록이 없습니다 (최장 1일).", commands.Japanese: "続いている連続記録はありません（最長 1日）。"},
	"msgTodayWaiting": {commands.English: "Today's challenge (2026-12-02) is waiting: `/daily play`.",
		commands.Korean:   "오늘의 도전(2026-12-02)이 기다리고 있습니다: `/데일리 도전`.",
		commands.Japanese: "今日の挑戦（2026-12-02）が待っています: `/デイリー 挑戦`。"},
	"msgTodayHead":    {commands.English: "Today (2026-12-02):", commands.Korean: "오늘 (2026-12-02):", commands.Japanese: "今日（2026-12-02）:"},
	"msgTodayStarted": {commands.English: "· Yatzy (Scandinavian) — started at 12:00 UTC, not finished", commands.Korean: "· 야찌 (스칸디나비아) — 12:00(UTC)에 시작, 아직 끝나지 않음", commands.Japanese: "· ヤッツィー（北欧） — 12:00（UTC）に開始、まだ終わっていません"},
	"msgTodayDone": {commands.English: "· Yacht (51 Worldwide Games) — 184 points · 0.00 expected points lost",
		commands.Korean:   "· 요트 (세계의 아소비 대전 51) — 184점 · 잃은 기대 점수 0.00",
		commands.Japanese: "· ヨット（世界のアソビ大全51） — 184点 · 失った期待値 0.00"},
	"msgNamed":    {commands.English: "On the board for everyone you show as **Ann Lee**.", commands.Korean: "전체 순위에 표시되는 이름: **Ann Lee**", commands.Japanese: "全体ランキングでの表示名: **Ann Lee**"},
	"msgUnnamed":  {commands.English: "On the board for everyone you show as “a player”.", commands.Korean: "전체 순위에는 “익명의 플레이어”로 표시됩니다.", commands.Japanese: "全体ランキングでは「匿名のプレイヤー」と表示されます。"},
	"msgShowName": {commands.English: "[🏷️ Show my name]", commands.Korean: "[🏷️ 내 이름 보이기]", commands.Japanese: "[🏷️ 名前を表示する]"},
	"msgHideName": {commands.English: "[🙈 Hide my name]", commands.Korean: "[🙈 내 이름 숨기기]", commands.Japanese: "[🙈 名前を隠す]"},
}

// Every sentence of strings.go is pinned, and shows as pinned in the
// answers of a scenario that reaches each: the official attempt played
// to the end and shared, practice (a second start, an earlier day's),
// the boards, /daily me and its name switch, and every refusal.
func TestEverySentencePinned(t *testing.T) {
	needFullTable(t)
	for _, name := range stringsVars(t) {
		if _, ok := pinned[name]; !ok {
			t.Errorf("%s is not pinned", name)
		}
	}
	for _, loc := range commands.Locales {
		text := corpus(t, loc)
		for name, want := range pinned {
			w := strings.ReplaceAll(want[loc], "PLAYER", sentencePlayer[loc])
			if w == "" || !strings.Contains(text, w) {
				t.Errorf("%s %s: no %q", loc, name, w)
			}
		}
	}
}
