package all_test

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/internal/race"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// keySentences are whole sentences of the examples' answers as a reader of
// each language expects them, read and checked by a Korean and Japanese
// speaker: above all, every number in its place. The numbers themselves
// are proven elsewhere (the paper's tables, brute force); here they are
// regression values taken from the answers.
var keySentences = []struct {
	line string
	want map[commands.Locale][]string
}{
	{`/trialrule die:6 weights:"5% 20% 75%" labels:"jackpot, win, miss"`, map[commands.Locale][]string{
		commands.English: {
			"Saves 1/30 ≈ 0.033333 rolls on average against the best paper rule (37/30).",
			"height 4 · c = 63 · E[X] = 37/30 ≈ 1.23333333333 rolls",
		},
		commands.Korean: {
			"논문의 최선 규칙(37/30)보다 평균 1/30 ≈ 0.033333회 적게 굴립니다.",
			"높이 4 · c = 63 · E[X] = 37/30 ≈ 1.23333333333회",
			"최선: 높이 4 (아래 목록; `trialrule.txt`, `trialrule.png`에도 있음).",
			"어떤 규칙이든 적어도 한 번은 굴려야 합니다. 섀넌 하한(0.383665회)은 그보다 낮아 여기서는 의미가 없습니다.",
		},
		commands.Japanese: {
			"論文の最良の規則（37/30）より平均 1/30 ≈ 0.033333回少なく振ります。",
			"高さ 4 · c = 63 · E[X] = 37/30 ≈ 1.23333333333回",
			"最良: 高さ 4（下の一覧。`trialrule.txt` と `trialrule.png` にもあります）。",
			"どの規則も少なくとも1回は振ります。シャノン下界（0.383665回）はそれより低いので、ここでは意味がありません。",
		},
	}},
	{`/trialrule die:6 weights:"30% 60%"`, map[commands.Locale][]string{
		commands.English:  {"The percentages add up to 90%, not 100%, so they were read as the ratio 1:2."},
		commands.Korean:   {"백분율의 합이 100%가 아니라 90%라서 1:2 비율로 읽었습니다."},
		commands.Japanese: {"百分率の合計が 100% ではなく 90% なので、比率 1:2 として読みました。"},
	}},
	{`/trialrule die:6 weights:"1000000007 999999937" mode:paper`, map[commands.Locale][]string{
		commands.Korean:   {"짧은 규칙을 얻으려면 비율을 더 적은 자릿수로 반올림하세요. 최적 규칙은 어떤 비율에도 쓸 수 있습니다: `모드:최적`."},
		commands.Japanese: {"短い規則が欲しいときは、比率を少ない桁に丸めてください。最適な規則はどんな比率にも使えます: `モード:最適`。"},
	}},
	{`/yacht-advise dice:"3 3 5 6 6" roll:1`, map[commands.Locale][]string{
		commands.English:  {"**Best: keep ⚅⚅ (66), reroll 3 dice — expected final 191.79**"},
		commands.Korean:   {"⚂⚂⚄⚅⚅ (33566) · 1번째 굴림 · 요트 (세계의 아소비 대전 51)", "**최선: ⚅⚅ (66) 남기고 3개 다시 굴리기 — 최종 기댓값 191.79**", "…외 25개 (`개수` 값을 늘리면 더 보입니다. 최대 20)", "상단 0/63: +35까지 63점 남음 (빈 칸 6개)"},
		commands.Japanese: {"⚂⚂⚄⚅⚅ (33566) · 1投目 · ヨット（世界のアソビ大全51）", "**最善: ⚅⚅ (66) を残して3個振り直す — 最終期待値 191.79**", "…ほか25件（`件数` を増やすともっと表示されます。最大 20）", "上段 0/63: +35 まであと63点（空き6枠）"},
	}},
	{`/yacht-advise dice:66612 roll:2 sheet:"aces:3 twos:6 choice:22 yacht:0"`, map[commands.Locale][]string{
		commands.Korean:   {"4. 6 칸에 18점 — 153.19 (−6.87)", "합계 **31** · 12칸 중 4칸 채움", "상단 9/63: +35까지 54점 남음 (빈 칸 4개)"},
		commands.Japanese: {"4. シックスに18点 — 153.19 (−6.87)", "合計 **31** · 12役中4役記入済み", "上段 9/63: +35 まであと54点（空き4枠）"},
	}},
	{`/yacht-advise dice:"1 2 3 4"`, map[commands.Locale][]string{
		commands.English:  {"Five dice are needed, not 4. Write five dice 1 to 6, like `3 3 5 6 6` or `33566`."},
		commands.Korean:   {"주사위는 다섯 개여야 합니다 (입력한 개수: 4개). `3 3 5 6 6`이나 `33566`처럼 1~6의 주사위 다섯 개를 써 주세요."},
		commands.Japanese: {"サイコロは5個必要です（入力は4個）。`3 3 5 6 6` や `33566` のように 1〜6 のサイコロを5個書いてください。"},
	}},
	{`/yacht-advise sheet:"aces:7"`, map[commands.Locale][]string{
		commands.Korean:   {"1에는 7점을 기록할 수 없습니다. 가능한 점수: 0~5."},
		commands.Japanese: {"エースに7点は記入できません。記入できる点数: 0〜5。"},
	}},
	{`/yacht-advise sheet:"Aces 3, Twos 6"`, map[commands.Locale][]string{
		commands.English:  {"`Aces 3, Twos 6` needs a colon between the category and its score: `Aces:3, Twos:6`."},
		commands.Korean:   {"`Aces 3, Twos 6`: 족보와 점수 사이에 콜론(:)을 넣어 주세요. 예: `Aces:3, Twos:6`."},
		commands.Japanese: {"`Aces 3, Twos 6`: 役と点数の間にコロン（:）を入れてください。例: `Aces:3, Twos:6`。"},
	}},
	{`/yacht-advise sheet:"aces 7"`, map[commands.Locale][]string{
		commands.Korean: {"`aces 7`: 족보와 점수 사이에 콜론(:)을 넣어 주세요. 예: `aces:7`."},
	}},
	{`/yacht-advise dice:33566 roll:4`, map[commands.Locale][]string{
		commands.Korean:   {"`굴림`은 1 이상 3 이하여야 합니다. 입력: 4"},
		commands.Japanese: {"`何投目` は 1 以上 3 以下にしてください。入力: 4"},
	}},
	{`/yacht-advise dice:"3 3 5 6 7"`, map[commands.Locale][]string{
		commands.Korean: {"`7`은 주사위 눈이 아닙니다."},
	}},
	{`/yacht-stats games:500 compare:false`, map[commands.Locale][]string{
		// Whether the exact distribution or only the simulation finished in
		// the budget, these stand in the reply.
		commands.Korean:   {"표준편차 ", " · 분위수 p5 "},
		commands.Japanese: {"標準偏差 ", " · 分位点 p5 "},
	}},
	{`/orbs grid:"1 0 0 1/0 1 1 0/1 0 0 1" limit:3`, map[commands.Locale][]string{
		commands.English:  {"Orb puzzle 3×4", "**Press 3 orbs:** row orb b, column orb i, column orb iv.", "Within the limit of 3."},
		commands.Korean:   {"오브 퍼즐 3×4", "**오브 3개를 누르세요:** 행 오브 b, 열 오브 i, 열 오브 iv.", "제한 3회 이내입니다."},
		commands.Japanese: {"オーブパズル 3×4", "**オーブを3回押します:** 行オーブ b、列オーブ i、列オーブ iv。", "上限3回以内です。"},
	}},
	{`/orbs grid:"110/011/001"`, map[commands.Locale][]string{
		commands.Korean:   {"주어진 그대로 — 행 a·b, 열 i·ii: (a, ii)·(b, ii) 칸은 상태가 같지만 (a, i)·(b, i) 칸은 다릅니다."},
		commands.Japanese: {"そのまま — 行 a・b、列 i・ii: マス (a, ii) と (b, ii) は同じ状態ですが (a, i) と (b, i) は異なります。"},
	}},
	{`/orbs grid:"1 0 0 1"`, map[commands.Locale][]string{
		commands.Korean:   {"공백으로 구분한 칸 4개는 한 행인지 한 열인지 알 수 없습니다."},
		commands.Japanese: {"空白で区切った4マスは1行なのか1列なのか分かりません。"},
	}},
	{`/coins pile coins:20 take:"1 2" last:loses`, map[commands.Locale][]string{
		commands.English:  {"The player to move loses exactly when n mod 3 is 1 (the outcomes repeat with period 3). Here n mod 3 = 2."},
		commands.Korean:   {"n mod 3 값이 1일 때에만 가져갈 차례인 사람이 집니다 (승패의 반복 주기: 3). 지금 n mod 3 = 2."},
		commands.Japanese: {"n mod 3 が 1 のときに限り手番が負けます（勝敗は周期 3 で繰り返す）。いま n mod 3 = 2。"},
	}},
	{`/coins marbles count:100`, map[commands.Locale][]string{
		commands.Korean:   {"• 5개 가져가기 → 95 = 3·2^5 − 1 남김", "구슬 100개 (1~50개 가져갈 수 있음)"},
		commands.Japanese: {"• 5個取る → 95 = 3·2^5 − 1 を残す", "ビー玉100個（1〜50個取れる）"},
	}},
	{`/coins marbles count:1`, map[commands.Locale][]string{
		commands.English: {"1 marble (take it and win)"},
		commands.Korean:  {"구슬 1개 (가져가면 승리)"},
	}},
	{`/yacht-advise rules:yahtzee sheet:"yahtzee:50 large_straight:40" dice:66666 roll:3`, map[commands.Locale][]string{
		commands.English:  {"Best: score Sixes for 30 +100 Yahtzee bonus (joker)"},
		commands.Japanese: {"最善: シックスに30点 +100 ヤッツィーボーナス（ジョーカー） —"},
	}},
	{`/coins match black:5 white:4 first:mcts:50 second:random games:100 seed:7`, map[commands.Locale][]string{
		commands.English:  {"Out of 100 games, the first player (MCTS k=50) won 91 and the second (random) won 9."},
		commands.Korean:   {"100판 중 선공(MCTS k=50)이 91번, 후공(무작위)이 9번 이겼습니다.", "둘 다 최선을 다하면 (5, 4)에서 선공이 이깁니다.", "`시드:7`로 같은 판들을 다시 할 수 있습니다."},
		commands.Japanese: {"100回の対戦で、先手（MCTS k=50）が91勝、後手（ランダム）が9勝でした。", "最善を尽くせば (5, 4) から先手が勝ちます。", "`シード:7` で同じ対戦を再現できます。"},
	}},
	{`/coins play black:3 white:4`, map[commands.Locale][]string{
		commands.Japanese: {"白黒コイン vs 完全なボット"},
	}},
	// Alea's memory is off in the loopback registry (no store).
	{`/stats standings`, map[commands.Locale][]string{
		commands.English:  {"Alea's memory is off on this bot: no games are kept, so there are no standings, histories, reviews or stored data. The bot's host can turn it on."},
		commands.Korean:   {"이 봇에서는 Alea의 기억 기능이 꺼져 있습니다. 게임을 보관하지 않으므로 순위, 기록, 복기, 보관된 데이터가 없습니다. 봇을 운영하는 사람이 켤 수 있습니다."},
		commands.Japanese: {"このボットでは Alea の記憶機能がオフです。ゲームを保存しないので、順位・履歴・振り返り・保存データはありません。ボットの運営者がオンにできます。"},
	}},
	{`/review game:k7qm2xapb3dz`, map[commands.Locale][]string{
		commands.Korean:   {"이 봇에서는 Alea의 기억 기능이 꺼져 있습니다."},
		commands.Japanese: {"このボットでは Alea の記憶機能がオフです。"},
	}},
	{`/help`, map[commands.Locale][]string{
		commands.Korean:   {"`/요트-조언 주사위:\"3 3 5 6 6\" 굴림:1`", "`/도움말 명령어:<이름>`"},
		commands.Japanese: {"`/ヨット助言 サイコロ:\"3 3 5 6 6\" 何投目:1`", "`/ヘルプ コマンド:<名前>`"},
	}},
	{`/yacht start`, map[commands.Locale][]string{
		commands.Korean:   {"상단 0/63: +35까지 63점 남음"},
		commands.Japanese: {"上段 0/63: +35 まであと63点"},
	}},
	{`/yacht start rules:yacht seed:42`, map[commands.Locale][]string{
		commands.English:  {"🔖 Chosen dice (a set seed or dice entered by hand)"},
		commands.Korean:   {"🔖 정해진 주사위 (시드 지정 또는 직접 입력)"},
		commands.Japanese: {"🔖 決められた出目（シード指定または手入力）"},
	}},
	{`/yacht start players:alea`, map[commands.Locale][]string{
		commands.English:  {"📒 Recording is off here: this result is not kept.", "Play again"},
		commands.Korean:   {"📒 여기서는 기록이 꺼져 있어 이 결과는 남지 않습니다.", "한 판 더"},
		commands.Japanese: {"📒 ここでは記録がオフなので、この結果は残りません。", "もう一度遊ぶ"},
	}},
	// One upper box open: "1 box open", never "1 boxes open"; the category
	// names of the Korean and Japanese sheets (docs/sources.md).
	{`/yacht-advise dice:"6 6 6 4 4" roll:3 sheet:"aces:3 twos:6 threes:9 fours:12 fives:15"`, map[commands.Locale][]string{
		commands.English:  {"Upper 45/63: 18 to go for +35 (1 box open)"},
		commands.Korean:   {"상단 45/63: +35까지 18점 남음 (빈 칸 1개)", "1: 3 · 2: 6 · 3: 9 · 4: 12 · 5: 15", "6 칸에 18점"},
		commands.Japanese: {"上段 45/63: +35 まであと18点（空き1枠）", "エース 3 · デュース 6 · トレイ 9 · フォー 12 · ファイブ 15", "シックスに18点"},
	}},
	{`/yacht-advise dice:"6 6 6 6 2" roll:3 sheet:"aces:3"`, map[commands.Locale][]string{
		commands.Korean:   {"포카드 칸에 26점"},
		commands.Japanese: {"フォーダイスに26点"},
	}},
	// Full-width digits and spaces, as a Japanese or Korean keyboard types
	// them, read as the ASCII ones.
	{`/yacht-advise dice:"３　３　５　６　６" roll:１`, map[commands.Locale][]string{
		commands.English: {"**Best: keep ⚅⚅ (66), reroll 3 dice — expected final 191.79**"},
		commands.Korean:  {"**최선: ⚅⚅ (66) 남기고 3개 다시 굴리기 — 최종 기댓값 191.79**"},
	}},
	{`/coins play black:3 white:4`, map[commands.Locale][]string{
		commands.Korean:   {"한 색에서 1~2개를 가져갑니다. 마지막 동전을 가져간 사람이 집니다."},
		commands.Japanese: {"一色から1〜2枚取ります。最後のコインを取った人の負けです。"},
	}},
	{`/help command:yacht`, map[commands.Locale][]string{
		commands.Korean:   {"최대 6명: @멘션, 이름 또는 alea."},
		commands.Japanese: {"最大6人: @メンション、名前、alea。"},
	}},
	{`/orbs random:2x2`, map[commands.Locale][]string{
		commands.English:  {"Presses so far: 0."},
		commands.Korean:   {"지금까지 누른 횟수: 0."},
		commands.Japanese: {"ここまでに押した回数: 0。"},
	}},
	// An empty value gets the command's own message, not a length rule.
	{`/trialrule die:6 weights:""`, map[commands.Locale][]string{
		commands.English:  {"`weights` is empty. Give the ratio of the outcomes, e.g. `1 4 15`, `3:7`, `5% 20% 75%` or `0.05 0.2 0.75`."},
		commands.Korean:   {"`비율`이 비어 있습니다. 결과들의 비율을 써 주세요."},
		commands.Japanese: {"`比率` が空です。結果の比率を書いてください。"},
	}},
	{`/orbs grid:""`, map[commands.Locale][]string{
		commands.English:  {"The grid has no cells."},
		commands.Korean:   {"격자에 칸이 없습니다."},
		commands.Japanese: {"グリッドにマスがありません。"},
	}},
	{`/yacht start players:"Ann, Ann"`, map[commands.Locale][]string{
		commands.Korean: {"플레이어가 잘못되었습니다: `Ann`이 두 번 있습니다. 플레이어마다 다른 이름을 써 주세요."},
	}},
}

