package all_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// The players and server of the recorded games the memory sentences read.
const (
	memMina  = "100000000000000001"
	memJun   = "100000000000000002"
	memGuild = "300000000000000001"
)

// memoryGames are two finished Yacht games of one server: Mina wins the
// first against Ann (a named seat) and Alea, which counts no win (no
// other player), and loses the second to Jun.
func memoryGames() []store.Game {
	end := time.Date(2026, 11, 17, 20, 0, 0, 0, time.UTC)
	return []store.Game{
		{ID: "k7qm2xapb3dz", Kind: store.KindYacht, Guild: memGuild, Rules: "yacht", Started: end.Add(-30 * time.Minute), Ended: end,
			Seats: []store.Seat{
				{User: memMina, Score: 212, Lost: 3.51, Decisions: 36, Luck: 12.3, Winner: true},
				{Name: "Ann", Score: 180, Lost: 10.2, Decisions: 36, Luck: -4},
				{Alea: true, Score: 201, Decisions: 36, Luck: -15.4},
			},
			Decisions: []store.Decision{
				{Seat: 0, Turn: 3, Roll: 1, Dice: "13356", Chosen: "33", Best: "6", Loss: 1.25},
				{Seat: 0, Turn: 7, Roll: 3, Dice: "33566", Chosen: "fives", Best: "choice", Loss: 2.26},
				{Seat: 1, Turn: 2, Roll: 2, Dice: "11234", Chosen: "", Best: "1234", Loss: 10.2},
			}},
		{ID: "r3tn2ybqc4ew", Kind: store.KindYacht, Guild: memGuild, Rules: "yacht", Started: end.Add(23 * time.Hour), Ended: end.Add(24 * time.Hour),
			Seats: []store.Seat{
				{User: memMina, Score: 190, Lost: 7.2, Decisions: 36, Luck: -5},
				{User: memJun, Score: 230, Lost: 1.8, Decisions: 36, Luck: 20, Winner: true},
			},
			Decisions: []store.Decision{
				{Seat: 0, Turn: 12, Roll: 3, Dice: "66666", Chosen: "sixes", Best: "yacht", Loss: 7.2},
				{Seat: 1, Turn: 5, Roll: 2, Dice: "12345", Chosen: "12345", Best: "2345", Loss: 1.8},
			}},
		// Four games Mina played alone in another server, a week earlier.
		solo("abc3d4e5f6g7", end.AddDate(0, 0, -7), 250, 3.6, 30),
		solo("abc3d4e5f6g2", end.AddDate(0, 0, -6), 200, 18, -10),
		solo("abc3d4e5f6g3", end.AddDate(0, 0, -5), 220, 7.2, 0),
		solo("abc3d4e5f6g4", end.AddDate(0, 0, -4), 240, 0, 5),
	}
}

// solo is a game Mina played alone in another server.
func solo(id string, end time.Time, score int, lost, luck float64) store.Game {
	g := store.Game{ID: id, Kind: store.KindYacht, Guild: "300000000000000002", Rules: "yacht", Started: end.Add(-20 * time.Minute), Ended: end,
		Seats: []store.Seat{{User: memMina, Score: score, Lost: lost, Decisions: 36, Luck: luck, Winner: true}}}
	if lost > 0 {
		g.Decisions = []store.Decision{{Seat: 0, Turn: 6, Roll: 3, Dice: "22456", Chosen: "twos", Best: "choice", Loss: lost}}
	}
	return g
}

