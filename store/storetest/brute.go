package storetest

import (
	"cmp"
	"slices"
	"time"

	"github.com/alea-bot/alea/store"
)

// tally is one player's sums, counted the plain way.
type tally struct {
	user                                               string
	games, contests, wins, scored, decisions, assisted int
	score                                              int
	lost, luck                                         float64
}

// BruteCounts returns copies of games, recorded in this order, with what
// each seat counts toward (Seat.Counts) by the rules of docs/memory.md,
// worked out plainly here, apart from the store's code:
//
//   - only seats with a user; a chosen seed, the starter of a Yacht game
//     with a seat given by name (a name, no user, not Alea), an orbs grid
//     under 16 cells and a coins game under 6 coins count for nothing;
//   - nor does a player's result of a puzzle when a result of theirs of
//     the same puzzle (kind and name) that counts, recorded before it,
//     ended less than an hour before or after it;
//   - the rest count their unassisted decisions toward skill (and what
//     they lost, when there is one); hand-entered
//     dice count for nothing else; the others' scores count toward the
//     average, and their results toward wins unless a Yacht seat (a
//     table's or a daily challenge's) has no other user at the table.
func BruteCounts(games []store.Game) []store.Game {
	type key struct{ user, kind, puzzle string }
	ends := map[key][]time.Time{} // the counted results' ends
	out := make([]store.Game, len(games))
	for k, g := range games {
		g.Seats = slices.Clone(g.Seats)
		for i := range g.Seats {
			s := &g.Seats[i]
			s.Counts = store.Counts{}
			if s.User == "" {
				continue
			}
			puppets := false
			for _, o := range g.Seats {
				if o.User == "" && o.Name != "" && !o.Alea {
					puppets = true
				}
			}
			small := g.Kind == store.KindOrbs && g.Size < 16 || g.Kind == store.KindCoins && g.Size < 6
			again := false
			kk := key{s.User, g.Kind, g.Puzzle}
			if g.Puzzle != "" {
				for _, e := range ends[kk] {
					if d := g.Ended.Sub(e); d < time.Hour && d > -time.Hour {
						again = true
					}
				}
			}
			switch {
			case g.Chosen:
				s.Counts.Why = store.Chosen
				continue
			case g.Kind == store.KindYacht && puppets && s.Starter:
				s.Counts.Why = store.Puppets
				continue
			case small:
				s.Counts.Why = store.Small
				continue
			case again:
				s.Counts.Why = store.Repeat
				continue
			}
			if g.Puzzle != "" {
				ends[kk] = append(ends[kk], g.Ended)
			}
			s.Counts.Ranked = true
			s.Counts.Decisions = s.Decisions - s.Assisted
			if s.Counts.Decisions < 0 {
				s.Counts.Decisions = 0
			}
			if s.Counts.Decisions > 0 {
				s.Counts.Lost = s.Lost - s.AssistedLost
			}
			if s.Counts.Lost < 0 {
				s.Counts.Lost = 0
			}
			if g.Entered {
				s.Counts.Why = store.Entered
				continue
			}
			s.Counts.Score = true
			others := false
			for j, o := range g.Seats {
				if j != i && o.User != "" && o.User != s.User {
					others = true
				}
			}
			yacht := g.Kind == store.KindYacht || g.Kind == store.KindDaily
			s.Counts.Win = !yacht || others
			if !s.Counts.Win {
				s.Counts.Why = store.NoOpponent
			}
		}
		out[k] = g
	}
	return out
}

// BruteStandings computes the standings straight from the games, recorded
// in this order: what each seat counts toward (BruteCounts), then every
// counted seat of a user in a game of the query's server, kind and rules
// which ended in the window; the players with at least MinGames games
// ranked, the others apart, most games first and then by id.
func BruteStandings(games []store.Game, q store.StandingsQuery) store.Standings {
	return BruteStandingsCounted(BruteCounts(games), q)
}