// TestKeySentences pins the sentences whose numbers or words are easiest
// to get wrong in translation.
func TestKeySentences(t *testing.T) {
	if testing.Short() || race.Enabled {
		// Under -race every full Yacht table and distribution takes minutes;
		// the words are the same, and the plain run checks them.
		t.Skip("runs the examples")
	}
	h := bottest.New(t, all.Registry(all.Loopback()).Commands()...)
	for _, c := range keySentences {
		for loc, want := range c.want {
			h.Locale = loc
			r, _ := h.Run(c.line)
			text := replyText(r)
			for _, w := range want {
				if !strings.Contains(text, w) {
					t.Errorf("%s %s: no %q in\n%s", loc, c.line, w, text)
				}
			}
		}
	}
}

// recorderFunc is a store.Recorder made of a function (the tests' own:
// these tests check words, not a database).
type recorderFunc func(context.Context, store.Game) (bool, error)

func (f recorderFunc) Record(ctx context.Context, g store.Game) (bool, error) { return f(ctx, g) }

// The three ways a final board says how recording went, in each language,
// and whether it offers the Record button (only when trying again may
// help): recorded; not recorded because recording is off here (memory off,
// or the server's admin turned it off: no button); not recorded because
// the database did not answer (the button).
var (
	recordedHere = recordLine{map[commands.Locale]string{
		commands.English:  "📒 Result recorded.",
		commands.Korean:   "📒 결과를 기록했습니다.",
		commands.Japanese: "📒 結果を記録しました。",
	}, false}
	recordingOffHere = recordLine{map[commands.Locale]string{
		commands.English:  "📒 Recording is off here: this result is not kept.",
		commands.Korean:   "📒 여기서는 기록이 꺼져 있어 이 결과는 남지 않습니다.",
		commands.Japanese: "📒 ここでは記録がオフなので、この結果は残りません。",
	}, false}
	notRecordedHere = recordLine{map[commands.Locale]string{
		commands.English:  "📒 Not recorded — the database did not answer. Press Record to try again.",
		commands.Korean:   "📒 기록하지 못했습니다 — 데이터베이스가 응답하지 않았습니다. 기록을 눌러 다시 시도하세요.",
		commands.Japanese: "📒 記録できませんでした — データベースが応答しませんでした。「記録」を押してもう一度試してください。",
	}, true}
	// recordButton is the Record button's label.
	recordButton = map[commands.Locale]string{commands.English: "Record", commands.Korean: "기록", commands.Japanese: "記録"}
	// recordLines are the three lines, each of which excludes the others.
	recordLines = []recordLine{recordedHere, recordingOffHere, notRecordedHere}
)

