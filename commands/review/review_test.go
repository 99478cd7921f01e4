package review_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/records/recordstest"
	"github.com/alea-bot/alea/commands/review"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// The games and servers of recordstest.
var (
	users  = recordstest.Users
	games  = recordstest.Games
	near   = recordstest.Near
	guildA = recordstest.GuildA
	guildB = recordstest.GuildB
)

// newFixture records n games and runs /review over them.
func newFixture(t *testing.T, n int) *recordstest.Fixture {
	t.Helper()
	return recordstest.New(t, n, func(st store.Store, _ func() time.Time) []*commands.Command {
		return []*commands.Command{review.Command(st)}
	})
}

// TestReviewCostsAreTheStoredDecisions reviews games by command and by the
// Review button: every costly decision is the stored one, with its cost
// to the hundredth, the dice with their digits, and each seat's mean loss
// per decision is its stored Lost over its Decisions.
func TestReviewCostsAreTheStoredDecisions(t *testing.T) {
	f := newFixture(t, 40)
	reviewed := 0
	for _, g := range f.Games {
		if g.Guild != guildA {
			continue
		}
		r := f.MustRun("/review game:"+g.ID, guildA, users[5], 0)
		b, out := f.Click("review/1/"+g.ID, guildA, users[5], 0)
		if out != bot.OK || !b.Ephemeral || r.Ephemeral {
			t.Fatalf("%s: the button's review %s (ephemeral %v), the command's ephemeral %v", g.ID, out, b.Ephemeral, r.Ephemeral)
		}
		data := r.Data.(review.Data)
		if len(data.Seats) != len(g.Seats) {
			t.Fatalf("%s: %d seats", g.ID, len(data.Seats))
		}
		text := bot.FormatText(r)
		txt := string(r.Files[0].Data)
		for i, s := range g.Seats {
			got := data.Seats[i]
			if got.Score != s.Score || got.Decisions != s.Decisions || !near(got.PerChoice, s.Lost/float64(s.Decisions)) {
				t.Errorf("%s seat %d: %+v, stored %+v", g.ID, i, got, s)
			}
			var want []store.Decision
			for _, d := range g.Decisions {
				if d.Seat == i && d.Loss > 0 {
					want = append(want, d)
				}
			}
			if len(got.Costly) != len(want) {
				t.Fatalf("%s seat %d: %d costly decisions, stored %d", g.ID, i, len(got.Costly), len(want))
			}
			sum := 0.0
			for j, d := range want {
				c := got.Costly[j]
				if c.Turn != d.Turn || c.Roll != d.Roll || c.Dice != d.Dice || c.Chosen != d.Chosen || c.Best != d.Best || c.Loss != d.Loss {
					t.Errorf("%s seat %d decision %d: %+v, stored %+v", g.ID, i, j, c, d)
				}
				line := fmt.Sprintf("Turn %d, roll %d: ", d.Turn, d.Roll)
				if d.Roll == 3 { // a scoring, after whichever roll
					line = fmt.Sprintf("Turn %d, scoring: ", d.Turn)
				}
				if !strings.Contains(txt, line) || !strings.Contains(txt, fmt.Sprintf("(−%.2f)", d.Loss)) {
					t.Errorf("%s: review.txt lacks %q (−%.2f)", g.ID, line, d.Loss)
				}
				sum += d.Loss
			}
			if !near(sum, s.Lost) && math.Abs(sum-s.Lost) > 1e-6 {
				t.Errorf("%s seat %d: costly decisions sum to %.2f, stored Lost %.2f", g.ID, i, sum, s.Lost)
			}
			// The grade, from the published line and Alea's own bands.
			m := s.Lost / float64(s.Decisions)
			shown := math.Round(m*100) / 100 // graded as shown
			want2 := "learning"
			switch {
			case s.Lost == 0:
				want2 = "perfect"
			case shown < 0.2:
				want2 = "expert"
			case shown < 0.5:
				want2 = "good"
			case shown < 1:
				want2 = "fair"
			}
			if got.Grade != want2 {
				t.Errorf("%s seat %d: grade %s, want %s (%.3f per decision)", g.ID, i, got.Grade, want2, m)
			}
			if s.Alea {
				if !strings.Contains(text, fmt.Sprintf("Alea — %d points · plays every decision perfectly", s.Score)) {
					t.Errorf("%s: Alea's line missing in\n%s", g.ID, text)
				}
			} else if !strings.Contains(text, fmt.Sprintf("%d points · %.2f lost per decision over %d decisions", s.Score, m, s.Decisions)) {
				t.Errorf("%s: seat %d's line missing in\n%s", g.ID, i, text)
			}
		}
		if strings.Contains(txt, "Turn") && !strings.Contains(txt+text, "(13356)") && !strings.Contains(txt+text, "(33566)") {
			t.Errorf("%s: dice without their digits", g.ID)
		}
		reviewed++
	}
	if reviewed < 5 {
		t.Fatalf("only %d games reviewed", reviewed)
	}
	// One decision as a player reads it.
	g := f.Games[0]
	for _, d := range g.Decisions {
		if d.Chosen == "33" {
			want := fmt.Sprintf("Turn %d, roll %d: ⚀⚂⚂⚄⚅ (13356) — keep ⚂⚂ (33); best: keep ⚅ (6) (−%.2f)", d.Turn, d.Roll, d.Loss)
			r, _ := f.Click("review/1/"+g.ID, g.Guild, users[5], 0)
			if !strings.Contains(string(r.Files[0].Data), want) {
				t.Errorf("no %q in\n%s", want, r.Files[0].Data)
			}
			break
		}
	}
}

