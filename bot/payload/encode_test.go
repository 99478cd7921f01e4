package payload

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/alea-bot/alea/commands"
)

// Encode writes message responses directly; its bytes equal json.Marshal
// of discordgo's Response for the same reply, for replies drawn at random
// (every field set or not, text with quotes, backslashes, control
// characters, HTML characters, U+2028, emoji and invalid UTF-8), as a new
// message and as an update.
func TestEncodeEqualsDiscordgoMarshal(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 1))
	pieces := []string{"", "a", "Yacht 🎲", `"q"`, `\`, "<b>&", "\n\t\r\b\f\x01\x1f", "\u2028\u2029", "\xff\xfe", "한국어", "日本語", "é"}
	text := func() string {
		var b bytes.Buffer
		for range rng.IntN(4) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	some := func() string {
		if s := text(); s != "" {
			return s
		}
		return "x"
	}
	for n := range 2000 {
		r := &commands.Reply{Content: text(), Ephemeral: rng.IntN(2) == 0, Update: rng.IntN(2) == 0}
		for range rng.IntN(3) {
			e := commands.Embed{Title: text(), Description: text(), URL: text(), Footer: text(), Image: text(), Thumbnail: text()}
			if rng.IntN(2) == 0 {
				e.Color = rng.IntN(1 << 24)
			}
			for range rng.IntN(3) {
				e.Fields = append(e.Fields, commands.Field{Name: some(), Value: some(), Inline: rng.IntN(2) == 0})
			}
			r.Embeds = append(r.Embeds, e)
		}
		for range rng.IntN(3) {
			var row commands.ActionRow
			if rng.IntN(3) == 0 {
				m := commands.Component{Kind: commands.SelectMenu, CustomID: text(), Placeholder: text(), Disabled: rng.IntN(2) == 0,
					MinValues: rng.IntN(2), MaxValues: rng.IntN(3)}
				for range rng.IntN(3) {
					m.Options = append(m.Options, commands.SelectOption{Label: text(), Value: text(), Description: text(), Emoji: text(), Default: rng.IntN(2) == 0})
				}
				row = append(row, m)
			} else {
				for range 1 + rng.IntN(3) {
					row = append(row, commands.Component{Kind: commands.Button, CustomID: text(), Label: text(), Emoji: text(),
						Style: commands.ButtonStyle(rng.IntN(6)), Disabled: rng.IntN(2) == 0, URL: text()})
				}
			}
			r.Components = append(r.Components, row)
		}
		if rng.IntN(3) == 0 {
			r.AllowedMentions = &commands.AllowedMentions{}
			for range rng.IntN(3) {
				r.AllowedMentions.Users = append(r.AllowedMentions.Users, some())
			}
		}
		for _, kind := range []commands.Kind{commands.KindCommand, commands.KindComponent, commands.KindModal} {
			req := &commands.Request{Kind: kind}
			got, err := Encode(req, r)
			if err != nil {
				t.Fatal(err)
			}
			want, err := json.Marshal(Response(req, r))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("reply %d kind %d:\ngot  %s\nwant %s", n, kind, got, want)
			}
		}
	}
}
