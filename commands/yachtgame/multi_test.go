package yachtgame

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtboard"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachtodds"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/internal/race"
)

const (
	ann = "111111111111111111"
	bob = "222222222222222222"
	cy  = "333333333333333333" // not seated, but in TestUndoMarksOnlyAPingedPass
)

func userSeat(id string) player {
	v, _ := strconv.ParseUint(id, 10, 64)
	return player{Kind: yachttable.SeatUser, User: v}
}

// table3 is a game of Ann, Bob and Alea started by Ann, three categories
// open each (the end-game table under -race holds these states).
func table3(t *testing.T, coach int, seats ...player) *game {
	t.Helper()
	if seats == nil {
		seats = []player{userSeat(ann), userSeat(bob), {Kind: yachttable.SeatAlea}}
	}
	g, err := yachttable.New(0, seal.OwnerOf(ann), 42, seats)
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Seats {
		for k, v := range endGame {
			g.Seats[i].Sheet.Scores[indexOf(k)] = v
		}
	}
	g.Coach = coach
	return g
}

// checkPing checks that the message pings exactly user.
func checkPing(t *testing.T, r *commands.Reply, user string) {
	t.Helper()
	if !strings.Contains(r.Content, "<@"+user+">") || r.AllowedMentions == nil || fmt.Sprint(r.AllowedMentions.Users) != "["+user+"]" {
		t.Errorf("want a ping of %s only: content %q, allowed %+v", user, r.Content, r.AllowedMentions)
	}
	if n := len(regexp.MustCompile(`<@\d+>`).FindAllString(r.Content, -1)); n != 1 {
		t.Errorf("content names %d users: %q", n, r.Content)
	}
}

// scoreBest rolls once and scores the menu's first option, as user.
func rollAndScore(t *testing.T, h *bottest.Harness, r *commands.Reply, user string) *commands.Reply {
	t.Helper()
	r = asOK(t, h, user, mustFind(t, r, 'r').CustomID)
	menu := mustFind(t, r, 's')
	return asOK(t, h, user, menu.CustomID, menu.Options[0].Value)
}

func TestTurnsPingsAndAlea(t *testing.T) {
	h := harness(t)
	r := post(t, h, table3(t, yachttable.CoachHints))
	checkPing(t, r, ann)
	roll := mustFind(t, r, 'r').CustomID
	before := fmt.Sprint(h.Message(roll))
	// Bob and a stranger press out of turn: refused, the message unchanged;
	// the stranger is told they have no seat.
	for u, want := range map[string]string{bob: "It is <@" + ann + ">'s turn", cy: "You have no seat at this table; it is <@" + ann + ">'s turn."} {
		r2, out := as(h, u, roll)
		if out != bot.Rejected || !r2.Ephemeral || !strings.Contains(r2.Content, want) {
			t.Errorf("%s out of turn: %s %s", u, out, bot.FormatText(r2))
		}
	}
	if after := fmt.Sprint(h.Message(roll)); after != before {
		t.Errorf("a refused press changed the message")
	}
	// Ann plays; the turn passes to Bob, pinged alone.
	r = rollAndScore(t, h, r, ann)
	if d := gdata(t, r); d.Current != 1 || d.Roll != 0 {
		t.Fatalf("after Ann: %+v", d)
	}
	checkPing(t, r, bob)
	if _, out := as(h, ann, mustFind(t, r, 'r').CustomID); out != bot.Rejected {
		t.Errorf("Ann pressed on Bob's turn: %s", out)
	}
	// Bob plays; Alea's turn is played in the same update, back to Ann.
	r = rollAndScore(t, h, r, bob)
	d := gdata(t, r)
	if d.Current != 0 || d.Players[2].Scores == nil || len(d.Players[2].Scores) != len(endGame)+1 {
		t.Fatalf("after Bob, Alea did not play: %+v", d)
	}
	if !strings.Contains(r.Embeds[0].Description, "🤖 Alea:") {
		t.Errorf("Alea's turn is not told:\n%s", r.Embeds[0].Description)
	}
	// Its rerolls say what it kept (seed and sheets fixed: this turn has one).
	if !aleaReroll.MatchString(r.Embeds[0].Description) {
		t.Errorf("Alea's reroll is not told as a keep:\n%s", r.Embeds[0].Description)
	}
	checkPing(t, r, ann)
	// Alea plays optimally: it loses nothing.
	if d.Players[2].Lost != 0 {
		t.Errorf("Alea lost %.2f", d.Players[2].Lost)
	}
	// Play to the end: every turn's ping names its player.
	for !gdata(t, r).Over {
		u := []string{ann, bob}[gdata(t, r).Current]
		checkPing(t, r, u)
		r = rollAndScore(t, h, r, u)
	}
	if r.AllowedMentions == nil || len(r.AllowedMentions.Users) != 0 || !onlyFinalButtons(r) {
		t.Errorf("the summary pings or has buttons other than Play again: %+v", r.AllowedMentions)
	}
}