// memorySentences are whole sentences of the memory commands' answers
// over memoryGames, asked by Mina in the server (regression values from
// the answers, read by a Korean and a Japanese speaker; the numbers are
// proven against brute force in package memory).
var memorySentences = []struct {
	line  string
	perms int64
	want  map[commands.Locale][]string
}{
	{`/stats standings`, 0, map[commands.Locale][]string{
		commands.English:  {"Nobody has played 3 games yet; players on their way: 2 (below).", "Games you still need to be ranked: 1 (at least 3 in all).", "<@100000000000000001> — 2 played, 1 to go"},
		commands.Korean:   {"아직 3게임을 채운 사람이 없습니다. 2명이 순위에 오르는 중입니다 (아래).", "순위에 오르려면 1게임 더 필요합니다 (최소 3게임).", "<@100000000000000001> — 2게임, 1게임 남음"},
		commands.Japanese: {"まだ3戦に達した人はいません。2人が順位入りを目指しています（下記）。", "順位に載るにはあと1戦必要です（最低3戦）。", "<@100000000000000001> — 2戦済み、あと1戦"},
	}},
	{`/stats standings min:1 by:skill`, 0, map[commands.Locale][]string{
		commands.English:  {"**Leader: <@100000000000000002> — 0.05 points lost per decision (games: 1).**", "You are ranked 2 of 2.", "`2.` <@100000000000000001> · 0.15 lost/decision over 72 decisions · 0/1 wins · avg 201.0"},
		commands.Korean:   {"**1위: <@100000000000000002> — 1게임 동안 선택 1회당 0.05점 손실**", "내 순위: 2명 중 2위.", "`2.` <@100000000000000001> · 선택 72번, 선택 1회당 손실 0.15 · 1게임 0승 · 평균 201.0점"},
		commands.Japanese: {"**1位: <@100000000000000002> — 1戦で判断あたり0.05点の損失**", "あなたは2人中2位です。", "`2.` <@100000000000000001> · 判断72回、判断あたり損失 0.15 · 1戦0勝 · 平均201.0点"},
	}},
	{`/stats history`, 0, map[commands.Locale][]string{
		commands.English:  {"**Yacht (51 Worldwide Games) — games: 2, wins: 0, average 201.0, 0.15 points lost per decision (Expert).**", "2026-11-18 · Yacht (51 Worldwide Games) · 190 (place 2 of 2) · 0.20 lost/decision · luck −5.0 · `r3tn2ybqc4ew`"},
		commands.Korean:   {"**요트 (세계의 아소비 대전 51) 2게임: 0승, 평균 201.0점, 선택 1회당 손실 0.15점 (전문가)**", "2026-11-18 · 요트 (세계의 아소비 대전 51) · 190점 (2명 중 2위) · 선택 1회당 손실 0.20 · 운 −5.0 · `r3tn2ybqc4ew`"},
		commands.Japanese: {"**ヨット（世界のアソビ大全51） 2戦: 0勝、平均201.0点、判断あたり損失0.15点（エキスパート）**", "2026-11-18 · ヨット（世界のアソビ大全51） · 190点（2人中2位）· 判断あたり損失 0.20 · 運 −5.0 · `r3tn2ybqc4ew`"},
	}},
	{`/review game:k7qm2xapb3dz`, 0, map[commands.Locale][]string{
		commands.English: {"🏆 <@100000000000000001> — 212 points · 0.10 lost per decision over 36 decisions · **Expert**",
			"Ann — 180 points · 0.28 lost per decision over 36 decisions · **Good**",
			"Alea — 201 points · plays every decision perfectly",
			"Turn 7, scoring: ⚂⚂⚄⚅⚅ (33566) — score Fives; best: score Choice (−2.26)",
			"Turn 3, roll 1: ⚀⚂⚂⚄⚅ (13356) — keep ⚂⚂ (33); best: keep ⚅ (6) (−1.25)",
			"Turn 2, roll 2: ⚀⚀⚁⚂⚃ (11234) — reroll all; best: keep ⚀⚁⚂⚃ (1234) (−10.20)"},
		commands.Korean: {"🏆 <@100000000000000001> — 212점 · 선택 36번, 선택 1회당 손실 0.10 · **전문가**",
			"Alea — 201점 · 모든 선택이 최선입니다",
			"7턴 점수 기록: ⚂⚂⚄⚅⚅ (33566) — 5에 기록, 최선: 초이스에 기록 (−2.26)",
			"3턴 1번째 굴림: ⚀⚂⚂⚄⚅ (13356) — ⚂⚂ (33) 남기기, 최선: ⚅ (6) 남기기 (−1.25)",
			"2턴 2번째 굴림: ⚀⚀⚁⚂⚃ (11234) — 모두 다시 굴리기, 최선: ⚀⚁⚂⚃ (1234) 남기기 (−10.20)",
			"등급은 선택 1회당 손실로 정합니다: 완벽 0, 전문가 0.2 미만(Verhoeff의 야찌 숙련도 테스트가 목표로 삼는 값), 그 밖은 Alea가 정한 구간으로 능숙 0.5 미만, 보통 1.0 미만, 그 이상은 연습 중."},
		commands.Japanese: {"🏆 <@100000000000000001> — 212点 · 判断36回、1回あたり損失 0.10 · **エキスパート**",
			"Alea — 201点 · 常に最善の判断をします",
			"7ターン目の記入: ⚂⚂⚄⚅⚅ (33566) — ファイブに記入、最善: チョイスに記入（−2.26）",
			"3ターン目1投目: ⚀⚂⚂⚄⚅ (13356) — ⚂⚂ (33) を残す、最善: ⚅ (6) を残す（−1.25）",
			"等級は判断あたりの損失で決まります: 完璧 0、エキスパート 0.2 未満（Verhoeff のヤッツィー熟練度テストが目標とする値）、残りは Alea 独自の区分で上手 0.5 未満、まずまず 1.0 未満、それ以上は練習中。"},
	}},
	{`/stats me`, 0, map[commands.Locale][]string{
		commands.English:  {"**Games of yours kept: 6. In this server: 2.**", "Everything is in the attached `alea-data.json`. The button below deletes it."},
		commands.Korean:   {"**보관 중인 내 게임: 6개. 이 서버에서: 2개.**", "전부 첨부한 `alea-data.json`에 있습니다. 아래 버튼으로 삭제할 수 있습니다."},
		commands.Japanese: {"**保存されているあなたのゲーム: 6件。このサーバーでは2件。**", "すべて添付の `alea-data.json` にあります。下のボタンで削除できます。"},
	}},
	{`/stats forget`, 0, map[commands.Locale][]string{
		commands.Korean:   {"게임 6개에서 내 데이터를 삭제할까요?"},
		commands.Japanese: {"6件のゲームからあなたのデータを削除しますか？"},
	}},
	{`/stats server`, 0, map[commands.Locale][]string{
		commands.English:  {"**Recording is on:** finished games are kept for standings, histories and reviews.", "Only members with the Manage Server or Administrator permission can change this."},
		commands.Korean:   {"**기록 켜짐:** 끝난 게임을 순위, 기록, 복기를 위해 보관합니다.", "서버 관리 또는 관리자 권한이 있는 멤버만 바꿀 수 있습니다."},
		commands.Japanese: {"**記録オン:** 終わったゲームを順位・履歴・振り返りのために保存します。", "サーバー管理または管理者の権限を持つメンバーだけが変更できます。"},
	}},
	{`/stats standings period:week min:1`, 0, map[commands.Locale][]string{
		commands.English:  {"Counted since 2026-11-16 00:00 UTC."},
		commands.Korean:   {"2026-11-16 00:00 (UTC)부터 집계합니다.", "순위 · 요트 (세계의 아소비 대전 51) · 이번 주"},
		commands.Japanese: {"2026-11-16 00:00（UTC）から集計しています。", "順位 · ヨット（世界のアソビ大全51） · 今週"},
	}},
	{`/stats standings rules:yatzy`, 0, map[commands.Locale][]string{
		commands.English:  {"No counted games in this server (all time)."},
		commands.Korean:   {"이 서버에는 집계된 게임이 없습니다 (전체 기간)."},
		commands.Japanese: {"このサーバーには集計対象のゲームがありません（全期間）。"},
	}},
	{`/stats history`, 0, map[commands.Locale][]string{
		commands.English: {"Cleanest game: 0.10 lost per decision (`k7qm2xapb3dz`). Luckiest game: luck +12.3 (`k7qm2xapb3dz`).",
			"The chart shows your last 2 counted games, oldest on the left: score above (blue), points lost per decision below (red; lower is better)."},
		commands.Korean: {"가장 정확했던 게임: 선택 1회당 손실 0.10 (`k7qm2xapb3dz`). 가장 운이 좋았던 게임: 운 +12.3 (`k7qm2xapb3dz`).",
			"그래프는 집계된 최근 2게임을 왼쪽부터 오래된 순으로 보여 줍니다. 위는 점수(파랑), 아래는 선택 1회당 손실(빨강, 낮을수록 좋음)입니다.",
			"요트 (세계의 아소비 대전 51): 2게임 0승 · 평균 201.0 · 최고 212 · 선택 1회당 손실 0.15 · 게임당 운 +3.7"},
		commands.Japanese: {"最も正確だったゲーム: 判断あたり損失 0.10（`k7qm2xapb3dz`）。最も運が良かったゲーム: 運 +12.3（`k7qm2xapb3dz`）。",
			"グラフは集計対象の直近2戦を古い順に左から示します。上が点数（青）、下が判断あたりの損失（赤、低いほど良い）です。",
			"ヨット（世界のアソビ大全51）: 2戦0勝 · 平均 201.0 · 最高 212 · 判断あたり損失 0.15 · 1戦あたりの運 +3.7"},
	}},
	{`dm /stats history`, 0, map[commands.Locale][]string{
		commands.English:  {"Last 3 games: 0.10 lost per decision on average (the 3 before: 0.27). Luck over them: +4.1 per game (before: +6.7)."},
		commands.Korean:   {"최근 3게임: 선택 1회당 평균 손실 0.10 (그 전 3게임: 0.27). 같은 게임의 운: 게임당 +4.1 (그 전: +6.7)."},
		commands.Japanese: {"直近3戦: 判断あたり平均損失 0.10（その前の3戦: 0.27）。同じ期間の運: 1戦あたり +4.1（その前: +6.7）。"},
	}},
	{`/stats server`, commands.PermManageGuild, map[commands.Locale][]string{
		commands.English:  {"Each player can see, export and delete their own data with `/stats me`."},
		commands.Korean:   {"플레이어는 `/전적 내-데이터`로 자기 데이터를 보고, 내보내고, 삭제할 수 있습니다."},
		commands.Japanese: {"各プレイヤーは `/戦績 自分のデータ` で自分のデータを見て、書き出し、削除できます。"},
	}},
	{`/review game:"7qk 2m"`, 0, map[commands.Locale][]string{
		commands.Korean:   {"게임 ID가 아닙니다: `7qk 2m`. 게임의 복기 버튼이나 `/전적 기록`에서 복사해 주세요 (예: `k7qm2xapb3dz`)."},
		commands.Japanese: {"ゲーム ID ではありません: `7qk 2m`。ゲームの振り返りボタンか `/戦績 履歴` からコピーしてください（例: `k7qm2xapb3dz`）。"},
	}},
}