// recordLine is one way a final board says how recording went.
type recordLine struct {
	says  map[commands.Locale]string
	retry bool // the Record button is offered
}

// check fails t unless r says l (and no other record line) in loc, with
// the Record button exactly when l offers it.
func (l recordLine) check(t *testing.T, what string, loc commands.Locale, r *commands.Reply) {
	t.Helper()
	text := replyText(r)
	for _, o := range recordLines {
		if has := strings.Contains(text, o.says[loc]); has != (o.says[loc] == l.says[loc]) {
			t.Errorf("%s, %s: says %q: %v, want %v, in\n%s", what, loc, o.says[loc], has, !has, text)
		}
	}
	button := false
	for _, row := range r.Components {
		for _, c := range row {
			button = button || c.Kind == commands.Button && c.Label == recordButton[loc]
		}
	}
	if button != l.retry {
		t.Errorf("%s, %s: a Record button: %v, want %v", what, loc, button, l.retry)
	}
}

// quietServer is a real SQLite store recording every game as one of a
// server whose admin turned recording off (the harness plays outside a
// server): the store itself declines it.
func quietServer(t *testing.T) store.Recorder {
	st := storetest.SQLite(t)
	if err := st.SetRecording(context.Background(), "quiet", false); err != nil {
		t.Fatal(err)
	}
	return recorderFunc(func(ctx context.Context, g store.Game) (bool, error) {
		g.Guild = "quiet"
		return st.Record(ctx, g)
	})
}