// A game that starts with Alea's seat plays its first turn at once.
func TestAleaFirst(t *testing.T) {
	if race.Enabled {
		t.Skip("needs the full table")
	}
	h := harness(t)
	r := startAs(t, h, `/yacht start seed:3 players:"alea, <@`+ann+`>, Bob"`, ann)
	d := gdata(t, r)
	if d.Current != 1 || len(d.Players[0].Scores) != 1 || d.Players[0].Seat != "alea" || d.Players[1].User != ann || d.Players[2].Name != "Bob" {
		t.Fatalf("start: %+v", d)
	}
	checkPing(t, r, ann)
	if d.Coach != "on" {
		t.Errorf("one person at the table: coach %s, want on", d.Coach)
	}
	// Ann presses for Bob's named seat too.
	r = rollAndScore(t, h, r, ann)
	if gdata(t, r).Current != 2 {
		t.Fatal("not Bob's turn")
	}
	if r.Content != "▶ Bob's turn" || len(r.AllowedMentions.Users) != 0 {
		t.Errorf("named seat's turn: content %q, pings %v", r.Content, r.AllowedMentions.Users)
	}
	r = rollAndScore(t, h, r, ann)
	if d := gdata(t, r); d.Current != 1 || len(d.Players[0].Scores) != 2 {
		t.Errorf("after Bob, Alea did not play: %+v", d)
	}
	// Two people: hints by default.
	r = startAs(t, h, `/yacht start seed:3 players:"<@`+ann+`> <@`+bob+`>"`, ann)
	if gdata(t, r).Coach != "hints" {
		t.Errorf("two people: coach %s", gdata(t, r).Coach)
	}
}

func TestUndo(t *testing.T) {
	h := harness(t)
	r := post(t, h, table3(t, yachttable.CoachHints))
	r = asOK(t, h, ann, mustFind(t, r, 'r').CustomID)
	rolled := gdata(t, r)
	menu := mustFind(t, r, 's')
	r = asOK(t, h, ann, menu.CustomID, menu.Options[0].Value)
	undo := mustFind(t, r, 'u').CustomID
	// Bob is refused, in his language: the refusal says Undo lasts until
	// the next person acts (Alea's turns right after it go with it).
	for loc, want := range map[commands.Locale]string{
		commands.English:  "Only the player who just scored can undo it, until the next person acts (Alea's turns played right after it are undone with it).",
		commands.Korean:   "방금 기록한 플레이어만, 다음 사람이 움직이기 전까지 되돌릴 수 있습니다 (바로 뒤에 진행된 Alea의 턴도 함께 되돌아갑니다).",
		commands.Japanese: "取り消せるのは直前に記入したプレイヤーだけで、次の人が動くまでです（その直後に進んだ Alea の番もいっしょに取り消されます）。",
	} {
		if r2, out := pressIn(h, loc, bob, undo); out != bot.Rejected || !strings.Contains(r2.Content, want) {
			t.Errorf("%s: Bob undoes Ann's score: %s %s", loc, out, bot.FormatTextIn(r2, loc))
		}
	}
	r = asOK(t, h, ann, undo)
	d := gdata(t, r)
	if d.Current != 0 || d.Roll != rolled.Roll || fmt.Sprint(d.Dice) != fmt.Sprint(rolled.Dice) || fmt.Sprint(d.Players[0].Scores) != fmt.Sprint(rolled.Players[0].Scores) {
		t.Fatalf("after undo: %+v, want %+v", d, rolled)
	}
	if _, ok := find(r, 'u'); ok {
		t.Error("undo offered twice")
	}
	// Score again; once Bob acts, Ann's undo is gone.
	menu = mustFind(t, r, 's')
	r = asOK(t, h, ann, menu.CustomID, menu.Options[1].Value)
	undo = mustFind(t, r, 'u').CustomID
	r = asOK(t, h, bob, mustFind(t, r, 'r').CustomID)
	if _, ok := find(r, 'u'); ok {
		t.Error("undo offered after the next player acted")
	}
	if _, out := as(h, ann, undo); out != bot.Rejected {
		t.Errorf("stale undo: %s", out)
	}
}

// The last person before Alea keeps Undo: Bob's score is followed at
// once by Alea's turn in the same update, and Bob may still take it back
// (Alea's turn with it) until Ann acts.
func TestUndoBeforeAlea(t *testing.T) {
	h := harness(t)
	r := post(t, h, table3(t, yachttable.CoachHints))
	r = rollAndScore(t, h, r, ann)
	r = asOK(t, h, bob, mustFind(t, r, 'r').CustomID)
	rolled := gdata(t, r)
	menu := mustFind(t, r, 's')
	r = asOK(t, h, bob, menu.CustomID, menu.Options[0].Value)
	if d := gdata(t, r); d.Current != 0 || len(d.Players[2].Scores) != len(rolled.Players[2].Scores)+1 {
		t.Fatalf("after Bob, Alea did not play: %+v", d)
	}
	undo, ok := find(r, 'u')
	if !ok {
		t.Fatalf("Bob, the last person before Alea, has no Undo:\n%s", bot.FormatText(r))
	}
	if _, out := as(h, ann, undo.CustomID); out != bot.Rejected {
		t.Errorf("Ann undid Bob's score: %s", out)
	}
	r = asOK(t, h, bob, undo.CustomID)
	d := gdata(t, r)
	if d.Current != 1 || d.Roll != rolled.Roll || fmt.Sprint(d.Dice) != fmt.Sprint(rolled.Dice) ||
		fmt.Sprint(d.Players[1].Scores) != fmt.Sprint(rolled.Players[1].Scores) || fmt.Sprint(d.Players[2].Scores) != fmt.Sprint(rolled.Players[2].Scores) {
		t.Fatalf("after Bob's undo: %+v, want %+v", d, rolled)
	}
	// Bob scores again; once Ann rolls, his Undo is gone.
	menu = mustFind(t, r, 's')
	r = asOK(t, h, bob, menu.CustomID, menu.Options[1].Value)
	undo = mustFind(t, r, 'u')
	r = asOK(t, h, ann, mustFind(t, r, 'r').CustomID)
	if _, ok := find(r, 'u'); ok {
		t.Error("undo offered after Ann acted")
	}
	if _, out := as(h, bob, undo.CustomID); out != bot.Rejected {
		t.Errorf("stale undo: %s", out)
	}
}

