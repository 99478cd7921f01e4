package memory_test

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/memory"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// Users, servers and the clock of the recorded games. User ids are long,
// as Discord's are, so that a search for one in a file finds only it.
var (
	users  = []string{"900000000000000001", "900000000000000002", "900000000000000003", "900000000000000004", "900000000000000005", "900000000000000006"}
	guilds = []string{"700000000000000001", "700000000000000002", ""}
	// now is a Thursday; the games end over the 60 days before it.
	now   = time.Date(2026, 11, 19, 15, 30, 0, 0, time.UTC)
	start = now.AddDate(0, 0, -60)
)

const (
	guildA = "700000000000000001"
	guildB = "700000000000000002"
	admin  = commands.PermManageGuild
)

// openStore opens a fresh SQLite store in a temporary file.
func openStore(t *testing.T) store.Store {
	t.Helper()
	return storetest.SQLite(t)
}

// games makes n finished Yacht games, each ending at its own minute:
// one to four seats of users, a named seat or Alea, every tenth game with
// a chosen seed, costly decisions whose losses sum to each seat's Lost.
func games(n int, seed uint64) []store.Game {
	rng := rand.New(rand.NewPCG(seed, 7))
	minutes := rng.Perm(60 * 24 * 60)[:n]
	var out []store.Game
	for i := 0; i < n; i++ {
		ended := start.Add(time.Duration(minutes[i]) * time.Minute)
		g := store.Game{ID: fmt.Sprintf("G%04dX", i), Kind: store.KindYacht, Guild: guilds[rng.IntN(len(guilds))],
			Channel: "800000000000000001", Rules: []string{"yacht", "yatzy"}[rng.IntN(2)], Seed: rng.Uint64() >> 1,
			Chosen: rng.IntN(10) == 0, Started: ended.Add(-20 * time.Minute), Ended: ended}
		seats := 1 + rng.IntN(4)
		perm := rng.Perm(len(users))
		for s := 0; s < seats; s++ {
			st := store.Seat{Score: 120 + rng.IntN(180), Decisions: 30 + rng.IntN(10), Luck: float64(rng.IntN(6001)-3000) / 100}
			switch r := rng.IntN(8); {
			case r == 0:
				st.Name = "Ann"
			case r == 1:
				st.Alea = true
			default:
				st.User = users[perm[s]]
			}
			if !st.Alea {
				st.Lost = float64(rng.IntN(4000)) / 100
			}
			g.Seats = append(g.Seats, st)
		}
		top := 0
		for _, s := range g.Seats {
			top = max(top, s.Score)
		}
		for s := range g.Seats {
			g.Seats[s].Winner = g.Seats[s].Score == top
			// Costly decisions: the seat's loss in hundredths, in parts.
			left := int(math.Round(g.Seats[s].Lost * 100))
			for turn := 1; left > 0 && turn <= 12; turn++ {
				if turn == 12 {
					part := left
					g.Decisions = append(g.Decisions, store.Decision{Seat: s, Turn: turn, Roll: 2, Dice: "11111", Chosen: "", Best: "11111", Loss: float64(part) / 100})
					break
				}
				part := min(left, 1+rng.IntN(300))
				if rng.IntN(3) == 0 {
					best := map[string]string{"yacht": "choice", "yatzy": "chance"}[g.Rules]
					g.Decisions = append(g.Decisions, store.Decision{Seat: s, Turn: turn, Roll: 3, Dice: "33566", Chosen: "fives", Best: best, Loss: float64(part) / 100})
				} else {
					g.Decisions = append(g.Decisions, store.Decision{Seat: s, Turn: turn, Roll: 1 + rng.IntN(2), Dice: "13356", Chosen: "33", Best: "6", Loss: float64(part) / 100})
				}
				left -= part
			}
		}
		out = append(out, g)
	}
	return out
}

// fixture is a store holding the games and a harness over /stats and
// /review with it.
type fixture struct {
	t     *testing.T
	store store.Store
	games []store.Game
	h     *bottest.Harness
}

func newFixture(t *testing.T, n int) *fixture {
	t.Helper()
	f := &fixture{t: t, store: openStore(t), games: games(n, 1)}
	for _, g := range f.games {
		if ok, err := f.store.Record(context.Background(), g); err != nil || !ok {
			t.Fatalf("record %s: %v %v", g.ID, ok, err)
		}
	}
	d := memory.Deps{Store: f.store, Now: func() time.Time { return now }}
	f.h = bottest.New(t, memory.Stats(d), memory.Review(d))
	return f
}