// TestReviewOnlyHereOrByItsPlayers: a game of another server is not found
// from here, unless the asker played it; ids that are not ids are refused.
func TestReviewOnlyHereOrByItsPlayers(t *testing.T) {
	f := newFixture(t, 40)
	var g store.Game
	for _, x := range f.Games {
		if x.Guild == guildB && x.Seats[0].User != "" {
			g = x
			break
		}
	}
	if g.ID == "" {
		t.Fatal("no game of the other server")
	}
	player, stranger := g.Seats[0].User, ""
	for _, u := range users {
		if !slices.ContainsFunc(g.Seats, func(s store.Seat) bool { return s.User == u }) {
			stranger = u
		}
	}
	if r, out := f.Run("/review game:"+g.ID, guildA, stranger, 0); out != bot.Rejected || !strings.Contains(r.Content, "No finished game") {
		t.Errorf("a stranger reviews another server's game: %s %s", out, r.Content)
	}
	f.MustRun("/review game:"+g.ID, guildA, player, 0)
	f.MustRun("/review game:review/1/"+g.ID, guildB, stranger, 0)
	for _, bad := range []string{`"a b"`, "nosuch", `"` + strings.Repeat("x", 70) + `"`} {
		if r, out := f.Run("/review game:"+bad, guildA, player, 0); out != bot.Rejected || !r.Ephemeral {
			t.Errorf("/review game:%s: %s", bad, out)
		}
	}
}

// TestReviewOutsideServers: a game played in a group DM is found there
// and by its players anywhere, but not by a stranger in another DM or
// group DM (outside a server, the channel is the place).
func TestReviewOutsideServers(t *testing.T) {
	s := storetest.SQLite(t)
	g := games(1, 7)[0]
	g.ID, g.Guild, g.Channel = "DMGAME00001X", "", "810000000000000001"
	if ok, err := s.Record(context.Background(), g); err != nil || !ok {
		t.Fatalf("record: %v %v", ok, err)
	}
	player, stranger := "", ""
	for _, u := range users {
		if slices.ContainsFunc(g.Seats, func(s store.Seat) bool { return s.User == u }) {
			player = u
		} else {
			stranger = u
		}
	}
	if player == "" || stranger == "" {
		t.Fatal("the game needs a player and a stranger")
	}
	h := bottest.New(t, review.Command(s))
	for _, c := range []struct {
		user, guild, channel string
		found                bool
	}{
		{stranger, "", g.Channel, true},                 // in the group DM it was played in
		{stranger, "", "810000000000000002", false},     // in another DM
		{stranger, guildA, "800000000000000001", false}, // in a server
		{player, "", "810000000000000002", true},        // its player, anywhere
		{player, guildA, "800000000000000001", true},
	} {
		req, err := runner.SlashRequest(h.Registry, "/review game:"+g.ID, h.Locale)
		if err != nil {
			t.Fatal(err)
		}
		req.UserID, req.GuildID, req.ChannelID = c.user, c.guild, c.channel
		r, out := h.Do(req)
		if found := out == bot.OK; found != c.found {
			t.Errorf("%s in guild %q channel %s: %s %s", c.user, c.guild, c.channel, out, r.Content)
		}
	}
}