// The final board's record lines and buttons, in each language: a game
// Alea plays alone ends at once.
func TestRecordSentences(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("runs a whole game on the full table")
	}
	offStore, err := store.Open(context.Background(), store.Off)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		what string
		rec  store.Recorder
		line recordLine
		more map[commands.Locale][]string
	}{
		{"recorded", recorderFunc(func(context.Context, store.Game) (bool, error) { return true, nil }), recordedHere, map[commands.Locale][]string{
			commands.English:  {"Review", "Play again"},
			commands.Korean:   {"복기", "한 판 더"},
			commands.Japanese: {"振り返り", "もう一度遊ぶ"},
		}},
		{"no database", recorderFunc(func(context.Context, store.Game) (bool, error) {
			return false, &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
		}), notRecordedHere, nil},
		{"server off", quietServer(t), recordingOffHere, map[commands.Locale][]string{
			commands.English:  {"Play again"},
			commands.Korean:   {"한 판 더"},
			commands.Japanese: {"もう一度遊ぶ"},
		}},
		{"DATABASE_URL=off", offStore, recordingOffHere, nil},
		{"no Recorder", nil, recordingOffHere, nil},
	}
	for _, c := range cases {
		deps := all.Loopback()
		deps.Recorder = c.rec
		deps.RecordWait = func() <-chan time.Time { return nil } // only the Recorder's answer ends the wait
		h := bottest.New(t, all.Registry(deps).Commands()...)
		for _, loc := range []commands.Locale{commands.English, commands.Korean, commands.Japanese} {
			h.Locale = loc
			r := h.MustRun(`/yacht start players:alea`)
			c.line.check(t, c.what, loc, r)
			text := replyText(r)
			for _, w := range c.more[loc] {
				if !strings.Contains(text, w) {
					t.Errorf("%s, %s: no %q in\n%s", c.what, loc, w, text)
				}
			}
			if review := strings.Contains(text, map[commands.Locale]string{commands.English: "Review", commands.Korean: "복기", commands.Japanese: "振り返り"}[loc]); review != (c.line.says[loc] == recordedHere.says[loc]) {
				t.Errorf("%s, %s: a Review button: %v", c.what, loc, review)
			}
		}
	}
}

