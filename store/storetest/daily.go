package storetest

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/alea-bot/alea/store"
)

// Dailies are the daily challenges of a few players over a few weeks: the
// official attempts as they were claimed, and the games recorded, some of
// them practice and some attempts never finished.
type Dailies struct {
	// Claims are the official attempts, as ClaimDaily keeps them.
	Claims []store.DailyAttempt
	// Games are the finished games to record: the official attempts'
	// (not every claim has one) and practice games (Chosen).
	Games []store.Game
	// Public names the players who chose to be named on the
	// deployment-wide board.
	Public map[string]string
	// Guilds, Rules, Users and the span of days the dailies cover.
	Guilds, Rules, Users []string
	FirstDay, Days       int
}

// dailyEpoch is the first day of the generated dailies.
var dailyEpoch = time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC) // a Monday

// unixDay is t's UTC date in days since 1970-01-01.
func unixDay(t time.Time) int { return int(t.Unix() / 86400) }

// NewDailies draws random dailies from seed: scores and losses from small
// ranges, so that ties are common and the tie-breaks are exercised.
func NewDailies(seed uint64) *Dailies {
	r := rand.New(rand.NewPCG(seed, 0xda11))
	d := &Dailies{Public: map[string]string{}, Guilds: []string{"g1", "g2", ""}, Rules: []string{"yacht", "yatzy"},
		FirstDay: unixDay(dailyEpoch), Days: 24}
	for i := range 12 {
		u := fmt.Sprintf("d%02d", i)
		d.Users = append(d.Users, u)
		if i%3 == 0 {
			d.Public[u] = fmt.Sprintf("Player %d", i)
		}
	}
	n := 0
	for day := d.FirstDay; day < d.FirstDay+d.Days; day++ {
		for _, u := range d.Users {
			for _, rules := range d.Rules {
				if r.IntN(3) == 0 {
					continue // not played that day
				}
				n++
				start := time.Unix(int64(day)*86400, 0).UTC().Add(time.Duration(r.IntN(24*60)) * time.Minute)
				id := fmt.Sprintf("daily-%05d", n)
				d.Claims = append(d.Claims, store.DailyAttempt{User: u, Rules: rules, Day: day, Game: id, Started: start})
				g := dailyGame(r, id, u, rules, day, d.Guilds[r.IntN(len(d.Guilds))], start)
				if r.IntN(8) > 0 { // some attempts are never finished
					d.Games = append(d.Games, g)
				}
				if r.IntN(4) == 0 { // practice of the same challenge
					p := dailyGame(r, id+"-practice", u, rules, day, d.Guilds[r.IntN(len(d.Guilds))], start.Add(time.Hour))
					p.Chosen = true
					d.Games = append(d.Games, p)
				}
			}
		}
	}
	// Under the ids of two attempts never finished, a Yacht table's game
	// and another player's daily: neither is a result.
	recorded := map[string]bool{}
	for _, g := range d.Games {
		recorded[g.ID] = true
	}
	var strays int
	for _, c := range d.Claims {
		if recorded[c.Game] || strays == 2 {
			continue
		}
		g := dailyGame(r, c.Game, c.User, c.Rules, c.Day, "g1", c.Started)
		if strays == 0 {
			g.Kind = store.KindYacht
		} else {
			g.Seats[0].User = d.Users[(slices.Index(d.Users, c.User)+1)%len(d.Users)]
		}
		d.Games = append(d.Games, g)
		strays++
	}
	return d
}

// dailyGame is a finished daily: one seat, the day as its seed, a loss in
// hundredths, one in ten with decisions taken on advice asked elsewhere.
// It ends up to three hours after its start, past midnight for a
// late-night player: the day is the challenge's, not the end's.
func dailyGame(r *rand.Rand, id, user, rules string, day int, guild string, start time.Time) store.Game {
	score := 150 + 10*r.IntN(6)
	lost := float64(r.IntN(6)*50) / 100 // 0.00 to 2.50 in halves: many ties
	g := store.Game{ID: id, Kind: store.KindDaily, Guild: guild, Channel: "c", Rules: rules, Seed: uint64(day),
		Started: start, Ended: start.Add(time.Duration(1+r.IntN(180)) * time.Minute),
		Seats: []store.Seat{{User: user, Score: score, Lost: lost, Decisions: 30 + r.IntN(7), Luck: float64(r.IntN(64)) / 8}}}
	if s := &g.Seats[0]; r.IntN(10) == 0 { // advice asked elsewhere: kept, never ranked
		s.Assisted = 1 + r.IntN(s.Decisions)
		s.AssistedLost, s.Hints = float64(r.IntN(int(s.Lost*4)+1))/4, true
	}
	return g
}