// One ping a turn: Ann scores (Bob is pinged), takes it back (nobody is
// pinged) and scores again: Bob, pinged already, is not pinged twice, and
// the board still names him; the turn after his is pinged as usual.
func TestOnePingAfterUndo(t *testing.T) {
	h := harness(t)
	r := post(t, h, table3(t, yachttable.CoachHints))
	r = asOK(t, h, ann, mustFind(t, r, 'r').CustomID)
	menu := mustFind(t, r, 's')
	r = asOK(t, h, ann, menu.CustomID, menu.Options[0].Value)
	checkFollowUp(t, r, bob)
	r = asOK(t, h, ann, mustFind(t, r, 'u').CustomID)
	if r.FollowUp != nil {
		t.Errorf("the undo pings: %q", r.FollowUp.Content)
	}
	// "Pinged" is bound to the buttons like the state: a board whose mark
	// was taken off by hand is refused.
	menu = mustFind(t, r, 's')
	msg := *h.Message(menu.CustomID)
	if !strings.HasPrefix(strings.TrimPrefix(msg.Embeds[0].URL, stateURL), "en:!") {
		t.Fatalf("the board after an undo is not marked: %s", msg.Embeds[0].URL)
	}
	msg.Embeds = append([]commands.Embed(nil), msg.Embeds...)
	msg.Embeds[0].URL = strings.Replace(msg.Embeds[0].URL, "#en:!", "#en:", 1)
	if _, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: menu.CustomID, UserID: ann,
		Values: []string{menu.Options[1].Value}, Message: &msg}); out != bot.Rejected {
		t.Errorf("a board with its mark taken off: %s", out)
	}
	r = asOK(t, h, ann, menu.CustomID, menu.Options[1].Value)
	if r.FollowUp != nil {
		t.Errorf("Bob is pinged a second time for one turn: %q", r.FollowUp.Content)
	}
	checkPing(t, r, bob)
	// A second undo and score: still no second ping.
	r = asOK(t, h, ann, mustFind(t, r, 'u').CustomID)
	menu = mustFind(t, r, 's')
	r = asOK(t, h, ann, menu.CustomID, menu.Options[0].Value)
	if r.FollowUp != nil {
		t.Errorf("Bob is pinged again after a second undo: %q", r.FollowUp.Content)
	}
	// Bob's turn passes (Alea plays) to Ann: she is pinged.
	r = rollAndScore(t, h, r, bob)
	checkFollowUp(t, r, ann)
}

// A roll is written once: after the first roll the board's description
// has one line with dice on it, the dice line.
func TestRollWrittenOnce(t *testing.T) {
	h := harness(t)
	r := post(t, h, table3(t, yachttable.CoachHints))
	r = asOK(t, h, ann, mustFind(t, r, 'r').CustomID)
	var withDice []string
	for _, line := range strings.Split(r.Embeds[0].Description, "\n") {
		if regexp.MustCompile(`[⚀-⚅]`).MatchString(line) {
			withDice = append(withDice, line)
		}
	}
	if len(withDice) != 1 || !strings.HasPrefix(withDice[0], "Dice: ") {
		t.Errorf("the roll is written on %d lines:\n%s", len(withDice), r.Embeds[0].Description)
	}
}

