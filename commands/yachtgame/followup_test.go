package yachtgame

import (
	"fmt"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/game/yachttable"
)

// checkFollowUp checks that r follows up with a ping of user only: a new
// message, no components, allowed_mentions naming that user alone.
func checkFollowUp(t *testing.T, r *commands.Reply, user string) {
	t.Helper()
	f := r.FollowUp
	if f == nil {
		t.Fatalf("no follow-up pinging %s:\n%s", user, bot.FormatText(r))
	}
	if f.Ephemeral || f.Update || len(f.Components) > 0 || len(f.Embeds) > 0 || f.AllowedMentions == nil ||
		fmt.Sprint(f.AllowedMentions.Users) != "["+user+"]" || !strings.Contains(f.Content, "<@"+user+">") ||
		strings.Count(f.Content, "<@") != 1 {
		t.Errorf("follow-up %+v, want a ping of %s only", f, user)
	}
}

// A press that passes the turn to another Discord user follows up with a
// ping of that user (an edit notifies nobody); other presses do not.
func TestTurnFollowUp(t *testing.T) {
	h := harness(t)
	r := post(t, h, table3(t, yachttable.CoachHints))
	r = asOK(t, h, ann, mustFind(t, r, 'r').CustomID)
	if r.FollowUp != nil {
		t.Errorf("a roll follows up: %+v", r.FollowUp)
	}
	menu := mustFind(t, r, 's')
	r = asOK(t, h, ann, menu.CustomID, menu.Options[0].Value)
	checkFollowUp(t, r, bob)
	// Ann undoes her score: her turn again, and she pressed: no ping.
	undone := asOK(t, h, ann, mustFind(t, r, 'u').CustomID)
	if undone.FollowUp != nil || gdata(t, undone).Current != 0 {
		t.Errorf("undo: current %d, follow-up %+v", gdata(t, undone).Current, undone.FollowUp)
	}
	// She scores again: Bob was pinged for this turn already (issue 25:
	// two pings after an Undo), so the board names him and nothing more.
	menu = mustFind(t, undone, 's')
	r = asOK(t, h, ann, menu.CustomID, menu.Options[0].Value)
	if r.FollowUp != nil {
		t.Errorf("Bob pinged twice for one turn: %+v", r.FollowUp)
	}
	checkPing(t, r, bob)
	// Bob scores; Alea plays in the same update; Ann is pinged.
	r = rollAndScore(t, h, r, bob)
	checkFollowUp(t, r, ann)
	if !strings.Contains(bot.FormatText(r), "(then a new message:)") {
		t.Errorf("the text form does not show the follow-up:\n%s", bot.FormatText(r))
	}
	// To the end: the summary pings nobody, and the last ping gives way
	// to a closing post at the bottom of the channel: the winner, every
	// score, Play again (on the same final state) and nothing pinged.
	pinged := ""
	for !gdata(t, r).Over {
		u := []string{ann, bob}[gdata(t, r).Current]
		r = rollAndScore(t, h, r, u)
		if r.FollowUp != nil {
			// The transport posts the ping first; the board keeps its id.
			pinged = h.FollowUpID()
		}
	}
	if r.Remove == nil || r.Remove[0] != pinged {
		t.Errorf("the end removes %v, want the last ping %s", r.Remove, pinged)
	}
	c := r.FollowUp
	if c == nil || c.AllowedMentions == nil || len(c.AllowedMentions.Users) != 0 || c.AfterFollowUp != nil {
		t.Fatalf("the closing post: %+v", c)
	}
	text := bot.FormatText(c)
	d := gdata(t, r)
	for _, p := range d.Players {
		name := "<@" + p.User + ">"
		if p.Seat == "alea" {
			name = "🤖 Alea"
		}
		if !strings.Contains(text, fmt.Sprintf("%s — **%d**", name, p.Total)) {
			t.Errorf("the closing post lacks %s's score %d:\n%s", p.User, p.Total, text)
		}
	}
	if again, ok := find(c, actAgain); !ok || again.CustomID != mustFind(t, r, actAgain).CustomID {
		t.Errorf("the closing post's Play again is not the final board's:\n%s", text)
	}
}

// Names and Alea are never pinged, nor a game of one.
func TestNoFollowUpForNames(t *testing.T) {
	h := harness(t)
	r := post(t, h, table3(t, yachttable.CoachHints, userSeat(ann), player{Kind: yachttable.SeatName, Name: "Bob"}))
	r = rollAndScore(t, h, r, ann)
	if r.FollowUp != nil || gdata(t, r).Current != 1 {
		t.Errorf("to a name: current %d, follow-up %+v", gdata(t, r).Current, r.FollowUp)
	}
	r = rollAndScore(t, h, r, ann) // Ann presses for Bob, then it is her turn
	if r.FollowUp != nil {
		t.Errorf("back to the presser: %+v", r.FollowUp)
	}
	solo := post(t, h, table3(t, yachttable.CoachOn, userSeat(ann)))
	if r := rollAndScore(t, h, solo, ann); r.FollowUp != nil {
		t.Errorf("solo: %+v", r.FollowUp)
	}
}

// The closing post and the final board's 📋 Sheets, in each language:
// Ann's and Bob's last turns end a game whose closing post ranks them
// with their points, and Sheets shows their sheets privately.
func TestClosingPostWords(t *testing.T) {
	want := map[commands.Locale][]string{
		commands.English:  {"1. <@%s> — **%d**", "2. <@%s> — **%d**", "📋 Sheets"},
		commands.Korean:   {"1. <@%s> — **%d**점", "2. <@%s> — **%d**점", "📋 점수표"},
		commands.Japanese: {"1. <@%s> — **%d**点", "2. <@%s> — **%d**点", "📋 スコア表"},
	}
	for loc, lines := range want {
		h := harness(t)
		h.Locale = loc
		r := post(t, h, lastTurns(t, h, yachttable.CoachHints, userSeat(ann), userSeat(bob)))
		r = pressLast(t, h, r, ann, false, false)
		r = pressLast(t, h, r, bob, false, false)
		d := gdata(t, r)
		if !d.Over || r.FollowUp == nil {
			t.Fatalf("%s: no closing post:\n%s", loc, bot.FormatText(r))
		}
		first, second := d.Players[0], d.Players[1]
		if second.Total > first.Total {
			first, second = second, first
		}
		text := bot.FormatTextIn(r, loc)
		for i, line := range lines {
			switch i {
			case 0:
				line = fmt.Sprintf(line, first.User, first.Total)
			case 1:
				line = fmt.Sprintf(line, second.User, second.Total)
			}
			if !strings.Contains(text, line) {
				t.Errorf("%s: no %q in\n%s", loc, line, text)
			}
		}
		s, out := h.Click(mustFind(t, r, actSheets).CustomID)
		if out != bot.OK || !s.Ephemeral || len(s.Embeds[0].Fields) != 2 || !strings.Contains(s.Embeds[0].Fields[0].Value, fmt.Sprint(d.Players[0].Total)) {
			t.Errorf("%s: Sheets: %s\n%s", loc, out, bot.FormatText(s))
		}
	}
}