// BruteStandingsCounted is BruteStandings of games whose counts are
// known (Seat.Counts set: by BruteCounts, or as a store read them back).
func BruteStandingsCounted(games []store.Game, q store.StandingsQuery) store.Standings {
	by := map[string]*tally{}
	for _, g := range games {
		if g.Guild != q.Guild || g.Kind != q.Kind || (q.Rules != "" && g.Rules != q.Rules) {
			continue
		}
		if !q.Since.IsZero() && g.Ended.Before(q.Since) {
			continue
		}
		for _, s := range g.Seats {
			if s.User == "" || !s.Counts.Ranked {
				continue
			}
			t := by[s.User]
			if t == nil {
				t = &tally{user: s.User}
				by[s.User] = t
			}
			t.add(s)
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
	// avgCmp compares averages exactly, as fractions: < 0 when a's is
	// better; players with no scored game last.
	avgCmp := func(a, b *tally) int {
		if (a.scored == 0) != (b.scored == 0) {
			if a.scored == 0 {
				return 1
			}
			return -1
		}
		c := cmp.Compare(b.score*a.scored, a.score*b.scored)
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
	var out store.Standings
	for i, t := range ts {
		if q.Limit > 0 && i == q.Limit {
			break
		}
		out.Ranked = append(out.Ranked, t.line(i+1))
	}
	slices.SortFunc(short, func(a, b *tally) int { return cmp.Or(cmp.Compare(b.games, a.games), cmp.Compare(a.user, b.user)) })
	for _, t := range short {
		out.Unranked = append(out.Unranked, t.line(0))
	}
	return out
}

// add sums a counted seat into t.
func (t *tally) add(s store.Seat) {
	t.games++
	if s.Counts.Win {
		t.contests++
		if s.Winner {
			t.wins++
		}
	}
	if s.Counts.Score {
		t.scored++
		t.score += s.Score
		t.luck += s.Luck
	}
	t.decisions += s.Counts.Decisions
	t.lost += s.Counts.Lost
	t.assisted += s.Assisted
}

// line is t as a line of the standings.
func (t *tally) line(rank int) store.Standing {
	s := store.Standing{Rank: rank, User: t.user, Games: t.games, Contests: t.contests, Wins: t.wins, Scored: t.scored,
		Decisions: t.decisions, Assisted: t.assisted}
	if t.scored > 0 {
		s.AvgScore, s.Luck = float64(t.score)/float64(t.scored), t.luck/float64(t.scored)
	}
	if t.decisions > 0 {
		s.Skill = t.lost / float64(t.decisions)
	}
	return s
}

// played is a game a user sat in, and their seat.
type played struct {
	g    store.Game
	seat int
}

// bruteHistory computes a player's history straight from the games,
// whose counts are known (BruteCounts).
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
		s := p.g.Seats[p.seat]
		if !s.Counts.Ranked {
			continue
		}
		counted = append(counted, p)
		k := key{p.g.Kind, p.g.Rules}
		t, m := totals[k], sums[k]
		if t == nil {
			t, m = &store.Totals{Kind: k.kind, Rules: k.rules}, &tally{}
			totals[k], sums[k] = t, m
		}
		if s.Counts.Score && (m.scored == 0 || p.g.Kind == store.KindOrbs && s.Score < t.Best || p.g.Kind != store.KindOrbs && s.Score > t.Best) {
			t.Best = s.Score
		}
		m.add(s)
	}
	for k, t := range totals {
		l := sums[k].line(0)
		t.Games, t.Contests, t.Wins, t.Scored, t.AvgScore = l.Games, l.Contests, l.Wins, l.Scored, l.AvgScore
		t.Decisions, t.Skill, t.Assisted, t.Luck = l.Decisions, l.Skill, l.Assisted, l.Luck
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
			Score: s.Score, Lost: s.Counts.Lost, Luck: s.Luck, Decisions: s.Counts.Decisions, Winner: s.Winner && s.Counts.Win,
			Scored: s.Counts.Score})
	}
	return h
}

// sinceTimes are windows to try: all time, whole days, mid-day instants.
func sinceTimes() []time.Time {
	return []time.Time{{}, epoch, epoch.AddDate(0, 0, 7), epoch.AddDate(0, 0, 20).Add(13*time.Hour + 7*time.Minute + 3*time.Microsecond),
		epoch.AddDate(0, 0, 33).Add(-time.Microsecond), epoch.AddDate(0, 0, 39).Add(23 * time.Hour), epoch.AddDate(0, 0, 41)}
}
