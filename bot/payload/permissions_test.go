package payload

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/alea-bot/alea/commands"
)

// parseFixture parses an interaction fixture as Discord sends it.
func parseFixture(t *testing.T, name string) *commands.Request {
	t.Helper()
	raw, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	req, err := decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

// TestMemberPermissions reads the member's permissions from real
// interaction payloads: a slash command by a member with Manage Server
// (bit 5 of "1126999418470433") may manage the server; a button press by a
// member without Administrator or Manage Server ("2248473465835073") may
// not; the same press without its member (a DM) carries no permissions.
func TestMemberPermissions(t *testing.T) {
	admin := parseFixture(t, "command_interaction_admin.json")
	if admin.Kind != commands.KindCommand || admin.Command != "stats server" || admin.UserID != "81234567890123499" || admin.GuildID != "1034567890123456789" {
		t.Fatalf("request: %+v", admin)
	}
	if admin.Permissions != 1126999418470433 || !admin.CanManageServer() {
		t.Errorf("permissions %d, can manage %v; want 1126999418470433, true", admin.Permissions, admin.CanManageServer())
	}
	member := parseFixture(t, "component_interaction.json")
	if member.Permissions != 2248473465835073 || member.CanManageServer() {
		t.Errorf("permissions %d, can manage %v; want 2248473465835073, false", member.Permissions, member.CanManageServer())
	}
	// Administrator alone (bit 3) also manages; outside a server nothing does.
	member.Permissions = 1 << 3
	if !member.CanManageServer() {
		t.Error("Administrator cannot manage the server")
	}
	member.GuildID = ""
	if member.CanManageServer() {
		t.Error("a DM manages a server")
	}

	raw, err := os.ReadFile("testdata/component_interaction.json")
	if err != nil {
		t.Fatal(err)
	}
	var in map[string]any
	if err := json.Unmarshal(raw, &in); err != nil {
		t.Fatal(err)
	}
	in["user"] = in["member"].(map[string]any)["user"]
	delete(in, "member")
	delete(in, "guild_id")
	raw, _ = json.Marshal(in)
	dm, err := decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	if dm.Permissions != 0 || dm.CanManageServer() || dm.UserID != "81234567890123456" {
		t.Errorf("DM: permissions %d, user %s", dm.Permissions, dm.UserID)
	}
}
