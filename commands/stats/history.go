package stats

import (
	"context"
	"math"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/grade"
	"github.com/alea-bot/alea/commands/records"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/store"
)

// seriesLength is how many games the history chart shows.
const seriesLength = 50

// HistoryData is the data output of /stats history.
type HistoryData struct {
	User string `json:"user"`
	// Guild is the server the history covers ("" outside a server: every
	// server).
	Guild  string        `json:"guild"`
	Totals []TotalsRow   `json:"totals"`
	Recent []RecentGame  `json:"recent"`
	Series []SeriesPoint `json:"series"`
	// Bests are the personal bests of the counted Yacht games.
	Bests Bests `json:"bests"`
	// Other sums the solved /orbs puzzles and the /coins games against
	// Alea, per kind and rule set.
	Other []OtherRow `json:"other"`
}

// OtherRow sums the player's games of one kind other than Yacht and one
// rule set: for orbs (rules: the size, "5x5") the puzzles solved, those
// solved in the fewest presses (wins), the mean presses and the fewest;
// for coins (rules: "bw-" and the bot's kind) the games and those won.
type OtherRow struct {
	Kind     string  `json:"kind"`
	Rules    string  `json:"rules"`
	Games    int     `json:"games"`
	Wins     int     `json:"wins"`
	AvgScore float64 `json:"avg_score"`
	Best     int     `json:"best"`
}

// TotalsRow sums the player's counted games of one rule set, as they
// count (StandingRow's fields).
type TotalsRow struct {
	Rules     string  `json:"rules"`
	Games     int     `json:"games"`
	Contests  int     `json:"contests"`
	Wins      int     `json:"wins"`
	Scored    int     `json:"scored"`
	AvgScore  float64 `json:"avg_score"`
	Best      int     `json:"best"`
	Decisions int     `json:"decisions"`
	Assisted  int     `json:"assisted"`
	Skill     float64 `json:"skill"`
	Luck      float64 `json:"luck"`
	Grade     string  `json:"grade"`
}

// RecentGame is one of the player's recent games.
type RecentGame struct {
	ID      string  `json:"id"`
	Ended   string  `json:"ended"` // RFC 3339, UTC
	Rules   string  `json:"rules"`
	Score   int     `json:"score"`
	Place   int     `json:"place"` // 1 for a winner
	Seats   int     `json:"seats"`
	Skill   float64 `json:"skill"`
	Luck    float64 `json:"luck"`
	Counted bool    `json:"counted"` // false when the game counts toward no standing (store.Counts.Ranked)
}

// SeriesPoint is one game of the chart, oldest first.
type SeriesPoint struct {
	ID    string  `json:"id"`
	Rules string  `json:"rules"`
	Score int     `json:"score"`
	Skill float64 `json:"skill"`
	Luck  float64 `json:"luck"`
}

// Bests are a player's personal bests.
type Bests struct {
	// Score is the best score per rule set.
	Score map[string]int `json:"score"`
	// Skill is the game with the fewest points lost per decision, Luck
	// the luckiest ("" when there is none).
	SkillGame  string  `json:"skill_game,omitempty"`
	SkillValue float64 `json:"skill_value"`
	LuckGame   string  `json:"luck_game,omitempty"`
	LuckValue  float64 `json:"luck_value"`
}

// historyView is the data view of a history (step three): the data
// output, and beside it the name of the player it belongs to.
type historyView struct {
	HistoryData
	userName string
}

// history answers /stats history: the asker's own games (in this server,
// or everywhere in a DM). Parse (Coerce has checked the count), query,
// data view, render.
func (d Deps) history(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	q := store.HistoryQuery{User: req.UserID, Guild: req.GuildID, Limit: int(req.Options.Int("games", recentDefault)), Series: seriesLength}
	h, err := d.Store.History(ctx, q)
	if err != nil {
		return records.StoreError(req.Locale, err)
	}
	return historyReply(req.Locale, historyViewOf(q, req.UserName, h))
}

