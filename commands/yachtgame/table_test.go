package yachtgame

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/internal/race"
)

// inChannel presses id as user in a channel (of a server, or a DM when
// guild is ""), as Discord sends a press: with the channel and the
// pressed message (the harness adds the message).
func inChannel(t *testing.T, h *bottest.Harness, guild, user, id string, values ...string) *commands.Reply {
	t.Helper()
	r, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: id, UserID: user, Values: values,
		GuildID: guild, ChannelID: "1044567890123456790"})
	if out != bot.OK {
		t.Fatalf("%s presses %s: %s %s", user, id, out, bot.FormatText(r))
	}
	return r
}

// The turn ping links back to the board it follows: the pressed
// message, in its server's channel or in a DM ("@me").
func TestTurnPingLinksToTheBoard(t *testing.T) {
	for _, c := range []struct{ guild, where string }{{"1044567890123456789", "1044567890123456789"}, {"", "@me"}} {
		h := harness(t)
		r := post(t, h, table3(t, yachttable.CoachHints))
		r = inChannel(t, h, c.guild, ann, mustFind(t, r, 'r').CustomID)
		board := h.Message(mustFind(t, r, 's').CustomID)
		menu := mustFind(t, r, 's')
		r = inChannel(t, h, c.guild, ann, menu.CustomID, menu.Options[0].Value)
		checkFollowUp(t, r, bob)
		want := "(https://discord.com/channels/" + c.where + "/1044567890123456790/" + board.ID + ")"
		if !strings.Contains(r.FollowUp.Content, want) || !strings.Contains(r.FollowUp.Content, "[Back to the game]") {
			t.Errorf("ping %q, want a link %s", r.FollowUp.Content, want)
		}
	}
}

// pressIn presses id as user, whose Discord speaks loc.
func pressIn(h *bottest.Harness, loc commands.Locale, user, id string, values ...string) (*commands.Reply, bot.Outcome) {
	return h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: id, UserID: user, Values: values, Locale: loc})
}

// A board keeps the starter's language whoever presses: Ann's English
// Discord rolls on a Korean board and the board stays Korean; her hint
// and Bob's refusal are in their own language. The language is bound to
// the custom_ids: a board whose language was changed by hand is refused.
func TestOneLanguagePerGame(t *testing.T) {
	h := harness(t)
	h.Locale = commands.Korean
	r := post(t, h, table3(t, yachttable.CoachHints))
	if !strings.HasPrefix(strings.TrimPrefix(r.Embeds[0].URL, stateURL), "ko:") {
		t.Fatalf("the board's URL does not say Korean: %s", r.Embeds[0].URL)
	}
	roll := mustFind(t, r, 'r').CustomID
	if r2, out := pressIn(h, commands.English, bob, roll); out != bot.Rejected || !strings.Contains(bot.FormatTextIn(r2, commands.English), "turn") {
		t.Errorf("Bob's refusal: %s %s", out, bot.FormatText(r2))
	}
	r, out := pressIn(h, commands.English, ann, roll)
	if out != bot.OK || !r.Update {
		t.Fatalf("Ann's roll: %s %s", out, bot.FormatText(r))
	}
	if board := bot.FormatText(r); !strings.Contains(board, msgPick.In(commands.Korean)) || strings.Contains(board, msgPick.In(commands.English)) {
		t.Errorf("the board after an English press is not Korean:\n%s", board)
	}
	hr, out := pressIn(h, commands.English, ann, mustFind(t, r, 'h').CustomID)
	if out != bot.OK || !strings.HasPrefix(hr.Embeds[0].Description, "**"+msgHintBest.In(commands.English)+"**\n") {
		t.Errorf("Ann's hint is not in her language: %s %+v", out, hr.Embeds)
	}
	// The same board with "ja:" for "ko:": its buttons no longer match.
	msg := h.Message(mustFind(t, r, 'r').CustomID)
	msg.Embeds[0].URL = strings.Replace(msg.Embeds[0].URL, "#ko:", "#ja:", 1)
	forged, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: mustFind(t, r, 'r').CustomID, UserID: ann, Message: msg})
	if out != bot.Rejected {
		t.Errorf("a board with its language changed: %s %s", out, bot.FormatText(forged))
	}
}