// run runs a slash line as user in guild with the permissions.
func (f *fixture) run(line, guild, user string, perms int64) (*commands.Reply, bot.Outcome) {
	f.t.Helper()
	req, err := runner.SlashRequest(f.h.Registry, line, f.h.Locale)
	if err != nil {
		f.t.Fatalf("%s: %v", line, err)
	}
	req.GuildID, req.UserID, req.Permissions = guild, user, perms
	return f.h.Do(req)
}

func (f *fixture) mustRun(line, guild, user string, perms int64) *commands.Reply {
	f.t.Helper()
	r, out := f.run(line, guild, user, perms)
	if out != bot.OK {
		f.t.Fatalf("%s: outcome %s: %s", line, out, bot.FormatText(r))
	}
	return r
}

// click presses a button as user in guild.
func (f *fixture) click(customID, guild, user string, perms int64) (*commands.Reply, bot.Outcome) {
	f.t.Helper()
	return f.h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: customID, GuildID: guild, UserID: user, Permissions: perms})
}

// tally sums a player's seats (their history's totals).
type tally struct {
	games, wins, decisions int
	score                  int
	lost, luck             float64
}

func (t tally) avg() float64   { return float64(t.score) / float64(t.games) }
func (t tally) skill() float64 { return t.lost / float64(max(t.decisions, 1)) }

// bruteStandings ranks a server's Yacht players of rules straight from
// the games (storetest.BruteStandings, the store's conformance oracle):
// those with at least minGames ranked, the others by most games, then id.
func bruteStandings(gs []store.Game, guild, rules string, since time.Time, by string, minGames int) (ranked, short []store.Standing) {
	q := store.StandingsQuery{Guild: guild, Kind: store.KindYacht, Rules: rules, Since: since, By: store.Ranking(by), MinGames: minGames}
	ranked = storetest.BruteStandings(gs, q)
	q.MinGames = 0
	for _, s := range storetest.BruteStandings(gs, q) {
		if s.Games < minGames {
			short = append(short, s)
		}
	}
	slices.SortFunc(short, func(a, b store.Standing) int {
		return cmp.Or(cmp.Compare(b.Games, a.Games), strings.Compare(a.User, b.User))
	})
	return ranked, short
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b)) }

// mondayBefore finds the Monday 00:00 UTC on or before t by walking back.
func mondayBefore(t time.Time) time.Time {
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	for d.Weekday() != time.Monday {
		d = d.Add(-24 * time.Hour)
	}
	return d
}

// TestStandingsAgainstBruteForce ranks a server's players for every
// ranking, period, rule set and minimum, and checks every line against
// sums taken straight from the recorded games.
func TestStandingsAgainstBruteForce(t *testing.T) {
	f := newFixture(t, 160)
	periods := map[string]time.Time{"week": mondayBefore(now), "month": time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC), "all": {}}
	checked := 0
	for _, guild := range []string{guildA, guildB} {
		for _, rules := range []string{"yacht", "yatzy"} {
			for _, by := range []string{"wins", "average", "skill"} {
				for period, since := range periods {
					for _, minGames := range []int{1, 3, 6} {
						line := fmt.Sprintf("/stats standings rules:%s by:%s period:%s min:%d", rules, by, period, minGames)
						r := f.mustRun(line, guild, users[0], 0)
						data := r.Data.(memory.StandingsData)
						ranked, short := bruteStandings(f.games, guild, rules, since, by, minGames)
						if len(data.Ranked) != len(ranked) || len(data.Unranked) != len(short) {
							t.Fatalf("%s in %s: %d ranked, %d unranked; brute force %d, %d", line, guild, len(data.Ranked), len(data.Unranked), len(ranked), len(short))
						}
						for i, want := range ranked {
							got := data.Ranked[i]
							if got.Rank != i+1 || got.User != want.User || got.Games != want.Games || got.Wins != want.Wins || got.Decisions != want.Decisions ||
								!near(got.AvgScore, want.AvgScore) || !near(got.Skill, want.Skill) || !near(got.Luck, want.Luck) {
								t.Errorf("%s in %s: row %d %+v, brute force %+v", line, guild, i+1, got, want)
							}
						}
						for i, want := range short {
							got := data.Unranked[i]
							if got.User != want.User || got.Games != want.Games || got.Needs != minGames-want.Games || got.Rank != 0 {
								t.Errorf("%s in %s: unranked %d %+v, brute force %+v", line, guild, i, got, want)
							}
						}
						text := bot.FormatText(r)
						if len(ranked) > 0 && !strings.Contains(text, "Leader: <@"+ranked[0].User+">") {
							t.Errorf("%s: the leader is not named first:\n%s", line, text)
						}
						checked += len(ranked) + len(short)
					}
				}
			}
		}
	}
	if checked < 200 {
		t.Errorf("only %d lines checked: the fixture is too thin", checked)
	}
}

