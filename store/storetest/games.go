// Package storetest is the conformance suite every store backend passes,
// with the random games it checks them on and a PostgreSQL server for the
// tests.
package storetest

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/alea-bot/alea/store"
)

// epoch is when the generated games start (a whole UTC day).
var epoch = time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)

// Generator makes random finished games from a seeded PRNG. Losses and
// luck are multiples of 1/64, so that sums are exact in any order.
type Generator struct {
	rng    *rand.Rand
	Guilds []string
	Users  []string
	Rules  map[string][]string // kind → rule sets
	// Days spreads the games' ends over this many days from the epoch.
	Days int
	n    int
	// solo are orbs and coins games made so far, some of which the next
	// ones play again within the hour.
	solo []store.Game
}

// NewGenerator returns a generator of games in a few servers among a
// few users.
func NewGenerator(seed uint64) *Generator {
	g := &Generator{rng: rand.New(rand.NewPCG(seed, 0x5eed)), Days: 40,
		Guilds: []string{"g1", "g2", "g3", ""},
		Rules:  map[string][]string{store.KindYacht: {"yacht", "yatzy"}, store.KindOrbs: {"5x5"}, store.KindCoins: {"bw"}}}
	for i := range 14 {
		g.Users = append(g.Users, fmt.Sprintf("u%02d", i))
	}
	return g
}

// Game returns the next random game.
func (g *Generator) Game() store.Game {
	r := g.rng
	g.n++
	kinds := []string{store.KindYacht, store.KindYacht, store.KindYacht, store.KindOrbs, store.KindCoins}
	kind := kinds[r.IntN(len(kinds))]
	rules := g.Rules[kind][r.IntN(len(g.Rules[kind]))]
	ended := epoch.Add(time.Duration(r.Int64N(int64(g.Days)*int64(24*time.Hour)/1000)) * time.Microsecond * 1000)
	if r.IntN(8) == 0 { // some exactly at midnight, the rollups' edge
		ended = epoch.AddDate(0, 0, r.IntN(g.Days))
	}
	gm := store.Game{
		ID: fmt.Sprintf("game-%05d-%x", g.n, r.Uint32()), Kind: kind, Guild: g.Guilds[r.IntN(len(g.Guilds))],
		Channel: fmt.Sprintf("c%d", r.IntN(3)), Rules: rules, Seed: r.Uint64(), Chosen: r.IntN(10) == 0,
		Started: ended.Add(-time.Duration(1+r.IntN(3600)) * time.Second), Ended: ended,
	}
	gm.Entered = kind == store.KindYacht && !gm.Chosen && r.IntN(8) == 0
	seats := 1 + r.IntN(4)
	if kind != store.KindYacht {
		seats = 1 // orbs and coins are solo (coins against the bot)
		gm.Size = 1 + r.IntN(30)
		gm.Puzzle = fmt.Sprintf("p%d", r.IntN(4))
	}
	perm := r.Perm(len(g.Users))
	var again *store.Game
	if kind != store.KindYacht && len(g.solo) > 0 && r.IntN(3) == 0 {
		// The same player plays a puzzle again, within two hours.
		again = &g.solo[r.IntN(len(g.solo))]
		gm.Kind, gm.Rules, gm.Puzzle, gm.Size, gm.Guild = again.Kind, again.Rules, again.Puzzle, again.Size, again.Guild
		gm.Ended = again.Ended.Add(time.Duration(r.IntN(240)-120) * time.Minute)
		gm.Started = gm.Ended.Add(-time.Minute)
		kind = gm.Kind
	}
	best := -1
	for i := range seats {
		st := store.Seat{Score: r.IntN(300), Lost: float64(r.IntN(2000)) / 64, Luck: float64(r.IntN(4000)-2000) / 64,
			Decisions: r.IntN(40), PlayedFor: r.IntN(2)}
		switch k := r.IntN(10); {
		case k == 0:
			st.Alea = true
		case k == 1:
			st.Name = fmt.Sprintf("Guest %d", i)
		default:
			st.User = g.Users[perm[i]]
			st.Starter = i == 0 && r.IntN(2) == 0
		}
		switch kind {
		case store.KindOrbs:
			st.Score, st.Decisions = 5+r.IntN(20), 0
		case store.KindCoins:
			st.Score, st.Lost, st.Luck, st.Decisions = r.IntN(2), 0, 0, 0
		}
		if r.IntN(12) == 0 {
			st.Decisions = 0
		}
		if kind == store.KindYacht && st.User != "" && r.IntN(3) == 0 {
			// Some decisions took advice (all of them, now and then).
			st.Assisted = r.IntN(st.Decisions + 1)
			st.AssistedLost = float64(r.IntN(int(st.Lost*64)+1)) / 64
			if r.IntN(4) == 0 {
				st.Assisted, st.AssistedLost = st.Decisions, st.Lost
			}
			st.Hints = st.Assisted > 0
		}
		if again != nil {
			st.User, st.Name, st.Alea = again.Seats[0].User, again.Seats[0].Name, again.Seats[0].Alea
		}
		gm.Seats = append(gm.Seats, st)
		best = max(best, st.Score)
	}
	if kind != store.KindYacht {
		g.solo = append(g.solo, gm)
	}
	for i := range gm.Seats {
		gm.Seats[i].Winner = gm.Seats[i].Score == best
		if kind == store.KindCoins {
			gm.Seats[i].Winner = gm.Seats[i].Score == 1
		}
	}
	if kind == store.KindYacht && r.IntN(4) == 0 {
		for i := range 1 + r.IntN(6) {
			gm.Decisions = append(gm.Decisions, store.Decision{Seat: r.IntN(seats), Turn: 1 + i/3, Roll: 1 + i%3,
				Dice: "12356", Chosen: "35", Best: "5", Loss: float64(r.IntN(100)) / 64})
		}
	}
	return gm
}
