package stats_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/stats"
	"github.com/alea-bot/alea/store"
)

// TestExportRoundTrip: /stats me attaches everything the store keeps
// about the user as JSON that reads back to exactly the store's export,
// and no other user's id is in it.
func TestExportRoundTrip(t *testing.T) {
	f := newFixture(t, 120)
	user := users[1]
	r := f.MustRun("/stats me", guildA, user, 0)
	if !r.Ephemeral || len(r.Files) != 1 || r.Files[0].Name != "alea-data.json" {
		t.Fatalf("reply: ephemeral %v, files %d", r.Ephemeral, len(r.Files))
	}
	var got stats.ExportFile
	if err := json.Unmarshal(r.Files[0].Data, &got); err != nil {
		t.Fatal(err)
	}
	want, err := f.Store.Export(context.Background(), user)
	if err != nil {
		t.Fatal(err)
	}
	if got.Format != stats.ExportFormat || got.User != user || !got.Exported.Equal(now) {
		t.Errorf("header %q %q %v", got.Format, got.User, got.Exported)
	}
	if len(got.Games) != len(want.Games) {
		t.Fatalf("%d games exported, the store keeps %d", len(got.Games), len(want.Games))
	}
	// Every game reads back to the store's: its seats and decisions, the
	// expected points to the hundredth, a scoring without a roll.
	for i, pg := range want.Games {
		g, eg := pg.Game, got.Games[i]
		if eg.ID != g.ID || eg.Kind != g.Kind || eg.Guild != g.Guild || eg.Rules != g.Rules || eg.Seed != g.Seed ||
			eg.ChosenSeed != g.Chosen || eg.Entered != g.Entered || !eg.Ended.Equal(g.Ended) || eg.Seat != pg.Seat ||
			len(eg.Seats) != len(g.Seats) || len(eg.Decisions) != len(g.Decisions) {
			t.Fatalf("game %d: %+v\nwant %+v", i, eg, pg)
		}
		for j, s := range g.Seats {
			es := eg.Seats[j]
			if es.User != s.User || es.Name != s.Name || es.Alea != s.Alea || es.Score != s.Score || es.Decisions != s.Decisions ||
				es.Winner != s.Winner || es.Assisted != s.Assisted || math.Abs(float64(es.Lost)-s.Lost) > 0.005 ||
				math.Abs(float64(es.Luck)-s.Luck) > 0.005 || es.Counts.Ranked != s.Counts.Ranked || es.Counts.Win != s.Counts.Win {
				t.Errorf("%s seat %d: %+v, want %+v", g.ID, j, es, s)
			}
		}
		for j, d := range g.Decisions {
			ed := eg.Decisions[j]
			action, roll := "keep", d.Roll
			if d.Roll == 3 {
				action, roll = "score", 0
			}
			if ed.Turn != d.Turn || ed.Action != action || ed.Roll != roll || ed.Dice != d.Dice || ed.Chosen != d.Chosen ||
				ed.Best != d.Best || math.Abs(float64(ed.Loss)-d.Loss) > 0.005 {
				t.Errorf("%s decision %d: %+v, want %+v", g.ID, j, ed, d)
			}
		}
	}
	// Every game the user played is in it, with their seat.
	n := 0
	for _, g := range f.Games {
		for _, s := range g.Seats {
			if s.User == user {
				n++
			}
		}
	}
	if len(got.Games) != n || n == 0 {
		t.Errorf("%d games exported, the user played %d", len(got.Games), n)
	}
	for _, other := range users {
		if other != user && bytes.Contains(r.Files[0].Data, []byte(other)) {
			t.Errorf("the export names another user, %s", other)
		}
	}
	data := r.Data.(stats.MeData)
	here := 0
	for _, g := range got.Games {
		if g.Guild == guildA {
			here++
		}
		if g.Seats[g.Seat].User != user {
			t.Errorf("%s: the seat is not the user's", g.ID)
		}
	}
	if data.Games != n || data.Here != here || !data.Recording {
		t.Errorf("data %+v, want %d games, %d here", data, n, here)
	}
	if b := bottest.Buttons(r); b["🗑️ Delete my data"].CustomID != "stats/1/forget/"+user {
		t.Errorf("no delete button: %v", b)
	}
}

