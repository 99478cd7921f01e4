package commands

import "testing"

// The link of a pressed message, in a server and in a DM (Discord's
// "@me"), and none without a message or a channel.
func TestMessageLink(t *testing.T) {
	msg := &Message{ID: "1180012345678901236"}
	cases := []struct {
		req  Request
		want string
	}{
		{Request{GuildID: "1034567890123456789", ChannelID: "1034567890123456790", Message: msg},
			"https://discord.com/channels/1034567890123456789/1034567890123456790/1180012345678901236"},
		{Request{ChannelID: "1181112345678901200", Message: msg}, "https://discord.com/channels/@me/1181112345678901200/1180012345678901236"},
		{Request{GuildID: "1", ChannelID: "2"}, ""},
		{Request{GuildID: "1", Message: msg}, ""},
	}
	for _, c := range cases {
		if got := c.req.MessageLink(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.req, got, c.want)
		}
	}
}