func TestHintAndCoachModes(t *testing.T) {
	h := harness(t)
	// hints: a Hint button for the current player, no advice in public.
	r := post(t, h, table3(t, yachttable.CoachHints))
	r = asOK(t, h, ann, mustFind(t, r, 'r').CustomID)
	hint := mustFind(t, r, 'h').CustomID
	before := fmt.Sprint(h.Message(hint))
	if r2, out := as(h, bob, hint); out != bot.Rejected {
		t.Errorf("Bob's hint on Ann's turn: %s %s", out, bot.FormatText(r2))
	}
	hr, out := as(h, ann, hint)
	if out != bot.OK || !hr.Ephemeral || hr.Update {
		t.Fatalf("hint: %s %+v", out, hr)
	}
	checkNoLinkedTitle(t, hr)
	// Every option with its expected final score, checked against the
	// engine's advice from the test's own sheet.
	tb := table(t, yacht.Yacht)
	d := gdata(t, r)
	sheet := newModels(1, endGame)[0].sheet(t)
	dice := yacht.Dice(d.Dice)
	adv, err := tb.Advise(sheet, &dice, d.Roll)
	if err != nil {
		t.Fatal(err)
	}
	// The hint shows the best three, in order, and says how many more;
	// Show all (on the private hint, for Ann alone) edits it into every
	// option.
	short := hr.Embeds[0].Description
	for i, a := range adv.Actions {
		line := fmt.Sprintf("%s — %.2f", yachtboard.Move(commands.English, yachtwords.DiceFaces{}, tb.Rules(), a), a.Expected)
		if strings.Contains(short, line) != (i < hintShort) {
			t.Errorf("short hint and option %d, %s:\n%s", i, line, short)
		}
	}
	if !strings.Contains(short, fmt.Sprintf("…and %d more.", len(adv.Actions)-hintShort)) || len(hr.Components) != 1 {
		t.Errorf("short hint:\n%s\n%+v", short, hr.Components)
	}
	showAll := hr.Components[0][0].CustomID
	onHint := func(user string) (*commands.Reply, bot.Outcome) {
		return h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: showAll, UserID: user,
			Message: bottest.MessageOf(hr, h.Now())})
	}
	if _, out := onHint(bob); out != bot.Rejected {
		t.Errorf("Bob's Show all on Ann's hint: %s", out)
	}
	all, out := onHint(ann)
	if out != bot.OK || !all.Update || len(all.Components) != 0 {
		t.Fatalf("show all: %s %+v", out, all)
	}
	text := all.Embeds[0].Description
	for _, a := range adv.Actions {
		if !strings.Contains(text, fmt.Sprintf("%s — %.2f", yachtboard.Move(commands.English, yachtwords.DiceFaces{}, tb.Rules(), a), a.Expected)) {
			t.Errorf("hint lacks %s at %.2f:\n%s", yachtboard.Move(commands.English, yachtwords.DiceFaces{}, tb.Rules(), a), a.Expected, text)
		}
	}
	if fmt.Sprint(h.Message(hint)) != before {
		t.Error("the hint changed the message")
	}
	public := bot.FormatText(r)
	for _, o := range mustFind(t, r, 's').Options {
		public += o.Description + o.Emoji
	}
	for _, w := range []string{"Best", "expected final", "⭐", "cost"} {
		if strings.Contains(public, w) {
			t.Errorf("coach hints shows %q in public:\n%s", w, public)
		}
	}
	// on: the best move and the costs in public, no Hint button.
	on := post(t, h, table3(t, yachttable.CoachOn))
	on = asOK(t, h, ann, mustFind(t, on, 'r').CustomID)
	if _, ok := find(on, 'h'); ok || !strings.Contains(on.Embeds[0].Description, "Best") {
		t.Errorf("coach on:\n%s", bot.FormatText(on))
	}
	// off: no advice and no Hint.
	off := post(t, h, table3(t, yachttable.CoachOff))
	off = asOK(t, h, ann, mustFind(t, off, 'r').CustomID)
	if _, ok := find(off, 'h'); ok || strings.Contains(bot.FormatText(off), "Best") {
		t.Errorf("coach off:\n%s", bot.FormatText(off))
	}
}

func TestPlayForThem(t *testing.T) {
	h := harness(t)
	start := h.Now()
	r := post(t, h, table3(t, yachttable.CoachHints))
	p := mustFind(t, r, 'p').CustomID
	h.Now = func() time.Time { return start.Add(9 * time.Minute) }
	if r2, out := as(h, bob, p); out != bot.Rejected || !strings.Contains(r2.Content, "in 1 min") {
		t.Errorf("too early: %s %s", out, bot.FormatText(r2))
	}
	h.Now = func() time.Time { return start.Add(10 * time.Minute) }
	if _, out := as(h, cy, p); out != bot.Rejected {
		t.Errorf("a stranger played for Ann: %s", out)
	}
	r = asOK(t, h, bob, p)
	d := gdata(t, r)
	if d.Current != 1 || d.Players[0].PlayedFor != 1 || d.Players[0].Lost != 0 || len(d.Players[0].Scores) != len(endGame)+1 {
		t.Fatalf("after playing for Ann: %+v", d)
	}
	if !strings.Contains(r.Embeds[0].Description, "Alea played for <@"+ann+">") {
		t.Errorf("not marked:\n%s", r.Embeds[0].Description)
	}
	// The clock restarts with the edit: Ann cannot take Bob's turn at once.
	if _, out := as(h, ann, mustFind(t, r, 'p').CustomID); out != bot.Rejected {
		t.Errorf("play for them right after an edit: %s", out)
	}
	for !gdata(t, r).Over {
		r = rollAndScore(t, h, r, []string{ann, bob}[gdata(t, r).Current])
	}
	if !strings.Contains(r.Embeds[0].Fields[0].Value, "Alea played 1 of these turns for them") {
		t.Errorf("summary does not mark it:\n%s", r.Embeds[0].Fields[0].Value)
	}
}

// On a seat given by name, a seated player other than the one who opened
// the table is told who plays it, in every language.
func TestNamedSeatsTurnSaysWhoPlays(t *testing.T) {
	h := harness(t)
	r := post(t, h, table3(t, yachttable.CoachHints, player{Kind: yachttable.SeatName, Name: "Dora"}, userSeat(bob), userSeat(ann)))
	roll := mustFind(t, r, 'r').CustomID
	for loc, want := range map[commands.Locale]string{
		commands.English:  "It is Dora's turn; <@" + ann + ">, who opened the table, plays the seats given by name.",
		commands.Korean:   "지금은 Dora 차례입니다. 이름으로 앉힌 자리는 테이블을 연 <@" + ann + "> 님이 진행합니다.",
		commands.Japanese: "今は Dora の番です。名前だけの席は、卓を開いた <@" + ann + "> さんが進めます。",
	} {
		h.Locale = loc
		if r2, out := as(h, bob, roll); out != bot.Rejected || !strings.Contains(r2.Content, want) {
			t.Errorf("%s: Bob on Dora's turn: %s %s", loc, out, bot.FormatText(r2))
		}
	}
	h.Locale = commands.English
	asOK(t, h, ann, roll)
}