// historyViewOf is the data view of a player's history from the store.
func historyViewOf(q store.HistoryQuery, userName string, h store.PlayerHistory) historyView {
	data := HistoryData{User: q.User, Guild: q.Guild, Totals: []TotalsRow{}, Recent: []RecentGame{}, Series: []SeriesPoint{},
		Bests: Bests{Score: map[string]int{}}, Other: []OtherRow{}}
	for _, t := range h.Totals {
		if t.Kind == store.KindOrbs || t.Kind == store.KindCoins {
			data.Other = append(data.Other, OtherRow{Kind: t.Kind, Rules: t.Rules, Games: t.Games, Wins: t.Wins, AvgScore: t.AvgScore, Best: t.Best})
		}
		if t.Kind != store.KindYacht {
			continue
		}
		data.Totals = append(data.Totals, TotalsRow{Rules: t.Rules, Games: t.Games, Contests: t.Contests, Wins: t.Wins, Scored: t.Scored,
			AvgScore: t.AvgScore, Best: t.Best, Decisions: t.Decisions, Assisted: t.Assisted, Skill: t.Skill, Luck: t.Luck,
			Grade: grade.Of(t.Skill*float64(t.Decisions), t.Decisions).Key()})
		data.Bests.Score[t.Rules] = t.Best
	}
	for _, pg := range h.Games {
		if pg.Game.Kind != store.KindYacht || pg.Seat < 0 || pg.Seat >= len(pg.Game.Seats) {
			continue
		}
		s := pg.Game.Seats[pg.Seat]
		data.Recent = append(data.Recent, RecentGame{ID: pg.Game.ID, Ended: pg.Game.Ended.UTC().Format(time.RFC3339), Rules: pg.Game.Rules,
			Score: s.Score, Place: place(pg.Game.Seats, pg.Seat), Seats: len(pg.Game.Seats), Skill: grade.PerDecision(s.Lost, s.Decisions),
			Luck: s.Luck, Counted: s.Counts.Ranked})
	}
	bestSkill, bestLuck := math.Inf(1), math.Inf(-1)
	for _, p := range h.Series {
		if p.Kind != store.KindYacht {
			continue
		}
		sk := grade.PerDecision(p.Lost, p.Decisions)
		data.Series = append(data.Series, SeriesPoint{ID: p.GameID, Rules: p.Rules, Score: p.Score, Skill: sk, Luck: p.Luck})
		if p.Decisions > 0 && sk < bestSkill {
			bestSkill, data.Bests.SkillGame, data.Bests.SkillValue = sk, p.GameID, sk
		}
		if p.Luck > bestLuck {
			bestLuck, data.Bests.LuckGame, data.Bests.LuckValue = p.Luck, p.GameID, p.Luck
		}
	}
	return historyView{HistoryData: data, userName: userName}
}

// historyReply writes the reply of a history (step four): the lead line
// of the rule set most played and the trend, the totals, the recent games
// with a Review button each for the newest, the orbs and coins, the
// bests, and the chart.
func historyReply(l commands.Locale, v historyView) (*commands.Reply, error) {
	data := v.HistoryData
	e := commands.Embed{Title: msgHistoryTitle.Format(l, v.userName), Color: records.Colour}
	if v.userName == "" {
		e.Title = msgHistoryTitleAnon.In(l)
	}
	if len(data.Totals) == 0 && len(data.Recent) == 0 {
		e.Description = msgNoHistory.In(l)
		if len(data.Other) > 0 {
			e.Description = msgNoYachtYet.In(l)
			e.Fields = append(e.Fields, otherField(l, data.Other))
		}
		return &commands.Reply{Embeds: []commands.Embed{e}, Ephemeral: true, Data: data}, nil
	}
	var desc []string
	if len(data.Totals) > 0 {
		main := data.Totals[0]
		for _, t := range data.Totals[1:] {
			if t.Games > main.Games {
				main = t
			}
		}
		g := grade.Of(main.Skill*float64(main.Decisions), main.Decisions)
		desc = append(desc, msgHistoryLead.Format(l, main.Games, yachtwords.RulesName(l, main.Rules), main.Wins, main.AvgScore, main.Skill, g.Name(l)))
	} else {
		desc = append(desc, msgOnlyUncounted.In(l))
	}
	if trend := trendLine(l, data.Series); trend != "" {
		desc = append(desc, trend)
	}
	e.Description = strings.Join(desc, "\n")
	if len(data.Totals) > 0 {
		rows := make([]string, 0, len(data.Totals))
		for _, t := range data.Totals {
			row := msgTotalsRow.Format(l, yachtwords.RulesName(l, t.Rules), t.Games, t.Wins, t.AvgScore, t.Best, t.Skill, records.Signed(t.Luck))
			if t.Assisted > 0 {
				row += msgAssistedLeftOut.Format(l, t.Assisted)
			}
			rows = append(rows, row)
		}
		e.Fields = append(e.Fields, commands.Field{Name: msgTotalsField.In(l), Value: commands.JoinLines(rows, commands.MaxFieldValue)})
	}
	if len(data.Recent) > 0 {
		rows := make([]string, 0, len(data.Recent))
		for _, g := range data.Recent {
			ended, _ := time.Parse(time.RFC3339, g.Ended)
			row := msgRecentRow.Format(l, records.Day(ended), yachtwords.RulesName(l, g.Rules), g.Score, g.Place, g.Seats, g.Skill, records.Signed(g.Luck), g.ID)
			if !g.Counted {
				row += msgNotCounted.In(l)
			}
			rows = append(rows, row)
		}
		e.Fields = append(e.Fields, commands.Field{Name: msgRecentField.In(l), Value: commands.JoinLines(rows, commands.MaxFieldValue)})
	}
	if len(data.Other) > 0 {
		e.Fields = append(e.Fields, otherField(l, data.Other))
	}
	if data.Bests.SkillGame != "" {
		e.Fields = append(e.Fields, commands.Field{Name: msgBestsField.In(l),
			Value: commands.Sentences(l, msgBestSkill.Format(l, data.Bests.SkillValue, data.Bests.SkillGame), luckLine(l, data.Bests.LuckValue, data.Bests.LuckGame))})
	}
	reply := &commands.Reply{Data: data}
	notes := []string{msgHistoryHow.In(l)}
	if len(data.Series) >= 2 {
		png, err := drawHistory(l, data.Series)
		if err != nil {
			return nil, err
		}
		reply.Files = []commands.File{{Name: "history.png", ContentType: "image/png", Data: png}}
		e.Image = "history.png"
		notes = append(notes, msgChartHow.Format(l, len(data.Series)))
	}
	e.Footer = commands.Sentences(l, notes...)
	reply.Embeds = []commands.Embed{e}
	// Review buttons for the most recent games.
	var row commands.ActionRow
	for i, g := range data.Recent {
		if i == 5 {
			break
		}
		if id := records.ReviewID(g.ID); len(id) <= commands.MaxCustomID {
			row = append(row, commands.Component{Kind: commands.Button, CustomID: id, Label: msgReviewButton.Format(l, g.Score), Emoji: "🔍", Style: commands.Secondary})
		}
	}
	if len(row) > 0 {
		reply.Components = []commands.ActionRow{row}
	}
	return reply, nil
}

