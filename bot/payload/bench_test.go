package payload

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/alea-bot/alea/commands"
)

// boardReply is shaped like a Yacht table's board, the reply sent most
// often: one embed (a score sheet in a code block, fields, a footer) and
// four rows of components (five dice, the turn's buttons, a menu of the
// thirteen boxes, the table's buttons).
func boardReply() *commands.Reply {
	var sheet strings.Builder
	sheet.WriteString("```\n")
	for i := range 16 {
		fmt.Fprintf(&sheet, "%-16s %3d %3d %3d\n", fmt.Sprint("box ", i), i*3, i*2, i)
	}
	sheet.WriteString("```")
	r := &commands.Reply{Content: "🎲 <@100000000000000001>, it's your turn (2/13).", Update: true,
		AllowedMentions: &commands.AllowedMentions{Users: []string{"100000000000000001"}},
		Embeds: []commands.Embed{{Title: "Yacht — turn 2/13", Description: sheet.String(), Color: 0x2b6cb0,
			Fields: []commands.Field{{Name: "Dice", Value: "⚀ ⚂ ⚄ ⚄ ⚅", Inline: true}, {Name: "Rolls left", Value: "2", Inline: true},
				{Name: "Best", Value: "Keep 5 5 and roll again (expected 24.3)"}},
			Footer: "Game aB3dE5fG7hJ9 · seed 7"}}}
	var dice commands.ActionRow
	for i := range 5 {
		dice = append(dice, commands.Component{Kind: commands.Button, CustomID: fmt.Sprintf("y/2/h%d/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", i),
			Label: fmt.Sprint(i + 1), Emoji: "🎲", Style: commands.Secondary})
	}
	turn := commands.ActionRow{
		{Kind: commands.Button, CustomID: "y/2/r/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", Label: "Roll", Style: commands.Primary},
		{Kind: commands.Button, CustomID: "y/2/u/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", Label: "Undo", Style: commands.Secondary},
		{Kind: commands.Button, CustomID: "y/2/a/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", Label: "Hint", Style: commands.Secondary},
	}
	menu := commands.Component{Kind: commands.SelectMenu, CustomID: "y/2/s/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", Placeholder: "Score in…"}
	for i := range 13 {
		menu.Options = append(menu.Options, commands.SelectOption{Label: fmt.Sprint("Box ", i), Value: fmt.Sprint("b", i), Description: fmt.Sprint(i*3, " points")})
	}
	table := commands.ActionRow{
		{Kind: commands.Button, CustomID: "y/2/D/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", Label: "Bring down", Style: commands.Secondary},
		{Kind: commands.Button, CustomID: "y/2/l/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", Label: "Leave", Style: commands.Danger},
	}
	r.Components = []commands.ActionRow{dice, turn, {menu}, table}
	return r
}

// BenchmarkEncode times the JSON of an interaction response two ways:
// Encode (message responses written directly) and json.Marshal of
// discordgo's Response, on a Yacht board (a press's update) and on a
// short text answer. The two write the same bytes
// (TestEncodeEqualsDiscordgoMarshal).
func BenchmarkEncode(b *testing.B) {
	req := &commands.Request{Kind: commands.KindComponent}
	for _, c := range []struct {
		name  string
		reply *commands.Reply
	}{{"board", boardReply()}, {"text", &commands.Reply{Content: "The probability is 0.4213 (exactly 2197/5215)."}}} {
		b.Run(c.name+"/direct", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Encode(req, c.reply); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/marshal", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := json.Marshal(Response(req, c.reply)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