// Alea's turn tells a reroll of all five dice as such (no empty keep), in
// every language.
func TestAleaRerollAllTold(t *testing.T) {
	g := table3(t, yachttable.CoachHints)
	events := []yachttable.Event{{Kind: yachttable.EventAleaTurn, Seat: 2}, {Kind: yachttable.EventRolled, Seat: 2, ByAlea: true, Dice: yacht.Dice{1, 2, 3, 4, 5}},
		{Kind: yachttable.EventRolled, Seat: 2, ByAlea: true, Decided: true, Chosen: strategy.Action{Kind: strategy.Keep}, Dice: yacht.Dice{6, 6, 6, 2, 1}}}
	for loc, want := range map[commands.Locale]string{
		commands.English:  "🤖 Alea: ⚀⚁⚂⚃⚄ (12345) · rerolled all → ⚅⚅⚅⚁⚀ (66621)",
		commands.Korean:   "🤖 Alea: ⚀⚁⚂⚃⚄ (12345) · 모두 다시 굴림 → ⚅⚅⚅⚁⚀ (66621)",
		commands.Japanese: "🤖 Alea: ⚀⚁⚂⚃⚄ (12345) · すべて振り直し → ⚅⚅⚅⚁⚀ (66621)",
	} {
		if got := narrate(loc, yachtwords.DiceFaces{}, g, nil, events); got != want {
			t.Errorf("%s: %q, want %q", loc, got, want)
		}
	}
}

var aleaReroll = regexp.MustCompile(`🤖 Alea: .* · kept [⚀-⚅]+ \([1-6]+\) → [⚀-⚅]{5} \([1-6]{5}\) · `)

var playForAt = regexp.MustCompile(`<t:([0-9]+):T>`)

// The board says from when Play for them works, as a Discord timestamp to
// the second: ten minutes (the default idle time) after the edit, and the
// margin for Discord's stamp of the edit (10 s), never more. A press at
// the time shown is taken; one a second before the idle time is up is
// refused.
func TestPlayForTimeShown(t *testing.T) {
	h := harness(t)
	edited := time.Date(2026, 11, 24, 21, 19, 25, 0, time.UTC)
	h.Now = func() time.Time { return edited }
	r := post(t, h, table3(t, yachttable.CoachHints))
	r = asOK(t, h, ann, mustFind(t, r, 'r').CustomID)
	m := playForAt.FindStringSubmatch(r.Embeds[0].Description)
	if m == nil {
		t.Fatalf("the board does not say when Play for them works:\n%s", r.Embeds[0].Description)
	}
	sec, _ := strconv.ParseInt(m[1], 10, 64)
	from := time.Unix(sec, 0)
	if want := time.Date(2026, 11, 24, 21, 29, 35, 0, time.UTC); !from.Equal(want) {
		t.Errorf("Play for them from %v, want %v", from.UTC(), want)
	}
	p := mustFind(t, r, 'p').CustomID
	h.Now = func() time.Time { return edited.Add(10*time.Minute - time.Second) }
	if r2, out := as(h, bob, p); out != bot.Rejected || !strings.Contains(r2.Content, "in 1 min") {
		t.Errorf("a second before the idle time is up: %s %s", out, bot.FormatText(r2))
	}
	h.Now = func() time.Time { return from }
	asOK(t, h, bob, p)
	// Discord stamps the edit a moment after the render: a stamp up to
	// the margin later still allows a press at the time shown, which is
	// never more than the margin (and a second) late.
	rendered := edited.Add(250 * time.Millisecond)
	for _, late := range []time.Duration{0, 9 * time.Second, 10 * time.Second} {
		at := playForFrom(rendered, 10)
		if at.Sub(rendered.Add(late)) < 10*time.Minute || at.Sub(rendered) > 10*time.Minute+editMargin+time.Second || at.Nanosecond() != 0 {
			t.Errorf("stamped %v late: Play for them shown from %v", late, at)
		}
	}
}

var costLine = regexp.MustCompile(`↩ <@(\d+)>: .* — cost \*\*([0-9.]+)\*\*`)

// The summary's points lost are the sum of the costs the game showed, for
// every player, under coach on with random play.
func TestLostEqualsCostsShown(t *testing.T) {
	h := harness(t)
	rng := rand.New(rand.NewPCG(11, 12))
	g := table3(t, yachttable.CoachOn, userSeat(ann), userSeat(bob))
	r := post(t, h, g)
	shown := map[string]float64{}
	record := func(r *commands.Reply) {
		for _, m := range costLine.FindAllStringSubmatch(r.Embeds[0].Description, -1) {
			x, _ := strconv.ParseFloat(m[2], 64)
			shown[m[1]] += x
		}
	}
	for steps := 0; !gdata(t, r).Over; steps++ {
		if steps > 500 {
			t.Fatal("the game does not end")
		}
		d := gdata(t, r)
		u := []string{ann, bob}[d.Current]
		switch {
		case d.Roll == 0 || d.Roll < 3 && rng.IntN(2) == 0:
			if d.Roll > 0 {
				r = asOK(t, h, u, mustFind(t, r, byte('0'+rng.IntN(5))).CustomID)
			}
			r = asOK(t, h, u, mustFind(t, r, 'r').CustomID)
		default:
			menu := mustFind(t, r, 's')
			r = asOK(t, h, u, menu.CustomID, menu.Options[rng.IntN(len(menu.Options))].Value)
		}
		record(r)
	}
	for i, u := range []string{ann, bob} {
		lost := gdata(t, r).Players[i].Lost
		want := fmt.Sprintf("Expected points lost by decisions: **%.2f**", shown[u])
		if math.Abs(lost-shown[u]) > 1e-9 || !strings.Contains(r.Embeds[0].Fields[i].Value, want) {
			t.Errorf("%s: summary lost %.2f, costs shown sum to %.2f:\n%s", u, lost, shown[u], r.Embeds[0].Fields[i].Value)
		}
		if shown[u] == 0 {
			t.Errorf("%s: random play showed no cost; the test proves nothing", u)
		}
	}
}