// The final messages of a solved /orbs puzzle and of a /coins game against
// Alea say how recording went, in each language, through a real SQLite
// store: recorded (the store open), not recorded with a Record button
// (the store closed under it), recording off here with no button (no
// Recorder; the store of DATABASE_URL=off; a server whose admin turned
// recording off). A 1×1 puzzle is solved by any one press; one coin with
// Alea first ends the game at once.
func TestOrbsAndCoinsRecordSentences(t *testing.T) {
	open := func() store.Store {
		st := storetest.SQLite(t)
		return st
	}
	closed := open()
	closed.Close()
	offStore, err := store.Open(context.Background(), store.Off)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		what string
		rec  store.Recorder
		line recordLine
	}{
		{"recorded", open(), recordedHere},
		{"database closed", closed, notRecordedHere},
		{"no Recorder", nil, recordingOffHere},
		{"DATABASE_URL=off", offStore, recordingOffHere},
		{"server off", quietServer(t), recordingOffHere},
	}
	for _, c := range cases {
		deps := all.Loopback()
		deps.Recorder = c.rec
		deps.RecordWait = func() <-chan time.Time { return nil } // only the Recorder's answer ends the wait
		h := bottest.New(t, all.Registry(deps).Commands()...)
		h.User = "local"
		for _, loc := range []commands.Locale{commands.English, commands.Korean, commands.Japanese} {
			h.Locale = loc
			orbs := h.MustRun(`/orbs random:1x1`)
			var press string
			for _, row := range orbs.Components {
				press = row[0].CustomID
			}
			solved, _ := h.Click(press)
			coins := h.MustRun(`/coins play black:1 white:0 first:bot`)
			c.line.check(t, c.what+" (orbs)", loc, solved)
			c.line.check(t, c.what+" (coins)", loc, coins)
		}
	}
}
