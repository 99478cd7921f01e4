package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/commands"
)

func TestFormatText(t *testing.T) {
	r := &commands.Reply{
		Content:   "hello",
		Ephemeral: true,
		Embeds:    []commands.Embed{{Title: "T", Description: "D", Fields: []commands.Field{{Name: "F", Value: "V"}}, Image: "p.png", Footer: "foot"}},
		Components: []commands.ActionRow{
			{{Kind: commands.Button, Label: "Go", Emoji: "▶", CustomID: "a/1"}, {Kind: commands.Button, Label: "No", CustomID: "a/2", Disabled: true}},
			{{Kind: commands.SelectMenu, Placeholder: "pick", CustomID: "a/3", Options: []commands.SelectOption{{Label: "x", Value: "1"}, {Label: "y", Value: "2"}}}},
		},
		Files: []commands.File{{Name: "p.png", Data: []byte{1, 2, 3}}},
	}
	want := "(only you can see this)\nhello\n\n== T ==\nD\n\n-- F --\nV\n[image: p.png]\n\nfoot\n[▶ Go] [No (disabled)]\n[menu: pick ▾ x | y]\n[attachment: p.png, 3 bytes]\n"
	if got := FormatText(r); got != want {
		t.Fatalf("FormatText:\n%s\nwant:\n%s", got, want)
	}
	wantJa := "(あなただけに表示されています)\nhello\n\n== T ==\nD\n\n-- F --\nV\n[画像: p.png]\n\nfoot\n[▶ Go] [No (無効)]\n[メニュー: pick ▾ x | y]\n[添付ファイル: p.png、3バイト]\n"
	if got := FormatTextIn(r, commands.Japanese); got != wantJa {
		t.Fatalf("FormatTextIn ja:\n%s\nwant:\n%s", got, wantJa)
	}
}

// Discord timestamps read as Discord shows them, in the reader's time
// zone: 1795555800 is 21:30 UTC on 24 November 2026, 06:30 the next day in
// Seoul.
func TestShowTimestamps(t *testing.T) {
	seoul := time.FixedZone("KST", 9*3600)
	in := "from <t:1795555800:t>, on <t:1795555800:d>, at <t:1795555800>; <t:x:t> <t:1795555800:q>"
	for loc, want := range map[*time.Location]string{
		time.UTC: "from 21:30, on 2026-11-24, at 2026-11-24 21:30; <t:x:t> <t:1795555800:q>",
		seoul:    "from 06:30, on 2026-11-25, at 2026-11-25 06:30; <t:x:t> <t:1795555800:q>",
	} {
		if got := showTimestamps(in, loc); got != want {
			t.Errorf("%v: %q, want %q", loc, got, want)
		}
	}
	if got := FormatText(&commands.Reply{Content: "<t:1795555800:t>"}); strings.Contains(got, "<t:") {
		t.Errorf("FormatText leaves a timestamp: %q", got)
	}
}