// Two presses racing on one message: both start from the same state, so
// the second is the same move (idempotent) and a button of the state the
// first made is not on the second's message.
func TestRacingPresses(t *testing.T) {
	h := harness(t)
	r := post(t, h, table3(t, yachttable.CoachHints))
	roll := mustFind(t, r, 'r').CustomID
	msg := h.Message(roll)
	a, outA := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: roll, UserID: ann, Message: msg})
	b, outB := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: roll, UserID: ann, Message: msg})
	if outA != bot.OK || outB != bot.OK || bot.FormatText(a) != bot.FormatText(b) || fmt.Sprint(a.Components) != fmt.Sprint(b.Components) {
		t.Errorf("the same press on the same message answered differently")
	}
	if gdata(t, a).Step != gdata(t, r).Step+1 {
		t.Errorf("step %d after %d", gdata(t, a).Step, gdata(t, r).Step)
	}
}

// The scoreboard shows the injected win probabilities.
func TestWinProbabilities(t *testing.T) {
	var h *bottest.Harness
	calls := 0
	d := Deps{Tables: tables(t), Key: testKey, Now: func() time.Time { return h.Now() },
		WinProbabilities: func(_ context.Context, _ *strategy.Table, sheets []yacht.Sheet, cur int) ([]float64, error) {
			calls++
			out := make([]float64, len(sheets))
			out[cur] = 1
			return out, nil
		}}
	h = bottest.New(t, newCommand(d))
	r := post(t, h, table3(t, yachttable.CoachHints))
	r = asOK(t, h, ann, mustFind(t, r, 'r').CustomID)
	if calls != 1 || !strings.Contains(r.Embeds[0].Description, "Chance of winning as this turn began: <@"+ann+"> 100% · <@"+bob+"> 0% · 🤖 Alea 0%") {
		t.Errorf("calls %d:\n%s", calls, r.Embeds[0].Description)
	}
}

// A turn in Korean and Japanese for several people.
func TestMultiLocales(t *testing.T) {
	want := map[commands.Locale][]string{
		commands.Korean:   {"님, 차례입니다", "힌트", "대신 진행", "플레이어 1"},
		commands.Japanese: {"さん、あなたの番です", "ヒント", "代わりに進める", "プレイヤー 1"},
	}
	for loc, words := range want {
		h := harness(t)
		h.Locale = loc
		r := post(t, h, table3(t, yachttable.CoachHints))
		text := bot.FormatText(r)
		for _, row := range r.Components {
			for _, c := range row {
				text += " " + c.Label
			}
		}
		for _, w := range words {
			if !strings.Contains(text, w) {
				t.Errorf("%s: no %q in\n%s", loc, w, text)
			}
		}
		r2, _ := as(h, bob, mustFind(t, r, 'r').CustomID)
		if strings.Contains(r2.Content, "turn") {
			t.Errorf("%s: refusal in English: %s", loc, r2.Content)
		}
	}
}

// startIn runs /yacht start in a server channel as user.
func startIn(t *testing.T, h *bottest.Harness, line, user string) *commands.Reply {
	t.Helper()
	req, err := runner.SlashRequest(h.Registry, line, h.Locale)
	if err != nil {
		t.Fatal(err)
	}
	req.UserID, req.GuildID = user, "999999999999999999"
	r, out := h.Do(req)
	if out != bot.OK {
		t.Fatalf("%s: %s %s", line, out, bot.FormatText(r))
	}
	return r
}

func lobbyButton(t *testing.T, r *commands.Reply, a byte) string {
	t.Helper()
	return mustFind(t, r, a).CustomID
}

func TestLobby(t *testing.T) {
	h := harness(t)
	r := startIn(t, h, "/yacht start seed:9", ann)
	if d := gdata(t, r); !d.Lobby || len(d.Players) != 1 || d.Players[0].User != ann {
		t.Fatalf("lobby: %+v", d)
	}
	checkNoLinkedTitle(t, r)
	if r.AllowedMentions == nil || len(r.AllowedMentions.Users) != 0 {
		t.Errorf("the lobby pings: %+v", r.AllowedMentions)
	}
	if !strings.Contains(bot.FormatText(r), "Play alone") {
		t.Errorf("one seat: %s", bot.FormatText(r))
	}
	r = asOK(t, h, bob, lobbyButton(t, r, 'j'))
	if r2 := asOK(t, h, bob, lobbyButton(t, r, 'j')); len(gdata(t, r2).Players) != 2 {
		t.Errorf("joined twice: %+v", gdata(t, r2))
	} else {
		r = r2
	}
	r = asOK(t, h, cy, lobbyButton(t, r, 'j'))
	r = asOK(t, h, cy, lobbyButton(t, r, 'l'))
	if r2, out := as(h, ann, lobbyButton(t, r, 'l')); out != bot.Rejected {
		t.Errorf("the starter left: %s %s", out, bot.FormatText(r2))
	}
	if r2, out := as(h, bob, lobbyButton(t, r, 'g')); out != bot.Rejected || !strings.Contains(r2.Content, "<@"+ann+">") {
		t.Errorf("Bob started: %s %s", out, bot.FormatText(r2))
	}
	for _, u := range []string{"444444444444444444", "555555555555555555", "666666666666666666", "777777777777777777"} {
		r = asOK(t, h, u, lobbyButton(t, r, 'j'))
	}
	if d := gdata(t, r); len(d.Players) != 6 {
		t.Fatalf("six seats: %+v", d)
	}
	if r2, out := as(h, cy, lobbyButton(t, r, 'j')); out != bot.Rejected || !strings.Contains(r2.Content, "full") {
		t.Errorf("a seventh joined: %s %s", out, bot.FormatText(r2))
	}
	r = asOK(t, h, ann, lobbyButton(t, r, 'g'))
	d := gdata(t, r)
	if d.Lobby || d.Roll != 0 || d.Current != 0 || d.Players[1].User != bob || d.Coach != "hints" {
		t.Fatalf("started: %+v", d)
	}
	checkPing(t, r, ann)
	if race.Enabled {
		return // the full table is built in the non-race run
	}
	r = rollAndScore(t, h, r, ann)
	checkPing(t, r, bob)
	// Outside a server (a DM, the runner) there is no lobby: a solo game.
	if d := gdata(t, startAs(t, h, "/yacht start seed:9", ann)); d.Lobby || len(d.Players) != 1 {
		t.Errorf("DM start: %+v", d)
	}
}