// TestForgetRemovesEverything deletes a user's data through the confirm
// button: afterwards nothing finds or names them (export, history,
// standings, every game's seats), and the other players' results stand.
func TestForgetRemovesEverything(t *testing.T) {
	f := newFixture(t, 120)
	ctx := context.Background()
	user := users[2]
	ask := f.MustRun("/stats forget", guildA, user, 0)
	confirm := bottest.Buttons(ask)["🗑️ Yes, delete"].CustomID
	if confirm != "stats/1/forgotten/"+user || !ask.Ephemeral {
		t.Fatalf("confirm button %q", confirm)
	}
	// Nothing is deleted before the confirmation, nor by somebody else.
	if r, out := f.Click(confirm, guildA, users[3], 0); out != bot.Rejected || !strings.Contains(r.Content, "not for you") {
		t.Errorf("another user confirms: %s", out)
	}
	if r, out := f.Click("stats/1/forget/"+user, guildA, users[3], 0); out != bot.Rejected || !strings.Contains(r.Content, "not for you") {
		t.Errorf("another user asks: %s", out)
	}
	if exp, _ := f.Store.Export(ctx, user); len(exp.Games) == 0 {
		t.Fatal("deleted before the confirmation")
	}
	r, out := f.Click(confirm, guildA, user, 0)
	if out != bot.OK || !r.Update {
		t.Fatalf("confirm: %s %s", out, bot.FormatText(r))
	}
	seats := 0
	for _, g := range f.Games {
		for _, s := range g.Seats {
			if s.User == user {
				seats++
			}
		}
	}
	if d := r.Data.(stats.ForgetData); d.Seats != seats {
		t.Errorf("forgot %d seats, the user had %d", d.Seats, seats)
	}
	if exp, err := f.Store.Export(ctx, user); err != nil || len(exp.Games) != 0 {
		t.Errorf("export after forgetting: %d games, %v", len(exp.Games), err)
	}
	h := f.MustRun("/stats history", "", user, 0).Data.(stats.HistoryData)
	if len(h.Recent) != 0 || len(h.Totals) != 0 || len(h.Series) != 0 {
		t.Errorf("history after forgetting: %+v", h)
	}
	for _, guild := range []string{guildA, guildB} {
		for _, rules := range []string{"yacht", "yatzy"} {
			d := f.MustRun("/stats standings min:1 rules:"+rules, guild, users[0], 0).Data.(stats.StandingsData)
			for _, row := range append(d.Ranked, d.Unranked...) {
				if row.User == user {
					t.Errorf("%s %s: still in the standings", guild, rules)
				}
			}
		}
	}
	for _, g := range f.Games {
		got, ok, err := f.Store.Game(ctx, g.ID)
		if err != nil || !ok {
			t.Fatalf("%s: %v %v", g.ID, ok, err)
		}
		for i, s := range got.Seats {
			if s.User == user {
				t.Errorf("%s: seat %d still names the user", g.ID, i)
			}
			if s.Score != g.Seats[i].Score || s.Winner != g.Seats[i].Winner {
				t.Errorf("%s: seat %d changed", g.ID, i)
			}
		}
	}
	// Asking again: nothing is kept.
	if r := f.MustRun("/stats forget", guildA, user, 0); !strings.Contains(r.Content, "Alea keeps nothing about you.") {
		t.Errorf("after forgetting: %s", r.Content)
	}
}

