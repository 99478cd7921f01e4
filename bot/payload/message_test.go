package payload

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/alea-bot/alea/commands"
)

// TestComponentMessage parses a component interaction as Discord sends
// it (a guild button press, every field Discord includes) and checks the
// message it carries, field by field, against the fixture's JSON.
func TestComponentMessage(t *testing.T) {
	raw, err := os.ReadFile("testdata/component_interaction.json")
	if err != nil {
		t.Fatal(err)
	}
	req, err := decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	if req.Kind != commands.KindComponent || req.CustomID != "coins/2/move/AbC9xyz" || req.UserID != "81234567890123456" || req.Locale != commands.Korean {
		t.Fatalf("request: %+v", req)
	}
	want := &commands.Message{
		ID:      "1180012345678901236",
		Content: "**Your move.** 3 coins left.",
		Embeds: []commands.Embed{{Title: "Coins", Description: "⚫⚫⚪", Color: 5793266,
			Fields: []commands.Field{{Name: "Turn", Value: "2", Inline: true}}, Footer: "exact play",
			Image: "https://cdn.discordapp.com/attachments/1/2/board.png"}},
		EditedAt: time.Date(2026, 11, 23, 16, 20, 5, 123000000, time.UTC),
	}
	// The link button has no custom_id; the select menu's follows the buttons.
	wantIDs := []string{"coins/2/move/AbC9xyz", "coins/2/move/AbC9xyy", "coins/2/pick/AbC9"}
	got := req.Message
	if got == nil {
		t.Fatal("no message")
	}
	if !got.EditedAt.Equal(want.EditedAt) {
		t.Errorf("EditedAt %v, want %v", got.EditedAt, want.EditedAt)
	}
	if ids := commands.CustomIDs(got.Components); !reflect.DeepEqual(ids, wantIDs) {
		t.Errorf("custom_ids %q, want %q", ids, wantIDs)
	}
	got2, want2 := *got, *want
	got2.EditedAt, want2.EditedAt = time.Time{}, time.Time{}
	got2.Components = nil
	if !reflect.DeepEqual(got2, want2) {
		t.Errorf("message\n%+v\nwant\n%+v", got2, want2)
	}
	if !got.HasCustomID(req.CustomID) || got.HasCustomID("coins/2/move/forged") {
		t.Error("HasCustomID")
	}
}

// TestMessageNeverEdited checks a message without edited_timestamp, and a
// command interaction, which carries no message.
func TestMessageNeverEdited(t *testing.T) {
	req, err := decode([]byte(`{"id":"1","type":3,"token":"t","data":{"component_type":2,"custom_id":"a/1"},
		"message":{"id":"9","content":"x","edited_timestamp":null,"components":[]}}`))
	if err != nil || req.Message == nil || req.Message.ID != "9" || !req.Message.EditedAt.IsZero() || len(commands.CustomIDs(req.Message.Components)) != 0 {
		t.Fatalf("%v %+v", err, req.Message)
	}
	if req, err := decode([]byte(`{"id":"1","type":2,"token":"t","data":{"id":"3","name":"help","type":1}}`)); err != nil || req.Message != nil {
		t.Fatalf("command: %v %+v", err, req)
	}
}

// TestCustomIDsOfReply checks that the custom_ids listed for a reply are
// those the same reply carries on the wire.
func TestCustomIDsOfReply(t *testing.T) {
	rows := []commands.ActionRow{
		{{Kind: commands.Button, CustomID: "a/1", Label: "1"}, {Kind: commands.Button, Style: commands.Link, URL: "https://example.com", Label: "l"}},
		{{Kind: commands.SelectMenu, CustomID: "a/2", Options: []commands.SelectOption{{Label: "x", Value: "x"}}}},
	}
	b, err := json.Marshal(Message(&commands.Reply{Content: "c", Components: rows}))
	if err != nil {
		t.Fatal(err)
	}
	var m discordgo.Message
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if got, want := commands.CustomIDs(MessageFrom(&m).Components), commands.CustomIDs(rows); !reflect.DeepEqual(got, want) || len(want) != 2 {
		t.Fatalf("%q, want %q", got, want)
	}
}