// The scoreboard shows the odds, in every language, summing to 100%.
func TestScoreboardOdds(t *testing.T) {
	want := map[commands.Locale]string{commands.English: "Chance of winning", commands.Korean: "이길 확률", commands.Japanese: "勝率"}
	for loc, word := range want {
		var h *bottest.Harness
		d := Deps{Tables: tables(t), Key: testKey, Now: func() time.Time { return h.Now() },
			WinProbabilities: yachtodds.NewWinOdds(yachtodds.WinOddsOptions{Budget: time.Hour}).Probabilities}
		h = bottest.New(t, newCommand(d))
		h.Locale = loc
		r := post(t, h, table3(t, yachttable.CoachHints))
		r = asOK(t, h, ann, mustFind(t, r, 'r').CustomID)
		if d := gdata(t, r); len(d.WinChances) != 3 {
			t.Errorf("%s: win_chances %v", loc, d.WinChances)
		}
		desc := r.Embeds[0].Description
		i := strings.Index(desc, word)
		if i < 0 {
			t.Errorf("%s: no odds in\n%s", loc, desc)
			continue
		}
		line, _, _ := strings.Cut(desc[i:], "\n")
		total := 0
		for _, f := range strings.Fields(line) {
			var pc int
			if _, err := fmt.Sscanf(f, "%d%%", &pc); err == nil && strings.HasSuffix(f, "%") {
				total += pc
			}
		}
		if total < 99 || total > 101 {
			t.Errorf("%s: the odds add up to %d%%: %s", loc, total, line)
		}
	}
}

// From the first turn: three empty sheets show even odds, 33% each
// (every player is in the same state, so no other split can be right).
func TestScoreboardOddsFromTheFirstTurn(t *testing.T) {
	if race.Enabled {
		t.Skip("the end-game table of the race run holds no empty sheet")
	}
	var h *bottest.Harness
	d := Deps{Tables: tables(t), Key: testKey, Now: func() time.Time { return h.Now() },
		WinProbabilities: yachtodds.NewWinOdds(yachtodds.WinOddsOptions{Budget: time.Hour}).Probabilities}
	h = bottest.New(t, newCommand(d))
	g, err := yachttable.New(0, seal.OwnerOf(ann), 42, []player{userSeat(ann), userSeat(bob), {Kind: yachttable.SeatAlea}})
	if err != nil {
		t.Fatal(err)
	}
	r := post(t, h, g)
	r = asOK(t, h, ann, mustFind(t, r, 'r').CustomID) // the first roll
	data := gdata(t, r)
	if len(data.WinChances) != 3 {
		t.Fatalf("win_chances %v on the first turn", data.WinChances)
	}
	for i, p := range data.WinChances {
		if math.Abs(p-1.0/3) > 1e-12 {
			t.Errorf("seat %d: %v, want 1/3", i, p)
		}
	}
	if !strings.Contains(r.Embeds[0].Description, "33%") {
		t.Errorf("no odds on the first board:\n%s", r.Embeds[0].Description)
	}
}

// In the end game the hint adds the move with the best chance of
// finishing first, next to the max-expectation move, in every language.
func TestHintPlaysToWin(t *testing.T) {
	want := map[commands.Locale]string{commands.English: "🏆", commands.Korean: "1등", commands.Japanese: "1位"}
	for loc, word := range want {
		var h *bottest.Harness
		d := Deps{Tables: tables(t), Key: testKey, Now: func() time.Time { return h.Now() },
			Odds: yachtodds.NewWinOdds(yachtodds.WinOddsOptions{Budget: time.Hour})}
		h = bottest.New(t, newCommand(d))
		h.Locale = loc
		g := table3(t, yachttable.CoachHints)
		// Bob is ahead, and Ann's dice (seed 52 under the test key: the
		// dice depend on the key) make the keep with the best chance to
		// win another than the best on average.
		g.Seed = 52
		g.Seats[1].Sheet.Scores[indexOf("full_house")] = 12
		r := post(t, h, g)
		r = asOK(t, h, ann, mustFind(t, r, 'r').CustomID)
		hr, out := as(h, ann, mustFind(t, r, 'h').CustomID)
		if out != "ok" || !hr.Ephemeral {
			t.Fatalf("%s: hint %s %s", loc, out, bot.FormatText(hr))
		}
		desc := hr.Embeds[0].Description
		i := strings.Index(desc, "🏆")
		if i < 0 || !strings.Contains(desc[i:], word) {
			t.Errorf("%s: no play-to-win line in\n%s", loc, desc)
			continue
		}
		var pcs []int
		for _, f := range strings.FieldsFunc(desc[i:], func(r rune) bool { return r == ' ' || r == '(' || r == '（' || r == ':' }) {
			var pc int
			if _, err := fmt.Sscanf(f, "%d%%", &pc); err == nil {
				pcs = append(pcs, pc)
			}
		}
		if len(pcs) != 2 || pcs[0] <= pcs[1] {
			t.Errorf("%s: the play-to-win move wins less often than ⭐: %v in %s", loc, pcs, desc[i:])
		}
	}
}