// TestServerControlsNeedManageServer: /stats server shows its switch and
// deletion to members with Manage Server or Administrator only, and every
// press checks the permission and the server again.
func TestServerControlsNeedManageServer(t *testing.T) {
	f := newFixture(t, 120)
	ctx := context.Background()
	member := f.MustRun("/stats server", guildA, users[0], 0)
	if len(member.Components) != 0 || !strings.Contains(bot.FormatText(member), "Only members with the Manage Server or Administrator permission can change this.") {
		t.Errorf("a member sees the controls:\n%s", bot.FormatText(member))
	}
	if d := member.Data.(stats.ServerData); d.CanManage || !d.Recording {
		t.Errorf("member data %+v", d)
	}
	r := f.MustRun("/stats server", guildA, users[0], commands.PermAdministrator)
	b := bottest.Buttons(r)
	off, wipe := b["Turn recording off"].CustomID, b["🗑️ Delete this server's games"].CustomID
	if off != "stats/1/rec/"+guildA+"/off" || wipe != "stats/1/wipe/"+guildA {
		t.Fatalf("buttons %v", b)
	}
	// A member without the permission, or an admin of another server.
	for _, c := range []struct {
		guild string
		perms int64
	}{{guildA, 0}, {guildA, 1<<11 | 1<<10}, {guildB, admin}, {"", admin}} {
		for _, id := range []string{off, wipe, "stats/1/wiped/" + guildA} {
			if _, out := f.Click(id, c.guild, users[1], c.perms); out != bot.Rejected {
				t.Errorf("%s pressed in %q with %b: %s", id, c.guild, c.perms, out)
			}
		}
	}
	if on, _ := f.Store.Recording(ctx, guildA); !on {
		t.Fatal("recording turned off by a press that was refused")
	}
	r, out := f.Click(off, guildA, users[1], admin)
	if out != bot.OK || !r.Update || r.Data.(stats.ServerData).Recording {
		t.Fatalf("turning off: %s", out)
	}
	if on, _ := f.Store.Recording(ctx, guildA); on {
		t.Fatal("recording still on")
	}
	g := games(1, 99)[0]
	g.ID, g.Guild = "AFTEROFF", guildA
	if ok, err := f.Store.Record(ctx, g); ok || !errors.Is(err, store.ErrRecordingOff) {
		t.Errorf("a game recorded with recording off: %v %v; want false, store.ErrRecordingOff", ok, err)
	}
	if !strings.Contains(bot.FormatText(f.MustRun("/stats standings", guildA, users[0], 0)), "Recording is off in this server") {
		t.Error("the standings do not say recording is off")
	}
	if on := bottest.Buttons(r)["Turn recording on"].CustomID; on != "stats/1/rec/"+guildA+"/on" {
		t.Errorf("no switch back: %v", bottest.Buttons(r))
	}
	// Deleting the server's games: a confirmation, then every game goes.
	ask, out := f.Click(wipe, guildA, users[1], admin)
	confirm := bottest.Buttons(ask)["🗑️ Yes, delete them all"].CustomID
	if out != bot.OK || confirm != "stats/1/wiped/"+guildA {
		t.Fatalf("ask: %s %v", out, bottest.Buttons(ask))
	}
	r, out = f.Click(confirm, guildA, users[1], admin)
	if out != bot.OK {
		t.Fatalf("wipe: %s", out)
	}
	n := 0
	for _, g := range f.Games {
		_, ok, _ := f.Store.Game(ctx, g.ID)
		if g.Guild == guildA {
			n++
			if ok {
				t.Errorf("%s survived", g.ID)
			}
		} else if !ok {
			t.Errorf("%s of another server was deleted", g.ID)
		}
	}
	if d := r.Data.(stats.ForgetData); d.Games != n {
		t.Errorf("deleted %d games, the server had %d", d.Games, n)
	}
	if d := f.MustRun("/stats standings min:1", guildA, users[0], 0).Data.(stats.StandingsData); len(d.Ranked)+len(d.Unranked) != 0 {
		t.Errorf("standings after the deletion: %+v", d)
	}
}

// TestMemoryOff: without a store, and with the store DATABASE_URL=off
// opens, every command and button says memory is off, in each language.
func TestMemoryOff(t *testing.T) {
	off, err := store.Open(context.Background(), store.Off)
	if err != nil {
		t.Fatal(err)
	}
	lines := []string{"/stats standings", "/stats history", "/stats me", "/stats forget", "/stats server"}
	buttons := []string{"stats/1/forget/u", "stats/1/forgotten/u", "stats/1/rec/g/off", "stats/1/wipe/g", "stats/1/wiped/g"}
	want := map[commands.Locale]string{
		commands.English:  "Alea's memory is off on this bot",
		commands.Korean:   "이 봇에서는 Alea의 기억 기능이 꺼져 있습니다.",
		commands.Japanese: "このボットでは Alea の記憶機能がオフです。",
	}
	for _, s := range []store.Store{nil, off} {
		h := bottest.New(t, stats.Command(stats.Deps{Store: s, Now: func() time.Time { return now }}))
		for _, loc := range commands.Locales {
			h.Locale = loc
			for _, line := range lines {
				r := h.MustRun(line)
				if !r.Ephemeral || !strings.Contains(r.Content, want[loc]) {
					t.Errorf("%s %s: %q", loc, line, r.Content)
				}
			}
			for _, id := range buttons {
				r, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: id, GuildID: "g", UserID: "u", Permissions: admin})
				if out != bot.OK || !strings.Contains(r.Content, want[loc]) {
					t.Errorf("%s %s: %s %q", loc, id, out, r.Content)
				}
			}
		}
	}
}

