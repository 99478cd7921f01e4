package storetest

import (
	"cmp"
	"slices"
	"time"

	"github.com/alea-bot/alea/store"
)

// tally is one player's sums, counted the plain way.
type tally struct {
	user                   string
	games, wins, decisions int
	score                  int
	lost, luck             float64
}

// BruteStandings computes the standings straight from the games: every
// seat a user played in a game of the query's server, kind and rules,
// whose seed was not chosen and which ended in the window; the players
// with at least MinGames games ranked, the others apart, most games first
// and then by id.
func BruteStandings(games []store.Game, q store.StandingsQuery) store.Standings {
	by := map[string]*tally{}
	for _, g := range games {
		if g.Chosen || g.Guild != q.Guild || g.Kind != q.Kind || (q.Rules != "" && g.Rules != q.Rules) {
			continue
		}
		if !q.Since.IsZero() && g.Ended.Before(q.Since) {
			continue
		}
		for _, s := range g.Seats {
			if s.User == "" {
				continue
			}
			t := by[s.User]
			if t == nil {
				t = &tally{user: s.User}
				by[s.User] = t
			}
			t.games++
			if s.Winner {
				t.wins++
			}
			t.score += s.Score
			t.lost += s.Lost
			t.luck += s.Luck
			t.decisions += s.Decisions
		}
	}
	var ts, short []*tally
	for _, t := range by {
		if t.games >= q.MinGames {
			ts = append(ts, t)
		} else {
			short = append(short, t)
		}
	}
	lower := q.Kind == store.KindOrbs
	// avgCmp compares averages exactly, as fractions: < 0 when a's is better.
	avgCmp := func(a, b *tally) int {
		c := cmp.Compare(b.score*a.games, a.score*b.games)
		if lower {
			c = -c
		}
		return c
	}
	skillCmp := func(a, b *tally) int {
		if (a.decisions == 0) != (b.decisions == 0) {
			if a.decisions == 0 {
				return 1
			}
			return -1
		}
		if a.decisions == 0 {
			return 0
		}
		return cmp.Compare(a.lost/float64(a.decisions), b.lost/float64(b.decisions))
	}
	winsCmp := func(a, b *tally) int { return cmp.Compare(b.wins, a.wins) }
	keys := map[store.Ranking][]func(a, b *tally) int{
		store.ByWins:    {winsCmp, avgCmp, skillCmp},
		store.ByAverage: {avgCmp, winsCmp, skillCmp},
		store.BySkill:   {skillCmp, avgCmp, winsCmp},
		"":              {winsCmp, avgCmp, skillCmp},
	}[q.By]
	slices.SortFunc(ts, func(a, b *tally) int {
		for _, k := range keys {
			if c := k(a, b); c != 0 {
				return c
			}
		}
		return cmp.Or(cmp.Compare(a.games, b.games), cmp.Compare(a.user, b.user))
	})
	line := func(t *tally, rank int) store.Standing {
		s := store.Standing{Rank: rank, User: t.user, Games: t.games, Wins: t.wins, Decisions: t.decisions,
			AvgScore: float64(t.score) / float64(t.games), Luck: t.luck / float64(t.games)}
		if t.decisions > 0 {
			s.Skill = t.lost / float64(t.decisions)
		}
		return s
	}
	var out store.Standings
	for i, t := range ts {
		if q.Limit > 0 && i == q.Limit {
			break
		}
		out.Ranked = append(out.Ranked, line(t, i+1))
	}
	slices.SortFunc(short, func(a, b *tally) int { return cmp.Or(cmp.Compare(b.games, a.games), cmp.Compare(a.user, b.user)) })
	for _, t := range short {
		out.Unranked = append(out.Unranked, line(t, 0))
	}
	return out
}

// played is a game a user sat in, and their seat.
type played struct {
	g    store.Game
	seat int
}

// bruteHistory computes a player's history straight from the games.
func bruteHistory(games []store.Game, q store.HistoryQuery) store.PlayerHistory {
	var ps []played
	for _, g := range games {
		if q.Guild != "" && g.Guild != q.Guild {
			continue
		}
		for i, s := range g.Seats {
			if s.User == q.User {
				ps = append(ps, played{g, i})
			}
		}
	}
	// Newest first; ties by game id, descending.
	slices.SortFunc(ps, func(a, b played) int {
		return cmp.Or(b.g.Ended.Compare(a.g.Ended), cmp.Compare(b.g.ID, a.g.ID))
	})
	var h store.PlayerHistory
	for i, p := range ps {
		if i == q.Limit {
			break
		}
		h.Games = append(h.Games, store.PlayedGame{Game: p.g, Seat: p.seat})
	}
	type key struct{ kind, rules string }
	totals := map[key]*store.Totals{}
	sums := map[key]*tally{}
	var counted []played
	for _, p := range ps {
		if p.g.Chosen {
			continue
		}
		counted = append(counted, p)
		k := key{p.g.Kind, p.g.Rules}
		s := p.g.Seats[p.seat]
		t, m := totals[k], sums[k]
		if t == nil {
			t, m = &store.Totals{Kind: k.kind, Rules: k.rules, Best: s.Score}, &tally{}
			totals[k], sums[k] = t, m
		}
		m.games++
		if s.Winner {
			m.wins++
		}
		m.score += s.Score
		m.lost += s.Lost
		m.luck += s.Luck
		m.decisions += s.Decisions
		if (p.g.Kind == store.KindOrbs && s.Score < t.Best) || (p.g.Kind != store.KindOrbs && s.Score > t.Best) {
			t.Best = s.Score
		}
	}
	for k, t := range totals {
		m := sums[k]
		t.Games, t.Wins, t.Decisions = m.games, m.wins, m.decisions
		t.AvgScore, t.Luck = float64(m.score)/float64(m.games), m.luck/float64(m.games)
		if m.decisions > 0 {
			t.Skill = m.lost / float64(m.decisions)
		}
		h.Totals = append(h.Totals, *t)
	}
	slices.SortFunc(h.Totals, func(a, b store.Totals) int {
		return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Rules, b.Rules))
	})
	if len(counted) > q.Series {
		counted = counted[:q.Series]
	}
	for i := len(counted) - 1; i >= 0; i-- {
		p := counted[i]
		s := p.g.Seats[p.seat]
		h.Series = append(h.Series, store.Point{GameID: p.g.ID, Ended: p.g.Ended, Kind: p.g.Kind, Rules: p.g.Rules,
			Score: s.Score, Lost: s.Lost, Luck: s.Luck, Decisions: s.Decisions, Winner: s.Winner})
	}
	return h
}

// sinceTimes are windows to try: all time, whole days, mid-day instants.
func sinceTimes() []time.Time {
	return []time.Time{{}, epoch, epoch.AddDate(0, 0, 7), epoch.AddDate(0, 0, 20).Add(13*time.Hour + 7*time.Minute + 3*time.Microsecond),
		epoch.AddDate(0, 0, 33).Add(-time.Microsecond), epoch.AddDate(0, 0, 39).Add(23 * time.Hour), epoch.AddDate(0, 0, 41)}
}