// dailyResult is an official attempt's result as the games give it.
type dailyResult struct {
	user, guild string
	score       int
	lost        int64 // hundredths
}

// resultQuery is a board's query, and whether its results include the
// assisted ones (which no board ranks).
type resultQuery struct {
	store.DailyBoardQuery
	withAssisted bool
}

// results joins the claims and the recorded games the plain way: a claim
// has a result when a game recorded under its id is a daily of its rule
// set, not practice, whose first seat is its player (and took no advice,
// unless q asks for those too).
func results(claims []store.DailyAttempt, games []store.Game, q resultQuery) []dailyResult {
	byID := map[string]store.Game{}
	for _, g := range games {
		byID[g.ID] = g
	}
	var out []dailyResult
	for _, c := range claims {
		g, ok := byID[c.Game]
		if !ok || g.Kind != store.KindDaily || g.Chosen || g.Rules != c.Rules || g.Seats[0].User != c.User || g.Seats[0].Assisted > 0 && !q.withAssisted {
			continue
		}
		from, to := q.Day, q.Day
		if q.Week {
			// Weeks run Monday to Sunday; 1970-01-05 was a Monday.
			from = q.Day - ((q.Day-4)%7+7)%7
			to = from + 6
		}
		if c.Rules != q.Rules || c.Day < from || c.Day > to || !q.Everyone && g.Guild != q.Guild {
			continue
		}
		out = append(out, dailyResult{c.User, g.Guild, g.Seats[0].Score, int64(math.Round(g.Seats[0].Lost * 100))})
	}
	return out
}

// BruteDailyBoard ranks a daily board straight from the claims and the
// recorded games (public names the players named on the
// deployment-wide board): per player the count, the mean loss and mean
// score, ranked by the mean loss, then the mean score, then more dailies,
// then the user id, the means compared as exact fractions.
func BruteDailyBoard(claims []store.DailyAttempt, games []store.Game, public map[string]string, q store.DailyBoardQuery) store.DailyBoard {
	type tally struct {
		user           string
		n, score, lost int64
	}
	by := map[string]*tally{}
	for _, r := range results(claims, games, resultQuery{DailyBoardQuery: q}) {
		t := by[r.user]
		if t == nil {
			t = &tally{user: r.user}
			by[r.user] = t
		}
		t.n++
		t.score += int64(r.score)
		t.lost += r.lost
	}
	var ts []*tally
	for _, t := range by {
		if t.n >= int64(max(q.MinDailies, 1)) {
			ts = append(ts, t)
		}
	}
	slices.SortFunc(ts, func(a, b *tally) int {
		return cmp.Or(cmp.Compare(a.lost*b.n, b.lost*a.n), cmp.Compare(b.score*a.n, a.score*b.n), cmp.Compare(b.n, a.n), cmp.Compare(a.user, b.user))
	})
	line := func(i int) store.DailyLine {
		t := ts[i]
		name, public := public[t.user]
		return store.DailyLine{Rank: i + 1, User: t.user, Public: public, Name: name, Dailies: int(t.n),
			Lost: float64(t.lost) / 100 / float64(t.n), Score: float64(t.score) / float64(t.n)}
	}
	out := store.DailyBoard{Players: len(ts)}
	for i := range ts {
		if q.Limit <= 0 || i < q.Limit {
			out.Lines = append(out.Lines, line(i))
		}
		if ts[i].user == q.User {
			l := line(i)
			out.Mine = &l
		}
	}
	return out
}

// bruteAttempts is a player's attempts with their results, from the
// claims and the games, by day then rule set.
func bruteAttempts(claims []store.DailyAttempt, games []store.Game, user string) []store.DailyAttempt {
	var out []store.DailyAttempt
	for _, c := range claims {
		if c.User != user {
			continue
		}
		a := c
		for _, r := range results([]store.DailyAttempt{c}, games, resultQuery{store.DailyBoardQuery{Rules: c.Rules, Day: c.Day, Everyone: true}, true}) {
			a.Done, a.Guild, a.Score, a.Lost = true, r.guild, r.score, float64(r.lost)/100
			for _, g := range games {
				if g.ID == c.Game {
					a.Decisions, a.Assisted = g.Seats[0].Decisions, g.Seats[0].Assisted > 0
				}
			}
		}
		out = append(out, a)
	}
	slices.SortFunc(out, func(a, b store.DailyAttempt) int {
		return cmp.Or(cmp.Compare(a.Day, b.Day), cmp.Compare(a.Rules, b.Rules))
	})
	return out
}