// Bring down: anyone at the table may press it; the same board (same
// dice, same buttons, same text) carries on in a new message that pings
// nobody, and then the old message is retired to a line without state or
// buttons; a second press on the old board makes no twin; someone not at
// the table is refused.
func TestBringDown(t *testing.T) {
	h := harness(t)
	r := post(t, h, table3(t, yachttable.CoachHints))
	r = asOK(t, h, ann, mustFind(t, r, 'r').CustomID)
	down := mustFind(t, r, 'D').CustomID
	if _, out := as(h, "333333333333333333", down); out != bot.Rejected {
		t.Errorf("a stranger brought the board down: %s", out)
	}
	old := h.Message(down)
	moved := asOK(t, h, bob, down)
	if moved.Content != msgBoardMoved.In(commands.English) || len(moved.Embeds) != 0 || len(moved.Components) != 0 {
		t.Errorf("the old message: %+v", moved)
	}
	// The new message was posted first (bottest does as the transports
	// do); the buttons are on it alone.
	if m := h.Message(down); m == nil || m.ID == old.ID || m.ID != h.FollowUpID() {
		t.Errorf("the game's buttons are on %+v, want the new message %s only", m, h.FollowUpID())
	}
	// A second press on the old board as it was (pressed at once, before
	// Discord showed it retired) makes no twin: it is told the board came
	// down, in the presser's language.
	for loc, want := range map[commands.Locale]string{
		commands.English:  "This board was just brought down: the game carries on in the message below.",
		commands.Korean:   "이 보드는 방금 아래로 옮겨졌습니다. 게임은 아래 메시지에서 이어집니다.",
		commands.Japanese: "このボードはたった今、下に移動しました。続きは下のメッセージです。",
	} {
		twin, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: down, UserID: ann, Locale: loc, Message: old})
		if out != bot.Rejected || !strings.Contains(bot.FormatTextIn(twin, loc), want) || twin.FollowUp != nil {
			t.Errorf("%s: a second Bring down: %s\n%s", loc, out, bot.FormatTextIn(twin, loc))
		}
	}
	nb := moved.FollowUp
	if nb == nil || nb.AllowedMentions == nil || len(nb.AllowedMentions.Users) != 0 || len(nb.Embeds) != 1 {
		t.Fatalf("the new board: %+v", nb)
	}
	if gdata(t, nb).State != gdata(t, r).State || fmt.Sprint(commands.CustomIDs(nb.Components)) != fmt.Sprint(commands.CustomIDs(r.Components)) ||
		nb.Embeds[0].Title != r.Embeds[0].Title || nb.Embeds[0].Description != r.Embeds[0].Description || nb.Content != r.Content {
		t.Errorf("the new board differs:\n%s\nwas\n%s", bot.FormatText(nb), bot.FormatText(r))
	}
	menu := mustFind(t, nb, 's')
	r = asOK(t, h, ann, menu.CustomID, menu.Options[0].Value)
	checkFollowUp(t, r, bob)
}