// TestStandingsSayWhatAPlayerNeeds: a player below the minimum is told
// how many games they still need, and listed with it.
func TestStandingsSayWhatAPlayerNeeds(t *testing.T) {
	f := newFixture(t, 160)
	_, short := bruteStandings(f.games, guildA, "yacht", time.Time{}, "wins", 50)
	if len(short) == 0 {
		t.Fatal("nobody below 50 games")
	}
	u := short[0]
	text := bot.FormatText(f.mustRun("/stats standings min:50", guildA, u.User, 0))
	for _, want := range []string{
		fmt.Sprintf("Games you still need to be ranked: %d (at least 50 in all).", 50-u.Games),
		fmt.Sprintf("<@%s> — %d played, %d to go", u.User, u.Games, 50-u.Games),
		"Nobody has played 50 games yet",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	// Outside a server there are no standings.
	if r, out := f.run("/stats standings", "", u.User, 0); out != bot.Rejected || !r.Ephemeral {
		t.Errorf("standings in a DM: %s", out)
	}
}

// TestHistoryAgainstBruteForce checks a player's totals, recent games,
// chart series and bests against the recorded games, in one server and
// (in a DM) everywhere.
func TestHistoryAgainstBruteForce(t *testing.T) {
	f := newFixture(t, 160)
	for _, user := range users[:3] {
		for _, guild := range []string{guildA, ""} {
			r := f.mustRun("/stats history games:6", guild, user, 0)
			data := r.Data.(memory.HistoryData)
			var mine []store.PlayedGame
			for _, g := range f.games {
				if guild != "" && g.Guild != guild {
					continue
				}
				for i, s := range g.Seats {
					if s.User == user {
						mine = append(mine, store.PlayedGame{Game: g, Seat: i})
					}
				}
			}
			slices.SortFunc(mine, func(a, b store.PlayedGame) int { return b.Game.Ended.Compare(a.Game.Ended) })
			// Recent games: the six newest, chosen seeds included.
			if len(data.Recent) != min(6, len(mine)) {
				t.Fatalf("%s in %q: %d recent games, want %d", user, guild, len(data.Recent), min(6, len(mine)))
			}
			for i, got := range data.Recent {
				g, s := mine[i].Game, mine[i].Game.Seats[mine[i].Seat]
				place := 1
				for _, o := range g.Seats {
					if o.Score > s.Score {
						place++
					}
				}
				if got.ID != g.ID || got.Score != s.Score || got.Place != place || got.Counted == g.Chosen || !near(got.Skill, s.Lost/float64(s.Decisions)) {
					t.Errorf("%s: recent %d %+v, want game %s score %d place %d", user, i, got, g.ID, s.Score, place)
				}
			}
			// Totals per rule set over the counted games.
			var counted []store.PlayedGame
			for _, p := range mine {
				if !p.Game.Chosen {
					counted = append(counted, p)
				}
			}
			for _, tot := range data.Totals {
				var sum tally
				best := 0
				for _, p := range counted {
					if p.Game.Rules != tot.Rules {
						continue
					}
					s := p.Game.Seats[p.Seat]
					sum.games++
					sum.score += s.Score
					sum.lost += s.Lost
					sum.decisions += s.Decisions
					sum.luck += s.Luck
					if s.Winner {
						sum.wins++
					}
					best = max(best, s.Score)
				}
				if tot.Games != sum.games || tot.Wins != sum.wins || tot.Best != best || !near(tot.AvgScore, sum.avg()) || !near(tot.Skill, sum.skill()) || !near(tot.Luck, sum.luck/float64(sum.games)) {
					t.Errorf("%s in %q: totals %+v, brute force %+v best %d", user, guild, tot, sum, best)
				}
				if tot.Grade != memory.GradeOf(sum.lost, sum.decisions).Key() {
					t.Errorf("%s: grade %s", user, tot.Grade)
				}
			}
			// The series: counted games, oldest first; the bests come from it.
			if len(data.Series) != min(50, len(counted)) {
				t.Fatalf("%s: series of %d, want %d", user, len(data.Series), min(50, len(counted)))
			}
			bestSkill, luckiest := math.Inf(1), math.Inf(-1)
			for i, p := range data.Series {
				c := counted[len(data.Series)-1-i]
				s := c.Game.Seats[c.Seat]
				if p.ID != c.Game.ID || p.Score != s.Score || !near(p.Skill, s.Lost/float64(s.Decisions)) {
					t.Errorf("%s: series %d %+v, want %s", user, i, p, c.Game.ID)
				}
				bestSkill, luckiest = math.Min(bestSkill, p.Skill), math.Max(luckiest, s.Luck)
			}
			// Skill and luck over time: the newer half against the older.
			if n := len(data.Series); n >= 6 {
				var sk, lk [2]float64
				for i := range n {
					c := counted[n-1-i]
					s := c.Game.Seats[c.Seat]
					half := 0
					if i >= n/2 {
						half = 1
					}
					sk[half] += s.Lost / float64(s.Decisions)
					lk[half] += s.Luck
				}
				older, newer := float64(n/2), float64(n-n/2)
				want := fmt.Sprintf("Last %d games: %.2f lost per decision on average (the %d before: %.2f).", n-n/2, sk[1]/newer, n/2, sk[0]/older)
				sign := func(x float64) string {
					switch s := fmt.Sprintf("%+.1f", x); {
					case s == "+0.0" || s == "-0.0":
						return "±0.0"
					case x < 0:
						return "−" + s[1:]
					default:
						return s
					}
				}
				luck := fmt.Sprintf("Luck over them: %s per game (before: %s).", sign(lk[1]/newer), sign(lk[0]/older))
				for _, w := range []string{want, luck} {
					if text := bot.FormatText(r); !strings.Contains(text, w) {
						t.Errorf("%s in %q: no %q in\n%s", user, guild, w, text)
					}
				}
			}
			if len(data.Series) > 0 && (!near(data.Bests.SkillValue, bestSkill) || !near(data.Bests.LuckValue, luckiest)) {
				t.Errorf("%s: bests %+v, want skill %.4f luck %.2f", user, data.Bests, bestSkill, luckiest)
			}
			if len(data.Series) >= 2 {
				if len(r.Files) != 1 || r.Files[0].Name != "history.png" || r.Embeds[0].Image != "history.png" {
					t.Errorf("%s: no chart", user)
				}
			}
		}
	}
	// Somebody without games is told so.
	r := f.mustRun("/stats history", guildA, "900000000000000099", 0)
	if !strings.Contains(bot.FormatText(r), "No recorded games of yours here yet.") {
		t.Errorf("no history: %s", bot.FormatText(r))
	}
}

// TestReviewCostsAreTheStoredDecisions reviews games by command and by the
// Review button: every costly decision is the stored one, with its cost
// to the hundredth, the dice with their digits, and each seat's mean loss
// per decision is its stored Lost over its Decisions.
func TestReviewCostsAreTheStoredDecisions(t *testing.T) {
	f := newFixture(t, 40)
	reviewed := 0
	for _, g := range f.games {
		if g.Guild != guildA {
			continue
		}
		r := f.mustRun("/review game:"+g.ID, guildA, users[5], 0)
		b, out := f.click("review/1/"+g.ID, guildA, users[5], 0)
		if out != bot.OK || !b.Ephemeral || r.Ephemeral {
			t.Fatalf("%s: the button's review %s (ephemeral %v), the command's ephemeral %v", g.ID, out, b.Ephemeral, r.Ephemeral)
		}
		data := r.Data.(memory.ReviewData)
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
	g := f.games[0]
	for _, d := range g.Decisions {
		if d.Chosen == "33" {
			want := fmt.Sprintf("Turn %d, roll %d: ⚀⚂⚂⚄⚅ (13356) — keep ⚂⚂ (33); best: keep ⚅ (6) (−%.2f)", d.Turn, d.Roll, d.Loss)
			r, _ := f.click("review/1/"+g.ID, g.Guild, users[5], 0)
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
	for _, x := range f.games {
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
	if r, out := f.run("/review game:"+g.ID, guildA, stranger, 0); out != bot.Rejected || !strings.Contains(r.Content, "No finished game") {
		t.Errorf("a stranger reviews another server's game: %s %s", out, r.Content)
	}
	f.mustRun("/review game:"+g.ID, guildA, player, 0)
	f.mustRun("/review game:review/1/"+g.ID, guildB, stranger, 0)
	for _, bad := range []string{`"a b"`, "nosuch", `"` + strings.Repeat("x", 70) + `"`} {
		if r, out := f.run("/review game:"+bad, guildA, player, 0); out != bot.Rejected || !r.Ephemeral {
			t.Errorf("/review game:%s: %s", bad, out)
		}
	}
}

// TestReviewOutsideServers: a game played in a group DM is found there
// and by its players anywhere, but not by a stranger in another DM or
// group DM (outside a server, the channel is the place).
func TestReviewOutsideServers(t *testing.T) {
	s := openStore(t)
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
	d := memory.Deps{Store: s, Now: func() time.Time { return now }}
	h := bottest.New(t, memory.Stats(d), memory.Review(d))
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

// openStoreB opens a fresh SQLite store for a benchmark.
func openStoreB(b *testing.B) (store.Store, error) {
	s, err := store.Open(context.Background(), "sqlite:"+filepath.Join(b.TempDir(), "alea.db"))
	if err == nil {
		b.Cleanup(func() { s.Close() })
	}
	return s, err
}
