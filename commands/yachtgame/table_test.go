package yachtgame

import (
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/game/yachttable"
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