// A board brought down still tells the last move (Ann's score, in the
// board's language), and one that tells none gains none.
func TestBringDownKeepsTheLastMove(t *testing.T) {
	for _, loc := range []commands.Locale{commands.English, commands.Korean, commands.Japanese} {
		h := harness(t)
		h.Locale = loc
		r := post(t, h, table3(t, yachttable.CoachHints))
		fresh := r.Embeds[0].Description
		if strings.Contains(fresh, "\n\n") {
			t.Fatalf("a new game's board tells a last move:\n%s", fresh)
		}
		nb := asOK(t, h, bob, mustFind(t, r, 'D').CustomID).FollowUp
		if nb == nil || withoutTimes(nb.Embeds[0].Description) != withoutTimes(fresh) {
			t.Fatalf("%s: the new game brought down:\n%q\nwas\n%q", loc, nb.Embeds[0].Description, fresh)
		}
		h.Post(nb)
		r = asOK(t, h, ann, mustFind(t, nb, 'r').CustomID)
		menu := mustFind(t, r, 's')
		r = asOK(t, h, ann, menu.CustomID, menu.Options[0].Value)
		last, _, _ := strings.Cut(strings.SplitN(r.Embeds[0].Description, "\n", 2)[1], "\n\n")
		if !strings.Contains(last, "<@"+ann+">") {
			t.Fatalf("%s: the board after Ann's score tells no last move:\n%s", loc, r.Embeds[0].Description)
		}
		nb = asOK(t, h, bob, mustFind(t, r, 'D').CustomID).FollowUp
		if nb == nil || withoutTimes(nb.Embeds[0].Description) != withoutTimes(r.Embeds[0].Description) {
			t.Errorf("%s: brought down after a score:\n%s\nwas\n%s", loc, bot.FormatText(nb), bot.FormatText(r))
		}
	}
}

// shownLastMove reads the lines between a board's heading and its first blank
// line, and nothing from a board with no blank line, no description, or
// its heading still in the title (boards drawn before the heading moved).
func TestLastMove(t *testing.T) {
	board := func(title, desc string) *commands.Message {
		return &commands.Message{Embeds: []commands.Embed{{Title: title, Description: desc}}}
	}
	for _, c := range []struct {
		m    *commands.Message
		want string
	}{
		{board("", "**Heading**\nAnn: score Choice for 23\nAlea: rolled 1 2 3\n\nRoll the dice."), "Ann: score Choice for 23\nAlea: rolled 1 2 3"},
		{board("", "**Heading**\nRoll the dice.\nPlay for them from 10:00."), ""},
		{board("Heading", "Ann: score Choice for 23\n\nRoll the dice."), ""},
		{board("", ""), ""},
		{&commands.Message{}, ""},
		{nil, ""},
	} {
		if got := shownLastMove(c.m); got != c.want {
			t.Errorf("shownLastMove(%+v) = %q, want %q", c.m, got, c.want)
		}
	}
}

// withoutTimes is a board's text without its Discord timestamps (the
// time from which Play for them works counts from each render).
func withoutTimes(s string) string { return discordTimes.ReplaceAllString(s, "<t>") }

var discordTimes = regexp.MustCompile(`<t:[0-9]+:T>`)

