// Package recordstest gives the tests of the commands that read Alea's
// records (/stats, /review) their games and a harness over a real SQLite
// store holding them.
package recordstest

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// Users, servers and the clock of the recorded games. User ids are long,
// as Discord's are, so that a search for one in a file finds only it.
var (
	Users  = []string{"900000000000000001", "900000000000000002", "900000000000000003", "900000000000000004", "900000000000000005", "900000000000000006"}
	Guilds = []string{GuildA, GuildB, ""}
	// Now is a Thursday; the games end over the 60 days before it.
	Now   = time.Date(2026, 11, 19, 15, 30, 0, 0, time.UTC)
	Start = Now.AddDate(0, 0, -60)
)

// The two servers of the games, and the permission of their admins.
const (
	GuildA = "700000000000000001"
	GuildB = "700000000000000002"
	Admin  = commands.PermManageGuild
)

// Games makes n finished Yacht games, each ending at its own minute:
// one to four seats of users, a named seat or Alea, every tenth game with
// a chosen seed and some with dice entered by hand, costly decisions
// whose losses sum to each seat's Lost; some users' seats took some
// decisions with advice, some are their game's starter.
func Games(n int, seed uint64) []store.Game {
	rng := rand.New(rand.NewPCG(seed, 7))
	minutes := rng.Perm(60 * 24 * 60)[:n]
	var out []store.Game
	for i := 0; i < n; i++ {
		ended := Start.Add(time.Duration(minutes[i]) * time.Minute)
		g := store.Game{ID: fmt.Sprintf("G%04dX", i), Kind: store.KindYacht, Guild: Guilds[rng.IntN(len(Guilds))],
			Channel: "800000000000000001", Rules: []string{"yacht", "yatzy"}[rng.IntN(2)], Seed: rng.Uint64() >> 1,
			Chosen: rng.IntN(10) == 0, Started: ended.Add(-20 * time.Minute), Ended: ended}
		g.Entered = !g.Chosen && rng.IntN(12) == 0
		seats := 1 + rng.IntN(4)
		perm := rng.Perm(len(Users))
		for s := 0; s < seats; s++ {
			st := store.Seat{Score: 120 + rng.IntN(180), Decisions: 30 + rng.IntN(10), Luck: float64(rng.IntN(6001)-3000) / 100}
			switch r := rng.IntN(8); {
			case r == 0:
				st.Name = "Ann"
			case r == 1:
				st.Alea = true
			default:
				st.User = Users[perm[s]]
				st.Starter = s == 0 && rng.IntN(3) == 0
			}
			if !st.Alea {
				lost := rng.IntN(4000)
				st.Lost = float64(lost) / 100
				if st.User != "" && rng.IntN(4) == 0 {
					st.Assisted = rng.IntN(st.Decisions + 1)
					st.AssistedLost = float64(rng.IntN(lost+1)) / 100
					st.Hints = st.Assisted > 0
				}
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

// Fixture is a real SQLite store holding Games(n, 1) and a harness over
// commands reading it.
type Fixture struct {
	T     *testing.T
	Store store.Store
	Games []store.Game
	H     *bottest.Harness
}

// New records Games(n, 1) in a fresh SQLite store and returns a harness
// over the commands cmds makes with that store and the clock Now.
func New(t *testing.T, n int, cmds func(st store.Store, now func() time.Time) []*commands.Command) *Fixture {
	t.Helper()
	f := &Fixture{T: t, Store: storetest.SQLite(t), Games: Games(n, 1)}
	for _, g := range f.Games {
		if ok, err := f.Store.Record(context.Background(), g); err != nil || !ok {
			t.Fatalf("record %s: %v %v", g.ID, ok, err)
		}
	}
	f.H = bottest.New(t, cmds(f.Store, func() time.Time { return Now })...)
	return f
}

// Run runs a slash line as user in guild with the permissions.
func (f *Fixture) Run(line, guild, user string, perms int64) (*commands.Reply, bot.Outcome) {
	f.T.Helper()
	req, err := runner.SlashRequest(f.H.Registry, line, f.H.Locale)
	if err != nil {
		f.T.Fatalf("%s: %v", line, err)
	}
	req.GuildID, req.UserID, req.Permissions = guild, user, perms
	return f.H.Do(req)
}

// MustRun runs a slash line and fails the test unless it was answered.
func (f *Fixture) MustRun(line, guild, user string, perms int64) *commands.Reply {
	f.T.Helper()
	r, out := f.Run(line, guild, user, perms)
	if out != bot.OK {
		f.T.Fatalf("%s: outcome %s: %s", line, out, bot.FormatText(r))
	}
	return r
}

// Click presses a button as user in guild.
func (f *Fixture) Click(customID, guild, user string, perms int64) (*commands.Reply, bot.Outcome) {
	f.T.Helper()
	return f.H.Do(&commands.Request{Kind: commands.KindComponent, CustomID: customID, GuildID: guild, UserID: user, Permissions: perms})
}

// Near reports whether two means agree within a rounding.
func Near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b)) }