// /review with an empty or a malformed game id says which, in each
// language, and shows no empty quotes.
func TestReviewGameIDRefusals(t *testing.T) {
	f := newFixture(t, 1)
	for line, want := range map[string]map[commands.Locale]string{
		`/review game:""`:    {commands.English: "`game` is empty: give a game id.", commands.Korean: "`게임`이 비어 있습니다.", commands.Japanese: "`ゲーム` が空です。"},
		`/review game:"zz!"`: {commands.English: "Not a game id: `zz!`.", commands.Korean: "게임 ID가 아닙니다: `zz!`.", commands.Japanese: "ゲーム ID ではありません: `zz!`。"},
	} {
		for loc, w := range want {
			f.H.Locale = loc
			r, out := f.Run(line, guildA, users[0], 0)
			if out != bot.Rejected || !strings.Contains(r.Content, w) || strings.Contains(r.Content, "``") {
				t.Errorf("%s %s: %s %q, want %q", loc, line, out, r.Content, w)
			}
		}
	}
}

// TestDataSchema checks the field names docs/data.md documents for
// /review's --format data.
func TestDataSchema(t *testing.T) {
	f := newFixture(t, 60)
	user := users[0]
	var g string
	for _, x := range f.Games {
		if x.Guild == guildA && len(x.Seats) > 1 {
			g = x.ID
			break
		}
	}
	r := f.MustRun("/review game:"+g, guildA, user, 0)
	b, _ := json.Marshal(r.Data)
	var review struct {
		Seats []map[string]json.RawMessage `json:"seats"`
	}
	json.Unmarshal(b, &review)
	if got := keys(t, r.Data); !reflect.DeepEqual(got, strings.Fields("chosen ended entered game rules seats")) {
		t.Errorf("review keys %v", got)
	}
	seatKeys := "assisted costly decisions grade lost luck per_decision player score user winner"
	for _, s := range review.Seats {
		var ks []string
		for k := range s {
			ks = append(ks, k)
		}
		slices.Sort(ks)
		if want := strings.Fields(seatKeys); !reflect.DeepEqual(ks, want) && !reflect.DeepEqual(ks, slices.DeleteFunc(slices.Clone(want), func(k string) bool { return k == "user" })) {
			t.Errorf("review seat keys %v", ks)
		}
	}
}

// keys returns the sorted keys of a JSON object.
func keys(t *testing.T, v any) []string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestMemoryOff: without a store, and with the store DATABASE_URL=off
// opens, /review and its button say memory is off, in each language.
func TestMemoryOff(t *testing.T) {
	off, err := store.Open(context.Background(), store.Off)
	if err != nil {
		t.Fatal(err)
	}
	want := map[commands.Locale]string{
		commands.English:  "Alea's memory is off on this bot",
		commands.Korean:   "이 봇에서는 Alea의 기억 기능이 꺼져 있습니다.",
		commands.Japanese: "このボットでは Alea の記憶機能がオフです。",
	}
	for _, s := range []store.Store{nil, off} {
		h := bottest.New(t, review.Command(s))
		for _, loc := range commands.Locales {
			h.Locale = loc
			if r := h.MustRun("/review game:ABC"); !r.Ephemeral || !strings.Contains(r.Content, want[loc]) {
				t.Errorf("%s: %q", loc, r.Content)
			}
			r, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: "review/1/ABC", GuildID: "g", UserID: "u"})
			if out != bot.OK || !strings.Contains(r.Content, want[loc]) {
				t.Errorf("%s button: %s %q", loc, out, r.Content)
			}
		}
	}
}

// TestEveryLanguage reviews a game in Korean and Japanese (the harness
// checks Discord's limits) and looks for English.
func TestEveryLanguage(t *testing.T) {
	f := newFixture(t, 120)
	for _, loc := range []commands.Locale{commands.Korean, commands.Japanese} {
		f.H.Locale = loc
		text := bot.FormatTextIn(f.MustRun("/review game:"+f.Games[0].ID, f.Games[0].Guild, users[0], recordstest.Admin), loc)
		for _, en := range []string{"games", "points", "Review", "lost", "decision", "Leader", "luck"} {
			if strings.Contains(text, en) {
				t.Errorf("%s: English %q in\n%s", loc, en, text)
			}
		}
	}
}