// A table of six fits a phone: the player to play has the full sheet,
// every other player one line (total, upper section, categories open,
// counted here from the crafted sheets); the whole board stays under 40
// lines.
func TestCompactBoardForSix(t *testing.T) {
	h := harness(t)
	names := []string{"Ann", "Bob", "Chloe", "Dora", "Eve", "Finn"}
	g := craft(t, names, endGame, "tester")
	r := post(t, h, g)
	e := r.Embeds[0]
	if len(e.Fields) != 2 {
		t.Fatalf("%d fields, want the player to play and the others", len(e.Fields))
	}
	lines := strings.Count(e.Description, "\n") + 1
	for _, f := range e.Fields {
		lines += strings.Count(f.Value, "\n") + 2 // the name, the value
	}
	if v := e.Fields[0].Value; !strings.Contains(v, "Aces **3** · Deuces **6** · Threes **9**") || !strings.Contains(v, "**Total 113**") {
		t.Errorf("the player to play lacks the full sheet:\n%s", v)
	}
	// endGame fills 9 of 12 categories: 3+6+9+12+15+18 = 63 above, +35
	// bonus, 0+0+15 below; the next to play first.
	var want []string
	for _, n := range names[1:] {
		want = append(want, n+" — **Total 113** · upper 63/63 · 3 open")
	}
	if got := e.Fields[1].Value; got != strings.Join(want, "\n") {
		t.Errorf("the others:\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	if lines > 24 {
		t.Errorf("the board has %d lines:\n%s", lines, bot.FormatText(r))
	}
	// Two seats keep both full sheets.
	two := post(t, h, craft(t, names[:2], endGame, "tester"))
	if !strings.Contains(two.Embeds[0].Fields[1].Value, "Aces **3**") {
		t.Errorf("a table of two is compact:\n%s", two.Embeds[0].Fields[1].Value)
	}
}

// Without players, a group DM opens a lobby as a server does; a DM with
// the bot (and the runner, the playground) a scoresheet for the caller.
func TestLobbyInGroupDM(t *testing.T) {
	h := harness(t)
	for _, c := range []struct {
		place commands.Place
		lobby bool
	}{{commands.InPrivateChannel, true}, {commands.InBotDM, false}} {
		if !c.lobby && race.Enabled {
			continue // a scoresheet needs the full table
		}
		req, err := runner.SlashRequest(h.Registry, "/yacht start seed:9", h.Locale)
		if err != nil {
			t.Fatal(err)
		}
		req.UserID, req.Place, req.ChannelID = ann, c.place, "1181112345678901200"
		r, out := h.Do(req)
		if out != bot.OK || gdata(t, r).Lobby != c.lobby {
			t.Errorf("place %d: %s, lobby %v, want %v", c.place, out, gdata(t, r).Lobby, c.lobby)
		}
	}
}

// Alea installed to the starter's account only, in a server whose members
// may not use external apps: Discord would show the table to the starter
// alone, so /yacht start says so in the starter's language instead of
// opening a lobby or a table with others; a scoresheet of one's own still
// opens, and with the permission everything does.
func TestUserInstallWhereExternalAppsAreDenied(t *testing.T) {
	want := map[commands.Locale]string{
		commands.English:  "Here Discord would show the table to you alone: Alea is added to your account, not to this server, and members here may not use external apps. Ask an admin to add Alea to the server, or play in a DM with Alea.",
		commands.Korean:   "여기서는 Discord가 테이블을 나에게만 보여 줍니다. Alea가 이 서버가 아니라 내 계정에 추가되어 있고, 이 서버에서는 멤버가 외부 앱을 사용할 수 없기 때문입니다. 관리자에게 Alea를 서버에 추가해 달라고 하거나, Alea와의 DM에서 플레이해 주세요.",
		commands.Japanese: "ここでは Discord が卓をあなたにしか表示しません。Alea はこのサーバーではなくあなたのアカウントに追加されていて、このサーバーではメンバーが外部アプリを使えないためです。管理者に Alea をサーバーに追加してもらうか、Alea との DM で遊んでください。",
	}
	start := func(h *bottest.Harness, line string, perms int64) (*commands.Reply, bot.Outcome) {
		t.Helper()
		req, err := runner.SlashRequest(h.Registry, line, h.Locale)
		if err != nil {
			t.Fatal(err)
		}
		req.UserID, req.GuildID, req.Place, req.UserInstalled, req.PermissionsKnown, req.Permissions = ann, "900", commands.InServer, true, true, perms
		return h.Do(req)
	}
	for loc, sentence := range want {
		h := harness(t)
		h.Locale = loc
		for _, line := range []string{`/yacht start`, `/yacht start players:"<@` + ann + `>, <@` + bob + `>"`} {
			r, out := start(h, line, 0)
			if out != bot.Rejected || !strings.Contains(bot.FormatTextIn(r, loc), sentence) {
				t.Errorf("%s %s: %s\n%s", loc, line, out, bot.FormatTextIn(r, loc))
			}
		}
		if race.Enabled {
			continue // a game's start needs the full table
		}
		if _, out := start(h, `/yacht start players:"<@`+ann+`>, alea"`, 0); out != bot.OK {
			t.Errorf("%s: a table of Ann and Alea: %s", loc, out)
		}
		if r, out := start(h, `/yacht start`, commands.PermUseExternalApps); out != bot.OK || !gdata(t, r).Lobby {
			t.Errorf("%s: with Use External Apps: %s", loc, out)
		}
	}
}

// A press on a board sealed under another key (the state secret was
// changed since the game began, or differs between replicas) is told
// so in the presser's language — not that someone pressed first — and
// the wiring hears of it by interaction id; a board sealed before
// fingerprints under another key is refused as unreadable.
func TestPressUnderAnotherKey(t *testing.T) {
	want := map[commands.Locale]string{
		commands.English:  "This game was started before the bot's key changed, so it cannot go on. Start a new game with `/yacht start`.",
		commands.Korean:   "이 게임은 봇의 키가 바뀌기 전에 시작되어 더 이어갈 수 없습니다. `/요트 시작`으로 새 게임을 시작해 주세요.",
		commands.Japanese: "このゲームはボットのキーが変わる前に始まったため、続けられません。`/ヨット 開始` で新しいゲームを始めてください。",
	}
	before := seal.NewKey("the secret before it was changed")
	g := table3(t, yachttable.CoachHints)
	tb, err := tables(t).Get(context.Background(), g.Rules)
	if err != nil {
		t.Fatal(err)
	}
	r := drawn(t, &Deps{Tables: tables(t), Key: before}, commands.English, tb, g)
	msg := bottest.MessageOf(r, time.Time{})
	roll := mustFind(t, r, 'r').CustomID
	var heard []string
	d := Deps{Tables: tables(t), Key: testKey, Now: time.Now, OtherKey: func(id string) { heard = append(heard, id) }}
	h := bottest.New(t, newCommand(d))
	for loc, sentence := range want {
		got, out := h.Do(&commands.Request{Kind: commands.KindComponent, ID: "7001", CustomID: roll, UserID: ann, Locale: loc, Message: msg})
		if out != bot.Rejected || !strings.Contains(bot.FormatTextIn(got, loc), sentence) {
			t.Errorf("%s: %s\n%s", loc, out, bot.FormatTextIn(got, loc))
		}
	}
	if len(heard) != 3 || heard[0] != "7001" {
		t.Errorf("the wiring heard %v", heard)
	}
	// The same board without its key's fingerprint, as boards were
	// sealed before: unreadable, not "someone pressed first".
	old := bottest.MessageOf(r, time.Time{})
	old.Embeds = append([]commands.Embed(nil), old.Embeds...)
	u := old.Embeds[0].URL
	old.Embeds[0].URL = u[:strings.LastIndex(u, "@")]
	got, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: roll, UserID: ann, Message: old})
	if out != bot.Rejected || strings.Contains(bot.FormatText(got), "pressed first") || strings.Contains(bot.FormatText(got), "key changed") {
		t.Errorf("an old board under another key: %s\n%s", out, bot.FormatText(got))
	}
}

// /yacht start's players option says what its default is where: a table
// people join (in a server or a group DM), the caller alone in a DM.
func TestPlayersHelp(t *testing.T) {
	want := map[commands.Locale]string{
		commands.English:  `Up to 6 seats: @mentions, names or alea, "@Ann, Bob, alea" (default: a table to join; DM: you alone)`,
		commands.Korean:   `최대 6명: @멘션, 이름 또는 alea. 예: "@민수, 지영, alea" (기본: 참가할 수 있는 테이블, DM에서는 나 혼자)`,
		commands.Japanese: `最大6人: @メンション、名前、alea。例: "@太郎, 花子, alea"（既定: 参加を募る卓、DMでは自分だけ）`,
	}
	cmd := newCommand(Deps{Tables: tables(t), Key: testKey})
	for _, o := range cmd.Subcommands[0].Options {
		if o.Name.In(commands.English) != "players" {
			continue
		}
		for loc, w := range want {
			if got := o.Description.In(loc); got != w || len([]rune(got)) > 100 {
				t.Errorf("%s: %q", loc, got)
			}
		}
		return
	}
	t.Fatal("no players option")
}
