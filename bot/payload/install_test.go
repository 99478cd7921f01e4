package payload

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/alea-bot/alea/commands"
)

// readInteraction reads a fixture of an interaction as Discord sends it.
func readInteraction(t *testing.T, name string) []byte {
	t.Helper()
	raw, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// TestUserInstallInteractions parses interactions that reach Alea through
// a user's installation: a slash command in a group DM (user, no member,
// no guild), a slash command in a server that has not added Alea
// (member, guild, owners naming only the user) and a button in a DM with
// the bot (user, owners naming both installations). The expected values
// are the fixtures' fields, read by eye.
func TestUserInstallInteractions(t *testing.T) {
	cases := []struct {
		file          string
		kind          commands.Kind
		command       string
		user, name    string
		guild         string
		channel       string
		place         commands.Place
		userInstalled bool
		locale        commands.Locale
	}{
		{"user_install_group_dm.json", commands.KindCommand, "yacht-advise", "81234567890123456", "Mina", "", "1181112345678901200",
			commands.InPrivateChannel, true, commands.Japanese},
		{"user_install_server.json", commands.KindCommand, "yacht start", "81234567890123456", "Mina", "1044567890123456789", "1044567890123456790",
			commands.InServer, true, commands.Korean},
		{"bot_dm_component.json", commands.KindComponent, "", "81234567890123456", "Mina", "", "1181112345678901400",
			commands.InBotDM, false, commands.English},
		{"component_interaction.json", commands.KindComponent, "", "81234567890123456", "Mina", "1034567890123456789", "1034567890123456790",
			commands.InServer, false, commands.Korean},
	}
	for _, c := range cases {
		req, err := decode(readInteraction(t, c.file))
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if req.Kind != c.kind || req.Command != c.command || req.UserID != c.user || req.UserName != c.name ||
			req.GuildID != c.guild || req.ChannelID != c.channel || req.Place != c.place ||
			req.UserInstalled != c.userInstalled || req.Locale != c.locale {
			t.Errorf("%s: %+v", c.file, req)
		}
	}
	req, _ := decode(readInteraction(t, "user_install_group_dm.json"))
	if req.Options.String("dice", "") != "66612" || req.Options["roll"] != float64(2) {
		t.Errorf("options %v", req.Options)
	}
	req, _ = decode(readInteraction(t, "user_install_server.json"))
	if req.Options.String("players", "") != "<@81234567890123456>, alea" {
		t.Errorf("options %v", req.Options)
	}
	// Before interaction contexts: no context, no owners, no guild is a DM.
	if req, err := decode([]byte(`{"id":"1","type":2,"token":"t","channel_id":"5","user":{"id":"7","username":"ann"},"data":{"id":"3","name":"help","type":1}}`)); err != nil || req.Place != commands.InBotDM || req.UserID != "7" || req.UserName != "ann" {
		t.Fatalf("old DM: %v %+v", err, req)
	}
}

// TestDefinitionsInstallsAndPlaces checks that every definition says
// where it is offered: by default both installations and all three
// places, and a command's own lists when it sets them.
func TestDefinitionsInstallsAndPlaces(t *testing.T) {
	reg := commands.NewRegistry(
		&commands.Command{Name: commands.T("everywhere", "", ""), Description: commands.T("d", "", "")},
		&commands.Command{Name: commands.T("servers", "", ""), Description: commands.T("d", "", ""),
			Installs: []commands.Install{commands.ServerInstall}, Places: []commands.Place{commands.InServer}},
	)
	b, err := json.Marshal(Definitions(reg))
	if err != nil {
		t.Fatal(err)
	}
	var got []struct {
		Name             string `json:"name"`
		IntegrationTypes []int  `json:"integration_types"`
		Contexts         []int  `json:"contexts"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || len(got[0].IntegrationTypes) != 2 || got[0].IntegrationTypes[0] != 0 || got[0].IntegrationTypes[1] != 1 ||
		len(got[0].Contexts) != 3 || got[0].Contexts[0] != 0 || got[0].Contexts[1] != 1 || got[0].Contexts[2] != 2 {
		t.Fatalf("%s", b)
	}
	if len(got[1].IntegrationTypes) != 1 || got[1].IntegrationTypes[0] != 0 || len(got[1].Contexts) != 1 || got[1].Contexts[0] != 0 {
		t.Fatalf("%s", b)
	}
}

// The users Discord resolved for a command become the request's known
// users, by user name and display name.
func TestResolvedUsersKnown(t *testing.T) {
	req, err := decode([]byte(`{"id":"1","type":2,"token":"t","context":0,"guild_id":"9",
		"member":{"user":{"id":"7","username":"mina"}},
		"data":{"id":"3","name":"yacht","type":1,"options":[{"name":"start","type":1,"options":[{"name":"players","type":3,"value":"@Ji-woo, alea"}]}],
		"resolved":{"users":{"81234567890123499":{"id":"81234567890123499","username":"jiwoo","global_name":"Ji-woo"}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(req.KnownUsers) != 2 || req.KnownUsers["Ji-woo"] != "81234567890123499" || req.KnownUsers["jiwoo"] != "81234567890123499" {
		t.Errorf("known users %v", req.KnownUsers)
	}
}
