package all_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/internal/race"
)

// tableSentences are the table's sentences for a game of Ann, Bob and
// Chloe in each language, as a reader of it expects them: the board's
// heading (the description's first line, in bold, naming whose turn it
// is with a mention), the compact line of a
// player waiting, the short hint and its button, the ping's
// link back to the game, the board brought down, and a press by someone
// with no seat.
var tableSentences = map[commands.Locale][]string{
	commands.English: {"**🎲 Yacht (51 Worldwide Games) — <@1000000000000001> · turn 1/12**\n", "**Total 0** · upper 0/63 · 12 open", "Bring down", "💡 The best options, with their expected final score",
		"Show all", "[Back to the game](https://discord.com/channels/1044567890123456789/1044567890123456790/", "🎲 The game moved down: it carries on below.",
		"You have no seat at this table; it is <@1000000000000001>'s turn."},
	commands.Korean: {"**🎲 요트 (세계의 아소비 대전 51) — <@1000000000000001> · 1/12 턴**\n", "**합계 0** · 상단 0/63 · 12칸 남음", "아래로 옮기기", "💡 가장 좋은 선택지와 최종 점수 기댓값",
		"모두 보기", "[게임으로 돌아가기](https://discord.com/channels/1044567890123456789/1044567890123456790/", "🎲 게임을 아래로 옮겼습니다. 아래에서 이어집니다.",
		"이 게임에 참가하고 있지 않습니다. 지금은 <@1000000000000001> 님의 차례입니다."},
	commands.Japanese: {"**🎲 ヨット（世界のアソビ大全51） — <@1000000000000001> · 1/12ターン**\n", "**合計 0** · 上段 0/63 · 残り12役", "最新の位置に出し直す", "💡 上位の選択肢と最終得点の期待値",
		"すべて表示", "[ゲームに戻る](https://discord.com/channels/1044567890123456789/1044567890123456790/", "🎲 ゲームを下に移動しました。続きは下のメッセージです。",
		"この卓に参加していません。今は <@1000000000000001> さんの番です。"},
}

// hintMore is the short hint's count of the options it leaves out, in
// each language.
var hintMore = map[commands.Locale]*regexp.Regexp{
	commands.English:  regexp.MustCompile(`…and \d+ more\.`),
	commands.Korean:   regexp.MustCompile(`…외 \d+개가 더 있습니다\.`),
	commands.Japanese: regexp.MustCompile(`…ほかに\d+件あります。`),
}

// playForLine is the board's line on from when Play for them works (a
// Discord timestamp, shown as a time of day), in each language.
var playForLine = map[commands.Locale]*regexp.Regexp{
	commands.English:  regexp.MustCompile(`(?m)^⏱️ From <t:\d+:T>, \*\*Play for them\*\* lets Alea take this turn\.$`),
	commands.Korean:   regexp.MustCompile(`(?m)^⏱️ <t:\d+:T>부터는 \*\*대신 진행\*\*으로 Alea가 이 턴을 맡을 수 있습니다\.$`),
	commands.Japanese: regexp.MustCompile(`(?m)^⏱️ <t:\d+:T> 以降は「\*\*代わりに進める\*\*」を押すと、このターンを Alea に任せられます。$`),
}

// TestTableSentences plays the first moves of a table of three in each
// language and pins the sentences above.
func TestTableSentences(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("a new game needs the full Yacht table")
	}
	ann, bob := bot.LocalUsers()[0].ID, bot.LocalUsers()[1].ID
	for loc, want := range tableSentences {
		h := bottest.New(t, all.Registry(all.Loopback()).Commands()...)
		h.Locale = loc
		start := h.MustRun( // start is the board as it stands
			`/yacht start players:"@Ann, @Bob, Chloe"`)
		text := replyText(start)
		if !playForLine[loc].MatchString(start.Embeds[0].Description) {
			t.Errorf("%s: the board does not say from when Play for them works:\n%s", loc, start.Embeds[0].Description)
		}
		press := func(user, label string, values ...string) *commands.Reply {
			t.Helper()
			id := ""
			for _, row := range start.Components {
				for _, c := range row {
					if strings.Contains(c.Label, label) || strings.Contains(c.Placeholder, label) {
						id = c.CustomID
						if len(values) == 0 && len(c.Options) > 0 {
							values = []string{c.Options[0].Value}
						}
					}
				}
			}
			if id == "" {
				t.Fatalf("%s: no %q on\n%s", loc, label, bot.FormatText(start))
			}
			r, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: id, UserID: user, Values: values,
				GuildID: "1044567890123456789", ChannelID: "1044567890123456790"})
			if out != bot.OK {
				t.Fatalf("%s: %s pressing %q: %s", loc, out, label, bot.FormatText(r))
			}
			return r
		}
		// A stranger (Chloe sits by name, not as a Discord user) is refused.
		for _, row := range start.Components {
			for _, c := range row {
				if strings.Contains(c.Label, rollLabel[loc]) {
					r, _ := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: c.CustomID, UserID: bot.LocalUsers()[2].ID,
						GuildID: "1044567890123456789", ChannelID: "1044567890123456790"})
					text += replyText(r)
				}
			}
		}
		rolled := press(ann, rollLabel[loc])
		start = rolled
		hint := press(ann, hintLabel[loc])
		text += replyText(hint)
		if !hintMore[loc].MatchString(hint.Embeds[0].Description) {
			t.Errorf("%s: the short hint does not say how many more:\n%s", loc, hint.Embeds[0].Description)
		}
		scored := press(ann, pickLabel[loc])
		if scored.FollowUp == nil {
			t.Fatalf("%s: no ping after Ann scored", loc)
		}
		text += replyText(scored.FollowUp)
		start = scored
		text += replyText(press(bob, downLabel[loc]))
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: no %q in\n%s", loc, w, text)
			}
		}
	}
}

// The labels pressed, in each language.
var (
	rollLabel = map[commands.Locale]string{commands.English: "Roll", commands.Korean: "굴리기", commands.Japanese: "振る"}
	hintLabel = map[commands.Locale]string{commands.English: "Hint", commands.Korean: "힌트", commands.Japanese: "ヒント"}
	pickLabel = map[commands.Locale]string{commands.English: "Score a category", commands.Korean: "족보", commands.Japanese: "役"}
	downLabel = map[commands.Locale]string{commands.English: "Bring down", commands.Korean: "아래로 옮기기", commands.Japanese: "最新の位置に出し直す"}
)