// An Undo marks the board "already pinged" only when the pass it takes
// back went to a Discord user other than the one undoing: a pass to a
// named seat (the starter plays it, nobody is pinged) pinged nobody, so
// the mark is not set, and the turn after it pings Cy as usual; a pass to
// Bob did ping him, so the pass made again does not.
func TestUndoMarksOnlyAPingedPass(t *testing.T) {
	for _, c := range []struct {
		name   string
		second player
		pinged bool
	}{
		{"another user", userSeat(bob), true},
		{"named seat", player{Kind: yachttable.SeatName, Name: "Dee"}, false},
	} {
		h := harness(t)
		r := post(t, h, table3(t, yachttable.CoachHints, userSeat(ann), c.second, userSeat(cy)))
		r = rollAndScore(t, h, r, ann)
		r = asOK(t, h, ann, mustFind(t, r, 'u').CustomID)
		menu := mustFind(t, r, 's')
		marked := strings.HasPrefix(strings.TrimPrefix(h.Message(menu.CustomID).Embeds[0].URL, stateURL), "en:!")
		if marked != c.pinged {
			t.Errorf("%s: the board after the undo is marked pinged: %v, want %v", c.name, marked, c.pinged)
		}
		r = asOK(t, h, ann, menu.CustomID, menu.Options[0].Value)
		if c.pinged {
			if r.FollowUp != nil {
				t.Errorf("%s: Bob is pinged twice for one turn: %q", c.name, r.FollowUp.Content)
			}
			continue
		}
		// The named seat, played by the starter, passes to Cy, who is
		// pinged.
		r = rollAndScore(t, h, r, ann)
		checkFollowUp(t, r, cy)
	}
}

// 🤖 Add Alea in a lobby, in each language: the starter seats Alea (the
// board says so, the button turns to Remove Alea), Bob may not, the same
// button takes Alea's seat away; seated again, Alea plays its turns once
// the game starts.
func TestLobbyAddAlea(t *testing.T) {
	words := map[commands.Locale][4]string{
		commands.English:  {"🤖 Add Alea", "🤖 Remove Alea", "🤖 Alea took a seat.", "🤖 Alea left its seat."},
		commands.Korean:   {"🤖 Alea 추가", "🤖 Alea 빼기", "🤖 Alea가 자리에 앉았습니다.", "🤖 Alea가 자리에서 빠졌습니다."},
		commands.Japanese: {"🤖 Alea を追加", "🤖 Alea を外す", "🤖 Alea が席に着きました。", "🤖 Alea が抜けました。"},
	}
	refusal := map[commands.Locale]string{
		commands.English:  "Only <@" + ann + ">, who opened the table, can seat Alea or take its seat away.",
		commands.Korean:   "Alea를 앉히거나 빼는 것은 테이블을 연 <@" + ann + "> 님만 할 수 있습니다.",
		commands.Japanese: "Alea を席に着かせたり外したりできるのは、卓を開いた <@" + ann + "> さんだけです。",
	}
	for loc, w := range words {
		h := harness(t)
		h.Locale = loc
		r := startIn(t, h, "/yacht start seed:9", ann)
		if _, ok := bottest.Buttons(r)[w[0]]; !ok {
			t.Fatalf("%s: no %q on the lobby:\n%s", loc, w[0], bot.FormatTextIn(r, loc))
		}
		if r2, out := pressIn(h, loc, bob, lobbyButton(t, r, actAlea)); out != bot.Rejected || !strings.Contains(r2.Content, refusal[loc]) {
			t.Errorf("%s: Bob seats Alea: %s %s", loc, out, bot.FormatTextIn(r2, loc))
		}
		r = asOK(t, h, ann, lobbyButton(t, r, actAlea))
		d := gdata(t, r)
		if len(d.Players) != 2 || d.Players[1].Seat != "alea" || !strings.Contains(bot.FormatTextIn(r, loc), w[2]) {
			t.Errorf("%s: Alea seated: %+v\n%s", loc, d, bot.FormatTextIn(r, loc))
		}
		if _, ok := bottest.Buttons(r)[w[1]]; !ok {
			t.Errorf("%s: no %q once Alea is seated", loc, w[1])
		}
		r = asOK(t, h, ann, lobbyButton(t, r, actAlea))
		if d := gdata(t, r); len(d.Players) != 1 || !strings.Contains(bot.FormatTextIn(r, loc), w[3]) {
			t.Errorf("%s: Alea unseated: %+v\n%s", loc, d, bot.FormatTextIn(r, loc))
		}
		if race.Enabled || loc != commands.English {
			continue
		}
		r = asOK(t, h, ann, lobbyButton(t, r, actAlea))
		r = asOK(t, h, ann, lobbyButton(t, r, 'g'))
		r = rollAndScore(t, h, r, ann)
		if d := gdata(t, r); d.Current != 0 || d.Players[1].Total == 0 && len(d.Players[1].Scores) != 1 {
			t.Errorf("Alea did not play its turn: %+v", d)
		}
	}
}