// otherField lists the solved orbs puzzles and the coins games against
// Alea, one line per kind and rule set.
func otherField(l commands.Locale, rows []OtherRow) commands.Field {
	lines := make([]string, 0, len(rows))
	for _, r := range rows {
		switch r.Kind {
		case store.KindOrbs:
			lines = append(lines, msgOrbsRow.Format(l, strings.Replace(r.Rules, "x", "×", 1), r.Games, r.Wins, r.AvgScore, r.Best))
		case store.KindCoins:
			bot := strings.TrimPrefix(r.Rules, "bw-")
			if name, ok := coinsBotNames[bot]; ok {
				bot = name.In(l)
			}
			lines = append(lines, commands.Plural(int(r.Games), msgCoinsRowOne, msgCoinsRow).Format(l, bot, r.Games, r.Wins))
		}
	}
	return commands.Field{Name: msgOtherField.In(l), Value: commands.JoinLines(lines, commands.MaxFieldValue)}
}

// place is a seat's place in a game by score, 1 for the best (ties share
// the better place).
func place(seats []store.Seat, i int) int {
	p := 1
	for _, s := range seats {
		if s.Score > seats[i].Score {
			p++
		}
	}
	return p
}

// trendLine compares the newer half of the series with the older half,
// when there are at least 6 games: the points lost per decision (skill)
// and the luck, each a mean per game.
func trendLine(l commands.Locale, series []SeriesPoint) string {
	if len(series) < 6 {
		return ""
	}
	half := len(series) / 2
	mean := func(ps []SeriesPoint, f func(SeriesPoint) float64) float64 {
		s := 0.0
		for _, p := range ps {
			s += f(p)
		}
		return s / float64(len(ps))
	}
	skill := func(p SeriesPoint) float64 { return p.Skill }
	luck := func(p SeriesPoint) float64 { return p.Luck }
	older, newer := series[:half], series[half:]
	return commands.Sentences(l, msgTrend.Format(l, len(newer), mean(newer, skill), len(older), mean(older, skill)),
		msgLuckTrend.Format(l, records.Signed(mean(newer, luck)), records.Signed(mean(older, luck))))
}

// luckLine names the game with the best luck: the luckiest, or, when
// every game was unlucky, the least unlucky.
func luckLine(l commands.Locale, luck float64, game string) string {
	if luck < 0 {
		return msgLeastUnlucky.Format(l, records.Signed(luck), game)
	}
	return msgBestLuck.Format(l, records.Signed(luck), game)
}
