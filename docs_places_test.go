package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/store/storetest"
)

// placesDoc holds the table "Where the commands work".
const placesDoc = "docs/discord.md"

// placesTable returns the rows of placesDoc's table "Where the commands
// work": the command paths each row names ("stats history", "help") and
// its four cells (server with Alea, server with a user install only, DM
// with Alea, group DM).
func placesTable(t *testing.T) map[string][4]string {
	t.Helper()
	b, err := os.ReadFile(placesDoc)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	start := -1
	for i, ln := range lines {
		if strings.HasPrefix(ln, "| command | server (Alea added) |") {
			start = i + 2 // past the header and its rule
		}
	}
	if start < 0 {
		t.Fatalf("%s has no table of where the commands work", placesDoc)
	}
	names := regexp.MustCompile("`/([a-z-]+(?: [a-z-]+)?)")
	rows := map[string][4]string{}
	for _, ln := range lines[start:] {
		if !strings.HasPrefix(ln, "|") {
			break
		}
		cells := strings.Split(strings.Trim(ln, "|"), " | ")
		if len(cells) != 5 {
			t.Fatalf("%s: a row of the places table has %d cells: %s", placesDoc, len(cells), ln)
		}
		var places [4]string
		copy(places[:], cells[1:])
		for _, m := range names.FindAllStringSubmatch(cells[0], -1) {
			if _, seen := rows[m[1]]; !seen {
				rows[m[1]] = places
			}
		}
	}
	return rows
}

// TestDocsPlacesTable: the table of where the commands work (placesDoc)
// names every command (a command with subcommands by its bare name or by
// every subcommand), and where a memory command's row says "server only",
// the command refuses in a DM and a group DM, and only there.
func TestDocsPlacesTable(t *testing.T) {
	rows := placesTable(t)
	s := storetest.SQLite(t)
	deps := all.Loopback()
	deps.Store = s
	reg := all.Registry(deps)
	for _, c := range reg.Commands() {
		name := c.Name.En
		if _, ok := rows[name]; ok {
			continue
		}
		if len(c.Subcommands) == 0 {
			t.Errorf("%s's places table lacks /%s", placesDoc, name)
			continue
		}
		for _, sc := range c.Subcommands {
			if _, ok := rows[name+" "+sc.Name.En]; !ok {
				t.Errorf("%s's places table lacks /%s (nor names /%s %s)", placesDoc, name, name, sc.Name.En)
			}
		}
	}
	h := bottest.New(t, reg.Commands()...)
	h.Locale = commands.English
	places := []struct {
		place commands.Place
		guild string
		user  bool // installed by the user, not the server
	}{{commands.InServer, "300000000000000001", false}, {commands.InServer, "300000000000000001", true}, {commands.InBotDM, "", false}, {commands.InPrivateChannel, "", false}}
	checked := 0
	for path, cells := range rows {
		if !strings.HasPrefix(path, "stats ") && !strings.HasPrefix(path, "review") {
			continue
		}
		for i, p := range places {
			req, err := runner.SlashRequest(reg, "/"+path, commands.English)
			if err != nil {
				continue // a required option: checked in package memory
			}
			req.UserID, req.GuildID, req.Place, req.ChannelID = "100000000000000001", p.guild, p.place, "400000000000000001"
			req.UserInstalled = p.user
			r, out := h.Do(req)
			refused := out == bot.Rejected && strings.Contains(r.Content, "This works in a server only")
			if says := strings.Contains(cells[i], "server only"); says != refused {
				t.Errorf("/%s, place %d: %s says %q, the command answers %s: %s", path, i+1, placesDoc, cells[i], out, r.Content)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Error("no memory command of the table was run")
	}
}