// BenchmarkAnswer times /review end to end (router, the store's query on
// a real SQLite file, rendering, limit checks) over 2000 recorded games.
func BenchmarkAnswer(b *testing.B) {
	s, err := store.Open(context.Background(), "sqlite:"+filepath.Join(b.TempDir(), "alea.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	gs := games(2000, 3)
	for _, g := range gs {
		if _, err := s.Record(context.Background(), g); err != nil {
			b.Fatal(err)
		}
	}
	game := gs[0]
	for _, g := range gs {
		if g.Guild == guildA {
			game = g
			break
		}
	}
	h := bottest.New(b, review.Command(s))
	line := "/review game:" + game.ID
	b.ResetTimer()
	for range b.N {
		req, err := runner.SlashRequest(h.Registry, line, h.Locale)
		if err != nil {
			b.Fatal(err)
		}
		req.GuildID, req.UserID = guildA, users[0]
		if r, out := h.Do(req); out != bot.OK {
			b.Fatalf("%s: %s %s", line, out, bot.FormatText(r))
		}
	}
}

// A game id is the same game in any case: Alea writes ids in lower case,
// and one typed or pasted in capitals (or mixed) finds it, by command
// and by the Review button's custom_id.
func TestReviewGameIDAnyCase(t *testing.T) {
	f := newFixture(t, 1)
	g := f.Games[0]
	g.ID = "k7qm2xapb3dz"
	g.Guild = guildA
	if ok, err := f.Store.Record(context.Background(), g); err != nil || !ok {
		t.Fatalf("record: %v %v", ok, err)
	}
	for _, typed := range []string{"k7qm2xapb3dz", "K7QM2XAPB3DZ", "K7qm2XapB3dz", " `K7QM2XAPB3DZ` "} {
		r, out := f.Run(`/review game:"`+typed+`"`, guildA, users[0], 0)
		if out != bot.OK || r.Data.(review.Data).Game != "k7qm2xapb3dz" {
			t.Errorf("%q: %s %s", typed, out, bot.FormatText(r))
		}
	}
	if r, out := f.Click("review/1/K7QM2XAPB3DZ", guildA, users[0], 0); out != bot.OK || r.Data.(review.Data).Game != "k7qm2xapb3dz" {
		t.Errorf("the button in capitals: %s %s", out, bot.FormatText(r))
	}
}

// review.txt names each player as far as the request knows them: the
// asker by their own name, a user the transport can name by that name,
// a named seat and Alea by theirs, and any other player by the seat the
// review's field names; never by a Discord user id.
func TestReviewFileNamesPlayers(t *testing.T) {
	f := newFixture(t, 1)
	g := store.Game{ID: "namesinfile1", Kind: store.KindYacht, Guild: guildA, Rules: "yacht",
		Started: time.Date(2026, 11, 17, 19, 0, 0, 0, time.UTC), Ended: time.Date(2026, 11, 17, 20, 0, 0, 0, time.UTC),
		Seats: []store.Seat{
			{User: users[0], Score: 212, Decisions: 36, Winner: true},
			{User: users[1], Score: 200, Decisions: 36},
			{User: users[2], Score: 190, Decisions: 36},
			{Name: "Ann", Score: 180, Decisions: 36},
			{Alea: true, Score: 201, Decisions: 36},
		}}
	if ok, err := f.Store.Record(context.Background(), g); err != nil || !ok {
		t.Fatalf("record: %v %v", ok, err)
	}
	want := map[commands.Locale][]string{
		commands.English:  {"Seat 1 · Mina — 212", "Seat 2 · Jun — 200", "Seat 3 — 190", "Seat 4 · Ann — 180", "Seat 5 · Alea — 201"},
		commands.Korean:   {"1번 자리 · Mina — 212", "2번 자리 · Jun — 200", "3번 자리 — 190", "4번 자리 · Ann — 180", "5번 자리 · Alea — 201"},
		commands.Japanese: {"1番席 · Mina — 212", "2番席 · Jun — 200", "3番席 — 190", "4番席 · Ann — 180", "5番席 · Alea — 201"},
	}
	for _, loc := range commands.Locales {
		f.H.Locale = loc
		req, err := runner.SlashRequest(f.H.Registry, "/review game:namesinfile1", loc)
		if err != nil {
			t.Fatal(err)
		}
		req.GuildID, req.UserID, req.UserName = guildA, users[0], "Mina"
		req.KnownUsers = map[string]string{"Jun": users[1], "mina_k": users[0]}
		r, out := f.H.Do(req)
		if out != bot.OK || len(r.Files) != 1 {
			t.Fatalf("%s: %s %s", loc, out, bot.FormatText(r))
		}
		file := string(r.Files[0].Data)
		for _, w := range want[loc] {
			if !strings.Contains(file, w+"\n") {
				t.Errorf("%s: no %q in review.txt:\n%s", loc, w, file)
			}
		}
		for _, u := range users[:3] {
			if strings.Contains(file, u) {
				t.Errorf("%s: review.txt holds the user id %s:\n%s", loc, u, file)
			}
		}
	}
}
