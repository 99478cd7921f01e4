package stats_test

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/grade"
	"github.com/alea-bot/alea/commands/records/recordstest"
	"github.com/alea-bot/alea/commands/stats"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// The games, servers and clock of recordstest.
var (
	users  = recordstest.Users
	now    = recordstest.Now
	games  = recordstest.Games
	near   = recordstest.Near
	guildA = recordstest.GuildA
	guildB = recordstest.GuildB
)

const admin = recordstest.Admin

// newFixture records n games and runs /stats over them.
func newFixture(t *testing.T, n int) *recordstest.Fixture {
	t.Helper()
	return recordstest.New(t, n, func(st store.Store, now func() time.Time) []*commands.Command {
		return []*commands.Command{stats.Command(stats.Deps{Store: st, Now: now})}
	})
}

// tally sums a player's seats as they count (their history's totals).
type tally struct {
	games, wins, decisions, scored int
	score                          int
	lost, luck                     float64
}

func (t tally) avg() float64   { return float64(t.score) / float64(max(t.scored, 1)) }
func (t tally) skill() float64 { return t.lost / float64(max(t.decisions, 1)) }

// bruteStandings ranks a server's Yacht players of rules straight from
// the games (storetest.BruteStandings, the store's conformance oracle):
// those with at least minGames ranked, the others by most games, then id.
func bruteStandings(gs []store.Game, guild, rules string, since time.Time, by string, minGames int) (ranked, short []store.Standing) {
	b := storetest.BruteStandings(gs, store.StandingsQuery{Guild: guild, Kind: store.KindYacht, Rules: rules, Since: since, By: store.Ranking(by), MinGames: minGames})
	return b.Ranked, b.Unranked
}

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
						r := f.MustRun(line, guild, users[0], 0)
						data := r.Data.(stats.StandingsData)
						ranked, short := bruteStandings(f.Games, guild, rules, since, by, minGames)
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
						if len(ranked) > 0 && !(by == "wins" && ranked[0].Wins == 0) && !strings.Contains(text, "Leader: <@"+ranked[0].User+">") {
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
	_, short := bruteStandings(f.Games, guildA, "yacht", time.Time{}, "wins", 50)
	if len(short) == 0 {
		t.Fatal("nobody below 50 games")
	}
	u := short[0]
	text := bot.FormatText(f.MustRun("/stats standings min:50", guildA, u.User, 0))
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
	if r, out := f.Run("/stats standings", "", u.User, 0); out != bot.Rejected || !r.Ephemeral {
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
			r := f.MustRun("/stats history games:6", guild, user, 0)
			data := r.Data.(stats.HistoryData)
			var mine []store.PlayedGame
			// What each seat counts toward: the conformance suite's brute
			// force (store.Count's rules, worked out apart).
			for _, g := range storetest.BruteCounts(f.Games) {
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
				if got.ID != g.ID || got.Score != s.Score || got.Place != place || got.Counted != s.Counts.Ranked || !near(got.Skill, s.Lost/float64(s.Decisions)) {
					t.Errorf("%s: recent %d %+v, want game %s score %d place %d", user, i, got, g.ID, s.Score, place)
				}
			}
			// Totals per rule set over the counted games.
			var counted []store.PlayedGame
			for _, p := range mine {
				if p.Game.Seats[p.Seat].Counts.Ranked {
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
					sum.lost += s.Counts.Lost
					sum.decisions += s.Counts.Decisions
					if s.Counts.Score {
						sum.scored++
						sum.score += s.Score
						sum.luck += s.Luck
						best = max(best, s.Score)
					}
					if s.Winner && s.Counts.Win {
						sum.wins++
					}
				}
				if tot.Games != sum.games || tot.Wins != sum.wins || tot.Best != best || !near(tot.AvgScore, sum.avg()) || !near(tot.Skill, sum.skill()) ||
					!near(tot.Luck, sum.luck/float64(max(sum.scored, 1))) {
					t.Errorf("%s in %q: totals %+v, brute force %+v best %d", user, guild, tot, sum, best)
				}
				if tot.Grade != grade.Of(sum.lost, sum.decisions).Key() {
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
				if p.ID != c.Game.ID || p.Score != s.Score || !near(p.Skill, s.Counts.Lost/float64(max(s.Counts.Decisions, 1))) {
					t.Errorf("%s: series %d %+v, want %s", user, i, p, c.Game.ID)
				}
				if s.Counts.Decisions > 0 {
					bestSkill = math.Min(bestSkill, p.Skill)
				}
				luckiest = math.Max(luckiest, s.Luck)
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
					sk[half] += s.Counts.Lost / float64(max(s.Counts.Decisions, 1))
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
	r := f.MustRun("/stats history", guildA, "900000000000000099", 0)
	if !strings.Contains(bot.FormatText(r), "No recorded games of yours here yet.") {
		t.Errorf("no history: %s", bot.FormatText(r))
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
