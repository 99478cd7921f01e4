package daily

import (
	"context"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/records"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/game/daily"
	"github.com/alea-bot/alea/store"
)

// BoardData is the --format data of /daily board: the day's board and
// its week's.
type BoardData struct {
	Day   string `json:"day"`
	Rules string `json:"rules"`
	// Scope is "server" or "everyone".
	Scope string    `json:"scope"`
	Board BoardPart `json:"board"`
	Week  BoardPart `json:"week"`
}

// BoardPart is one board: its first lines, how many players it ranks,
// and the asker's line. A week's runs from its Monday (From) to its
// Sunday and ranks the players with at least MinDailies official results
// in it by their mean.
type BoardPart struct {
	From       string     `json:"from"`
	To         string     `json:"to"`
	MinDailies int        `json:"min_dailies"`
	Lines      []LineData `json:"lines"`
	Players    int        `json:"players"`
	Mine       *LineData  `json:"mine,omitempty"`
}

// LineData is one player's line. On the deployment-wide board a player
// who did not choose to be named has neither user nor name (the asker's
// own line keeps their id).
type LineData struct {
	Rank    int     `json:"rank"`
	User    string  `json:"user,omitempty"`
	Name    string  `json:"name,omitempty"`
	Dailies int     `json:"dailies"`
	Lost    float64 `json:"expected_lost"`
	Score   float64 `json:"score"`
}

// board answers /daily board: the day's official results (today's by
// default) ranked by the expected points lost, fewest first, the score
// breaking ties; in this server, or everywhere (in a DM, everywhere),
// where only the players who chose it are named. Its week's board comes
// with it. Parse → query → data view → render.
func (d *Deps) board(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	key := req.Options.String("rules", yacht.Yacht)
	if _, err := yacht.Preset(key); err != nil {
		return nil, yachtwords.RejectRules(key)
	}
	day, err := askedDay(req, daily.Today(d.now()))
	if err != nil {
		return nil, err
	}
	scope := req.Options.String("scope", scopeServer)
	if req.GuildID == "" {
		scope = scopeEveryone // outside a server, "here" would be strangers' DMs
	}
	q := store.DailyBoardQuery{Rules: key, Day: int(day), Guild: req.GuildID, Everyone: scope == scopeEveryone, Limit: boardTop, User: req.UserID}
	b, err := d.Store.DailyBoard(ctx, q)
	if err != nil {
		return records.StoreError(req.Locale, err)
	}
	q.Week, q.MinDailies = true, weekMin
	w, err := d.Store.DailyBoard(ctx, q)
	if err != nil {
		return records.StoreError(req.Locale, err)
	}
	monday := day.Monday()
	data := BoardData{Day: day.String(), Rules: key, Scope: scope,
		Board: part(b, q, day, day, 1), Week: part(w, q, monday, monday+6, weekMin)}
	return boardReply(req.Locale, data, q.Everyone, req.UserID), nil
}

// part is the data view of a board.
func part(b store.DailyBoard, q store.DailyBoardQuery, from, to daily.Day, min int) BoardPart {
	line := func(l store.DailyLine) LineData {
		out := LineData{Rank: l.Rank, User: l.User, Dailies: l.Dailies, Lost: l.Lost, Score: l.Score}
		if l.Public {
			out.Name = l.Name
		}
		if q.Everyone && !l.Public && l.User != q.User {
			out.User = ""
		}
		return out
	}
	p := BoardPart{From: from.String(), To: to.String(), MinDailies: min, Lines: []LineData{}, Players: b.Players}
	for _, l := range b.Lines {
		p.Lines = append(p.Lines, line(l))
	}
	if b.Mine != nil {
		m := line(*b.Mine)
		p.Mine = &m
	}
	return p
}

// who names a line's player: by mention on a server's board; on the
// deployment-wide board by the name they chose, "you" for the asker who
// chose none, and "a player" for the others.
func who(loc commands.Locale, l LineData, everyone bool, asker string) string {
	switch {
	case !everyone:
		return records.Mention(l.User)
	case l.Name != "":
		return l.Name
	case l.User != "" && l.User == asker:
		return msgYou.In(loc)
	}
	return msgAPlayer.In(loc)
}

// boardReply renders a board's data view.
func boardReply(loc commands.Locale, v BoardData, everyone bool, asker string) *commands.Reply {
	e := commands.Embed{Color: colour, Title: msgBoardTitle.Format(loc, v.Day, yachtwords.RulesName(loc, v.Rules)), Footer: msgBoardFooter.In(loc)}
	scope := msgScopeServer.In(loc)
	if everyone {
		scope = msgScopeEveryone.In(loc)
	}
	lines := []string{scope, ""}
	if len(v.Board.Lines) == 0 {
		lines = append(lines, msgNoResults.In(loc))
	}
	mine := false
	for _, l := range v.Board.Lines {
		lines = append(lines, msgDayLine.Format(loc, l.Rank, who(loc, l, everyone, asker), l.Lost, int(l.Score)))
		mine = mine || v.Board.Mine != nil && l.Rank == v.Board.Mine.Rank
	}
	if m := v.Board.Mine; m != nil && !mine {
		lines = append(lines, "…", msgDayLine.Format(loc, m.Rank, who(loc, *m, everyone, asker), m.Lost, int(m.Score)))
	}
	if v.Board.Players > len(v.Board.Lines) {
		lines = append(lines, msgPlayers.Format(loc, v.Board.Players))
	}
	e.Description = strings.Join(lines, "\n")
	var week []string
	if len(v.Week.Lines) == 0 {
		week = append(week, msgNoWeek.Format(loc, v.Week.MinDailies))
	}
	mine = false
	for _, l := range v.Week.Lines {
		week = append(week, msgWeekLine.Format(loc, l.Rank, who(loc, l, everyone, asker), l.Lost, l.Score, l.Dailies))
		mine = mine || v.Week.Mine != nil && l.Rank == v.Week.Mine.Rank
	}
	if m := v.Week.Mine; m != nil && !mine {
		week = append(week, "…", msgWeekLine.Format(loc, m.Rank, who(loc, *m, everyone, asker), m.Lost, m.Score, m.Dailies))
	}
	e.Fields = []commands.Field{{Name: msgWeekField.Format(loc, v.Week.From, v.Week.To, v.Week.MinDailies), Value: commands.JoinLines(week, commands.MaxFieldValue)}}
	return &commands.Reply{Embeds: []commands.Embed{e}, Data: v, AllowedMentions: &commands.AllowedMentions{}}
}

// dayResult writes one attempt of today for /daily me.
func dayResult(loc commands.Locale, a store.DailyAttempt) string {
	rules := yachtwords.RulesName(loc, a.Rules)
	switch {
	case !a.Done:
		return msgTodayStarted.Format(loc, rules, a.Started.UTC().Format("15:04"))
	case a.Assisted:
		return msgTodayAssisted.Format(loc, rules, a.Score, a.Lost)
	}
	return msgTodayDone.Format(loc, rules, a.Score, a.Lost)
}