// TestMemorySentences pins the memory commands' sentences over a real
// SQLite store, and checks that the Korean and Japanese answers (and the
// answers of their buttons) hold no English fragment and none of the
// words a player would not write there (unidiomatic).
func TestMemorySentences(t *testing.T) {
	s := storetest.SQLite(t)
	for _, g := range memoryGames() {
		if _, err := s.Record(context.Background(), g); err != nil {
			t.Fatal(err)
		}
	}
	deps := all.Loopback()
	deps.Store, deps.Now = s, func() time.Time { return time.Date(2026, 11, 19, 12, 0, 0, 0, time.UTC) }
	reg := all.Registry(deps)
	h := bottest.New(t, reg.Commands()...)
	for _, c := range memorySentences {
		for _, loc := range commands.Locales {
			h.Locale = loc
			line, guild := c.line, memGuild
			if rest, ok := strings.CutPrefix(line, "dm "); ok {
				line, guild = rest, "" // in a DM: every server
			}
			req, err := runner.SlashRequest(reg, line, loc)
			if err != nil {
				t.Fatal(err)
			}
			req.GuildID, req.UserID, req.Permissions = guild, memMina, c.perms
			r, out := h.Do(req)
			if out == bot.Internal {
				t.Fatalf("%s %s: internal error", loc, c.line)
			}
			text := replyText(r)
			for _, w := range c.want[loc] {
				if !strings.Contains(text, w) {
					t.Errorf("%s %s: no %q in\n%s", loc, c.line, w, text)
				}
			}
			if loc == commands.English {
				continue
			}
			texts := []string{text}
			for _, row := range r.Components {
				for _, b := range row {
					if strings.HasPrefix(b.CustomID, "stats/1/forgotten/") {
						continue // deletes: pressed once, below
					}
					cr, _ := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: b.CustomID, GuildID: memGuild, UserID: memMina})
					texts = append(texts, replyText(cr))
				}
			}
			for _, tx := range texts {
				if frags := englishFragments(tx); frags != nil {
					t.Errorf("%s %s: English %q:\n%s", loc, c.line, frags, tx)
				}
				if bad := unidiomatic[loc].FindAllString(codeSpan.ReplaceAllString(tx, " "), -1); bad != nil {
					t.Errorf("%s %s: %q is not what a player writes:\n%s", loc, c.line, bad, tx)
				}
			}
		}
	}
	// A server's controls, pressed by an admin.
	for _, c := range []struct {
		press string
		want  map[commands.Locale]string
	}{
		{"stats/1/rec/" + memGuild + "/off", map[commands.Locale]string{
			commands.English:  "Recording turned off.",
			commands.Korean:   "**기록 꺼짐:** 새 게임은 보관하지 않으며, 이미 보관된 것은 삭제할 때까지 남습니다.",
			commands.Japanese: "**記録オフ:** 新しいゲームは保存しません。保存済みのものは削除するまで残ります。"}},
		{"stats/1/wipe/" + memGuild, map[commands.Locale]string{
			commands.English:  "Delete every game kept from this server, for every player?",
			commands.Korean:   "이 서버에서 보관한 모든 게임을 모든 플레이어에 대해 삭제할까요? 이 게임들의 순위, 기록, 복기가 영구히 사라집니다. 기록 설정은 그대로입니다.",
			commands.Japanese: "このサーバーで保存したすべてのゲームを、全プレイヤーについて削除しますか？これらのゲームの順位・履歴・振り返りは完全に消えます。記録の設定はそのままです。"}},
	} {
		for _, loc := range commands.Locales {
			h.Locale = loc
			r, _ := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: c.press, GuildID: memGuild, UserID: memMina, Permissions: commands.PermManageGuild})
			if text := replyText(r); !strings.Contains(text, c.want[loc]) {
				t.Errorf("%s %s: no %q in\n%s", loc, c.press, c.want[loc], text)
			}
			h.Locale = loc
			r, _ = h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: c.press, GuildID: memGuild, UserID: memJun})
			if text, want := replyText(r), map[commands.Locale]string{
				commands.English:  "Only members with the Manage Server or Administrator permission can change this.",
				commands.Korean:   "서버 관리 또는 관리자 권한이 있는 멤버만 바꿀 수 있습니다.",
				commands.Japanese: "サーバー管理または管理者の権限を持つメンバーだけが変更できます。"}[loc]; !strings.Contains(text, want) {
				t.Errorf("%s %s by a member: no %q in\n%s", loc, c.press, want, text)
			}
		}
	}
	// The deletions, once each: Jun in Korean, Mina in Japanese.
	for _, c := range []struct {
		loc        commands.Locale
		user, want string
	}{
		{commands.Korean, memJun, "완료: 내가 앉았던 모든 자리(1개)에서 연결을 끊고 내 순위와 기록을 삭제했습니다."},
		{commands.Japanese, memMina, "完了: あなたが座ったすべての席（6席）との結び付きを外し、あなたの順位と履歴を削除しました。"},
	} {
		h.Locale = c.loc
		r, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: fmt.Sprintf("stats/1/forgotten/%s", c.user), GuildID: memGuild, UserID: c.user})
		if text := replyText(r); out != bot.OK || !strings.Contains(text, c.want) {
			t.Errorf("%s: deleting: %s, no %q in\n%s", c.loc, out, c.want, text)
		}
	}
	h.Locale = commands.Korean
	r, _ := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: "stats/1/wiped/" + memGuild, GuildID: memGuild, UserID: memMina, Permissions: commands.PermAdministrator})
	if text := replyText(r); !strings.Contains(text, "완료: 게임 2개를 삭제했습니다.") {
		t.Errorf("wiping: %s", text)
	}
	h.Locale = commands.Japanese
	req, _ := runner.SlashRequest(reg, "/stats history", commands.Japanese)
	req.GuildID, req.UserID = memGuild, memMina
	if r, _ := h.Do(req); !strings.Contains(replyText(r), "ここにはまだ記録されたあなたのゲームがありません。`/ヨット 開始` のゲームを最後まで遊ぶと表示されます。") {
		t.Errorf("no history: %s", replyText(r))
	}
}

// TestMemoryNoSubcommand: the /stats handler called without a subcommand
// (the dispatcher routes only whole paths, so only a direct call gets
// there) asks for one in the reader's language, with the word Discord's
// Korean client uses for a command (명령어).
func TestMemoryNoSubcommand(t *testing.T) {
	s := storetest.SQLite(t)
	deps := all.Loopback()
	deps.Store = s
	var stats *commands.Command
	for _, c := range all.Registry(deps).Commands() {
		if c.Name.En == "stats" {
			stats = c
		}
	}
	if stats == nil {
		t.Fatal("no /stats in the registry")
	}
	for loc, want := range map[commands.Locale]string{
		commands.English:  "Choose one of the subcommands.",
		commands.Korean:   "하위 명령어를 하나 골라 주세요.",
		commands.Japanese: "サブコマンドを一つ選んでください。",
	} {
		_, err := stats.Handle(context.Background(), &commands.Request{Kind: commands.KindCommand, Command: "stats", Locale: loc, GuildID: memGuild, UserID: memMina})
		var ue *commands.UserError
		if !errors.As(err, &ue) || ue.Localize(loc) != want {
			t.Errorf("%s /stats: %v, want %q", loc, err, want)
		}
	}
}