// TestEveryLanguage runs every subcommand with a store in Korean and
// Japanese (the harness checks Discord's limits) and looks for English.
func TestEveryLanguage(t *testing.T) {
	f := newFixture(t, 120)
	for _, loc := range []commands.Locale{commands.Korean, commands.Japanese} {
		f.H.Locale = loc
		for _, line := range []string{"/stats standings by:average period:week min:1", "/stats history games:20", "/stats me", "/stats forget"} {
			text := bot.FormatTextIn(f.MustRun(line, f.Games[0].Guild, users[0], admin), loc)
			for _, en := range []string{"games", "points", "Review", "lost", "decision", "Leader", "luck"} {
				if strings.Contains(text, en) {
					t.Errorf("%s %s: English %q in\n%s", loc, line, en, text)
				}
			}
		}
	}
}

// The export writes lists as lists (a game without a costly decision has
// "decisions": []), a scoring as an action without a roll (the store
// marks a scoring roll 3, whichever roll it followed), and expected
// points to the hundredth, never a float's 17 digits.
func TestExportFileForm(t *testing.T) {
	now := time.Date(2026, 11, 19, 12, 0, 0, 0, time.UTC)
	exp := store.Export{User: "100000000000000001", Games: []store.PlayedGame{
		{Seat: 0, Game: store.Game{ID: "nodecisions1", Kind: store.KindYacht, Rules: "yacht", Ended: now,
			Seats: []store.Seat{{User: "100000000000000001", Score: 240, Decisions: 36, Luck: 0.1 + 0.2, Lost: 0}}}},
		{Seat: 0, Game: store.Game{ID: "twodecision1", Kind: store.KindYacht, Rules: "yacht", Ended: now,
			Seats: []store.Seat{{User: "100000000000000001", Score: 200, Decisions: 36, Lost: 3.5100000000000002, Luck: -12.299999999999999,
				Counts: store.Counts{Ranked: true, Score: true, Decisions: 36, Lost: 3.5100000000000002, Why: store.NoOpponent}}},
			Decisions: []store.Decision{
				{Seat: 0, Turn: 3, Roll: 1, Dice: "13356", Chosen: "33", Best: "6", Loss: 1.25},
				{Seat: 0, Turn: 7, Roll: 3, Dice: "33566", Chosen: "fives", Best: "choice", Loss: 2.2600000000000002},
			}}},
	}}
	b, err := json.Marshal(stats.ExportOf(exp, exp.User, now))
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	for _, want := range []string{
		`"format":"alea-export/2"`,
		`"id":"nodecisions1"`, `"decisions":[]`, `"luck":0.3,`, `"advice":[]`, `"attempts":[]`,
		`{"seat":0,"turn":3,"action":"keep","roll":1,"dice":"13356","chosen":"33","best":"6","loss":1.25}`,
		`{"seat":0,"turn":7,"action":"score","dice":"33566","chosen":"fives","best":"choice","loss":2.26}`,
		`"lost":3.51,"luck":-12.3,`, `"counts":{"ranked":true,"win":false,"score":true,"decisions":36,"lost":3.51,"why":"no_opponent"}`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in\n%s", want, got)
		}
	}
	for _, bad := range []string{"null", `"roll":3`} {
		if strings.Contains(got, bad) {
			t.Errorf("%s in\n%s", bad, got)
		}
	}
	if long := regexp.MustCompile(`[0-9]\.[0-9]{3,}`).FindString(got); long != "" {
		t.Errorf("%s: more than hundredths in\n%s", long, got)
	}
}
