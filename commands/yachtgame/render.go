package yachtgame

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtboard"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/store"
)

// GameData is the --format data of a game message: the table as the bot
// sees it. State is the sealed state the message carries ("" once the game
// is over).
type GameData struct {
	Rules   string       `json:"rules"`
	Players []PlayerData `json:"players"`
	Current int          `json:"current"`
	Roll    int          `json:"roll"`
	Dice    []int        `json:"dice"`
	Held    []int        `json:"held"`
	Over    bool         `json:"over"`
	State   string       `json:"state"`
	Coach   string       `json:"coach"`
	Lobby   bool         `json:"lobby"`
	Step    int          `json:"step"`
	// WinChances are each player's chance of winning as the current
	// turn began (ties shared), when known in time; absent otherwise.
	WinChances []float64 `json:"win_chances,omitempty"`
}

// PlayerData is one player's sheet in GameData.
type PlayerData struct {
	Name   string         `json:"name"`
	Scores map[string]int `json:"scores"`
	Upper  int            `json:"upper_total"`
	Total  int            `json:"total"`
	// Lost is the expected points lost by decisions, to 0.01 per decision.
	Lost float64 `json:"expected_lost"`
	// Seat is name, user or alea; User the Discord id of a user seat.
	Seat string `json:"seat"`
	User string `json:"user,omitempty"`
	// PlayedFor counts the turns Alea played for the player.
	PlayedFor int `json:"played_for"`
	// Counts, on a final board once recorded, is what the record counts
	// of the seat (absent for Alea's seats).
	Counts *CountData `json:"counts,omitempty"`
}

// seatLabel is how a line of the message names seat i: a Discord user by
// mention, Alea, a name, or the unnamed starter by their display name.
func seatLabel(loc commands.Locale, g *game, i int, req *commands.Request) string {
	p := &g.Seats[i]
	switch p.Kind {
	case yachttable.SeatUser:
		return "<@" + strconv.FormatUint(p.User, 10) + ">"
	case yachttable.SeatAlea:
		return msgAlea.In(loc)
	}
	if p.Name != "" {
		return p.Name
	}
	if req != nil && req.UserName != "" && !strings.ContainsAny(req.UserName, "*_`~|<>@#:\\") && g.Presser(i, req.UserID) {
		return req.UserName
	}
	return msgYou.In(loc)
}

// seatTitle names seat i where Discord shows no mentions (titles, field
// names): a Discord user by seat number.
func seatTitle(loc commands.Locale, g *game, i int, req *commands.Request) string {
	if g.Seats[i].Kind == yachttable.SeatUser {
		return msgSeatN.Format(loc, i+1)
	}
	return seatLabel(loc, g, i, req)
}

// seatMention names seat i to someone else (in a refusal).
func seatMention(loc commands.Locale, g *game, i int) string {
	p := &g.Seats[i]
	switch {
	case p.Kind == yachttable.SeatUser:
		return "<@" + strconv.FormatUint(p.User, 10) + ">"
	case p.Kind == yachttable.SeatAlea:
		return msgAlea.In(loc)
	case p.Name != "":
		return p.Name
	case g.Owner.Discord:
		return g.Owner.Mention()
	}
	return msgStarter.In(loc)
}

func gameData(g *game, state string) GameData {
	d := GameData{Rules: g.Rules.Key, Current: g.Cur, Roll: g.Roll, Over: g.Over(), State: state, Dice: []int{}, Held: []int{},
		Coach: []string{"on", "hints", "off", "auto"}[g.Coach], Step: g.Step, Lobby: g.Lobby}
	if g.Roll > 0 {
		d.Dice = append(d.Dice, g.Dice[:]...)
		d.Held = append(d.Held, g.Held().Faces()...)
	}
	for _, p := range g.Seats {
		pd := PlayerData{Name: p.Name, Scores: map[string]int{}, Upper: p.Sheet.UpperTotal(), Total: p.Sheet.Total(), Lost: float64(p.Lost) / 100,
			Seat: []string{"name", "user", "alea"}[p.Kind], PlayedFor: p.Auto}
		if p.Kind == yachttable.SeatUser {
			pd.User = strconv.FormatUint(p.User, 10)
		}
		for i, s := range p.Sheet.Scores {
			if s >= 0 {
				pd.Scores[g.Rules.Categories[i].Key] = s
			}
		}
		d.Players = append(d.Players, pd)
	}
	return d
}

// render draws the table as a press at now leaves it: the board with its
// components (Undo among them while g.Undo is set), or the summary when
// the game is over, which says how recording it went (rec). last says
// what just happened. It touches no store and no key: each component is
// named by its action's letter alone, and sealReply makes the custom_ids
// and the embed carry the game.
func render(ctx context.Context, d *Deps, loc commands.Locale, t *strategy.Table, g *game, rec record.Report, req *commands.Request, last string, now time.Time) (*commands.Reply, error) {
	if g.Over() {
		r := summary(loc, t, g, req, last, rec)
		finish(loc, g, rec, r)
		ping(loc, g, r, req)
		return r, nil
	}
	p := g.Current()
	e := commands.Embed{Color: colour, Footer: msgFooter.In(loc)}
	if compact(g) {
		e.Footer = msgFooterShort.In(loc)
	}
	// The heading becomes the description's first line (carry), where
	// Discord shows a mention: it names whose turn it is.
	e.Title = msgTitle.Format(loc, yachtwords.RulesName(loc, g.Rules.Key), seatLabel(loc, g, g.Cur, req), p.Sheet.Filled()+1, len(g.Rules.Categories))
	if g.Roll > 0 {
		e.Title += " · " + yachtboard.RollOf(loc, g.Roll)
	}
	var b strings.Builder
	if last != "" {
		b.WriteString(last + "\n\n")
	}
	var adv strategy.Advice
	if g.Roll == 0 {
		b.WriteString(msgBeforeRoll.In(loc))
		if g.Coach == yachttable.CoachOn {
			a, err := t.Advise(p.Sheet, nil, 0)
			if err != nil {
				return nil, fmt.Errorf("advise: %w", err)
			}
			b.WriteString("\n" + msgExpectedNow.Format(loc, a.Expected))
		}
	} else {
		var err error
		if adv, err = advise(t, g); err != nil {
			return nil, err
		}
		b.WriteString(diceLine(loc, d.Faces, g))
		if g.Coach == yachttable.CoachOn {
			best := adv.Actions[0]
			b.WriteString("\n" + msgBest.Format(loc, yachtboard.Move(loc, d.Faces, g.Rules, best), best.Expected))
			if g.Roll < 3 && g.Hold != 0 {
				keep := g.Held()
				for _, a := range adv.Actions {
					if a.Kind == strategy.Keep && a.Keep == keep && yachttable.Centi(best.Expected-a.Expected) > 0 {
						b.WriteString("\n" + msgYourHold.Format(loc, yachtboard.Move(loc, d.Faces, g.Rules, a), a.Expected, best.Expected-a.Expected))
					}
				}
			}
		}
	}
	var odds []float64
	if d.WinProbabilities != nil && len(g.Seats) > 1 {
		sheets := make([]yacht.Sheet, len(g.Seats))
		for i := range g.Seats {
			sheets[i] = g.Seats[i].Sheet
		}
		ps, err := d.WinProbabilities(ctx, t, sheets, g.Cur)
		if err != nil {
			return nil, fmt.Errorf("win probabilities: %w", err)
		}
		if len(ps) == len(g.Seats) {
			odds = ps
			var parts []string
			for i, x := range ps {
				parts = append(parts, fmt.Sprintf("%s %.0f%%", seatLabel(loc, g, i, req), 100*x))
			}
			b.WriteString("\n" + msgWinChances.Format(loc, strings.Join(parts, " · ")))
		}
	}
	if g.Humans() > 1 {
		// From the time the board is drawn (the odds above may take a
		// moment), to the second.
		b.WriteString("\n" + msgPlayForAt.Format(loc, discordTime(playForFrom(later(now, d.now()), g.Idle))))
	}
	switch {
	case g.Chosen:
		b.WriteString("\n" + msgChosen.In(loc))
	case g.Entered:
		b.WriteString("\n" + msgEntered.In(loc))
	}
	e.Description = b.String()
	if compact(g) {
		e.Fields = compactFields(loc, g, req)
	}
	for i := range g.Seats {
		if compact(g) {
			break
		}
		name := seatTitle(loc, g, i, req)
		if i == g.Cur && len(g.Seats) > 1 {
			name = msgTurnMarker.Format(loc, name)
		}
		v := sheetText(loc, g, i, false)
		if g.Seats[i].Kind == yachttable.SeatUser {
			v = seatLabel(loc, g, i, req) + "\n" + v
		}
		e.Fields = append(e.Fields, commands.Field{Name: name, Value: v, Inline: len(g.Seats) > 1})
	}
	data := gameData(g, "")
	data.WinChances = odds
	reply := &commands.Reply{Embeds: []commands.Embed{e}, Data: data}
	reply.Components = components(loc, g, adv)
	ping(loc, g, reply, req)
	return reply, nil
}

// diceLine is the board's line of g's dice rolled, the held ones marked.
func diceLine(loc commands.Locale, faces yachtwords.DiceFaces, g *game) string {
	return yachtboard.Dice(loc, faces, g.Dice, int(g.Hold))
}

// compactSheet is the one line of a player who is not playing on a
// compact board.
func compactSheet(loc commands.Locale, g *game, i int) string {
	return yachtboard.Compact(loc, g.Rules, g.Seats[i].Sheet)
}

// sheetText is seat i's sheet, one box a line; denseSheet is the sheet of
// the player to play on a compact board. Both show the points lost so far
// when coaching is on, unless final.
func sheetText(loc commands.Locale, g *game, i int, final bool) string {
	return yachtboard.Sheet(loc, g.Rules, g.Seats[i].Sheet, yachtboard.Full, lostSoFar(g, i, final))
}

func denseSheet(loc commands.Locale, g *game, i int) string {
	return yachtboard.Sheet(loc, g.Rules, g.Seats[i].Sheet, yachtboard.Dense, lostSoFar(g, i, false))
}

// lostSoFar is what a sheet shows of seat i's points lost so far.
func lostSoFar(g *game, i int, final bool) int {
	if final || g.Coach != yachttable.CoachOn {
		return yachtboard.NoLoss
	}
	return g.Seats[i].Lost
}

// playForFrom is the time, to the second, that the board drawn at now
// shows for Play for them: the table measures the idle time from the
// message's last edit, which Discord stamps when the edit arrives, a
// moment after now by its own clock; editMargin covers that, so a press
// at the time shown is never too early, and it is never later than that.
func playForFrom(now time.Time, idle int) time.Time {
	at := now.Add(time.Duration(idle)*time.Minute + editMargin)
	if t := at.Truncate(time.Second); t.Before(at) {
		return t.Add(time.Second)
	}
	return at
}

// editMargin is how much later than the render Discord may stamp an edit
// (the edit's way there, and the two clocks' difference).
const editMargin = 10 * time.Second

// later is the later of a and b.
func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// discordTime writes t as a Discord timestamp that shows the time of day
// to the second (hours, minutes, seconds) in each reader's own time zone.
func discordTime(t time.Time) string { return fmt.Sprintf("<t:%d:T>", t.Unix()) }

// ping names the Discord user whose turn it is in the content, and lets
// the message ping that user only. Games with no Discord seat say nothing.
func ping(loc commands.Locale, g *game, r *commands.Reply, req *commands.Request) {
	r.AllowedMentions = &commands.AllowedMentions{}
	users := false
	for _, p := range g.Seats {
		users = users || p.Kind == yachttable.SeatUser
	}
	if !users {
		return
	}
	if g.Over() {
		r.Content = msgOverContent.In(loc)
		return
	}
	if p := g.Current(); p.Kind == yachttable.SeatUser {
		id := strconv.FormatUint(p.User, 10)
		r.Content = msgYourTurn.Format(loc, "<@"+id+">")
		r.AllowedMentions.Users = []string{id}
		return
	}
	r.Content = msgTurnOf.Format(loc, seatLabel(loc, g, g.Cur, req))
}

// turnPing lets the Discord user whose turn a press started know: the
// press edits the message, and Discord notifies nobody of a mention added
// by an edit, so the reply follows up with a short message pinging that
// user only. Nothing when the turn did not pass (was is the seat before
// the press, -1 for a game that starts now), when it passed to a name or
// to Alea, or to the person who pressed.
func turnPing(loc commands.Locale, g *game, r *commands.Reply, req *commands.Request, was int) {
	if g.Over() || g.Cur == was {
		return
	}
	p := g.Current()
	if p.Kind != yachttable.SeatUser {
		return
	}
	id := strconv.FormatUint(p.User, 10)
	if req != nil && id == req.UserID {
		return
	}
	content := msgYourTurn.Format(loc, "<@"+id+">")
	if req != nil {
		if link := req.MessageLink(); link != "" {
			// The ping leads back to the board it follows.
			content += " " + msgToGame.Format(loc, link)
		}
	}
	r.FollowUp = &commands.Reply{Content: content, AllowedMentions: &commands.AllowedMentions{Users: []string{id}}}
}

// components are the dice, roll, enter and hold-best buttons, the category
// menu, and Hint, Undo (while g.Undo is set) and Play for them, each named
// by its action's letter (sealReply makes the custom_ids).
func components(loc commands.Locale, g *game, adv strategy.Advice) []commands.ActionRow {
	var rows []commands.ActionRow
	id := func(a byte) string { return string(a) }
	if g.Roll == 1 || g.Roll == 2 {
		var row commands.ActionRow
		for i, f := range g.Dice {
			style := commands.Secondary
			if g.Hold&(1<<uint(i)) != 0 {
				style = commands.Success
			}
			row = append(row, commands.Component{Kind: commands.Button, CustomID: id(byte(actDie0 + i)),
				Label: fmt.Sprintf("%s %d", yachtwords.Glyph(f), f), Style: style})
		}
		rows = append(rows, row)
	}
	if g.Roll <= 2 {
		n := yacht.NumDice
		if g.Roll > 0 {
			n -= g.Held().Size()
		}
		row := commands.ActionRow{
			{Kind: commands.Button, CustomID: id(actRoll), Label: msgRollButton.Format(loc, n), Emoji: "🎲", Style: commands.Primary},
			{Kind: commands.Button, CustomID: id(actEnter), Label: msgEnterButton.In(loc), Emoji: "✍️", Style: commands.Secondary},
		}
		if g.Roll > 0 && g.Coach == yachttable.CoachOn {
			if best := adv.Actions[0]; best.Kind == strategy.Keep && uint8(yachttable.HoldMask(g.Dice, best.Keep)) != g.Hold {
				row = append(row, commands.Component{Kind: commands.Button, CustomID: id(actHoldBest), Label: msgHoldBest.In(loc), Emoji: "⭐", Style: commands.Secondary})
			}
		}
		rows = append(rows, row)
	}
	if g.Roll >= 1 {
		best := adv.Actions[0]
		menu := commands.Component{Kind: commands.SelectMenu, CustomID: id(actScore), Placeholder: msgPick.In(loc), MinValues: 1, MaxValues: 1}
		var scores []strategy.Action
		for _, a := range adv.Actions {
			if a.Kind == strategy.Score {
				scores = append(scores, a)
			}
		}
		sort.Slice(scores, func(i, j int) bool { return scores[i].Scoring.Category < scores[j].Scoring.Category })
		for _, a := range scores {
			label := msgOptLabel.Format(loc, yachtwords.CategoryName(loc, g.Rules, a.Scoring.Category), a.Scoring.Points)
			if bonus := a.Scoring.UpperBonus + a.Scoring.ExtraBonus; bonus > 0 {
				label += fmt.Sprintf(" (+%d)", bonus)
			}
			o := commands.SelectOption{Label: label, Value: fmt.Sprintf("c%d", a.Scoring.Category)}
			if g.Coach == yachttable.CoachOn {
				if loss := best.Expected - a.Expected; yachttable.Centi(loss) == 0 {
					o.Emoji = "⭐"
					o.Description = msgOptBest.Format(loc, a.Expected)
				} else {
					o.Description = msgOptLoss.Format(loc, a.Expected, loss)
				}
			}
			menu.Options = append(menu.Options, o)
		}
		rows = append(rows, commands.ActionRow{menu})
	}
	var extra commands.ActionRow
	if g.Coach == yachttable.CoachHints {
		extra = append(extra, commands.Component{Kind: commands.Button, CustomID: id(actHint), Label: msgHintButton.In(loc), Emoji: "💡", Style: commands.Secondary})
	}
	if g.Undo != nil {
		extra = append(extra, commands.Component{Kind: commands.Button, CustomID: id(actUndo), Label: msgUndoButton.In(loc), Emoji: "↩️", Style: commands.Secondary})
	}
	if g.Humans() > 1 {
		extra = append(extra, commands.Component{Kind: commands.Button, CustomID: id(actPlayFor), Label: msgPlayForButton.In(loc), Emoji: "⏱️", Style: commands.Secondary})
		extra = append(extra, commands.Component{Kind: commands.Button, CustomID: id(actDown), Label: msgBringDown.In(loc), Emoji: "⬇️", Style: commands.Secondary})
	}
	if len(extra) > 0 {
		rows = append(rows, extra)
	}
	return rows
}

// compactFrom is the number of seats from which the board shows the
// full sheet of the player to play only, and a line for each other
// player, so that a table of six fits a phone's screen.
const compactFrom = 3

// compact reports whether g's board is compact.
func compact(g *game) bool { return len(g.Seats) >= compactFrom }

// compactFields are the fields of a compact board: the sheet of the
// player to play across the whole width, then one line for each other
// player, the next to play first.
func compactFields(loc commands.Locale, g *game, req *commands.Request) []commands.Field {
	v := denseSheet(loc, g, g.Cur)
	if g.Seats[g.Cur].Kind == yachttable.SeatUser {
		v = seatLabel(loc, g, g.Cur, req) + "\n" + v
	}
	fields := []commands.Field{{Name: msgTurnMarker.Format(loc, seatTitle(loc, g, g.Cur, req)), Value: v}}
	var others []string
	for k := 1; k < len(g.Seats); k++ {
		i := (g.Cur + k) % len(g.Seats)
		others = append(others, seatLabel(loc, g, i, req)+" — "+compactSheet(loc, g, i))
	}
	return append(fields, commands.Field{Name: msgOthers.In(loc), Value: strings.Join(others, "\n")})
}

// summary ends the game: each player's final score, the expected score of
// perfect play from the start, the expected points lost and where, and,
// once recorded (rec), what the record counts of each seat.
func summary(loc commands.Locale, t *strategy.Table, g *game, req *commands.Request, last string, rec record.Report) *commands.Reply {
	r := g.Rules
	e := commands.Embed{Color: colour, Footer: msgFooter.In(loc)}
	e.Title = msgOverTitle.Format(loc, yachtwords.RulesName(loc, r.Key))
	// The result first (a phone shows the board's top), then the last
	// move that ended the game.
	var b strings.Builder
	if len(g.Seats) > 1 {
		top := -1
		var winners []string
		for i, p := range g.Seats {
			switch tot := p.Sheet.Total(); {
			case tot > top:
				top, winners = tot, []string{seatLabel(loc, g, i, req)}
			case tot == top:
				winners = append(winners, seatLabel(loc, g, i, req))
			}
		}
		if len(winners) == 1 {
			b.WriteString(msgWinner.Format(loc, winners[0], top))
		} else {
			b.WriteString(msgTie.Format(loc, top, loc.List(winners)))
		}
		b.WriteString("\n" + scoreLines(loc, g, req))
	}
	if last != "" {
		b.WriteString("\n\n" + last)
	}
	switch {
	case g.Chosen:
		b.WriteString("\n" + msgChosen.In(loc))
	case g.Entered:
		b.WriteString("\n" + msgEntered.In(loc))
	}
	e.Description = strings.TrimSpace(b.String())
	start := t.Start()
	for i, p := range g.Seats {
		var v strings.Builder
		lost := float64(p.Lost) / 100
		v.WriteString(msgFinal.Format(loc, p.Sheet.Total(), start) + "\n")
		v.WriteString(msgLostTotal.Format(loc, lost) + "\n")
		v.WriteString(msgLuck.Format(loc, float64(p.Sheet.Total())-start+lost) + "\n")
		switch {
		case p.Lost == 0:
			v.WriteString(msgNoLoss.In(loc))
		default:
			type where struct{ cat, loss int }
			var ws []where
			for k, l := range p.Loss {
				if l > 0 {
					ws = append(ws, where{k, l})
				}
			}
			sort.SliceStable(ws, func(a, b int) bool { return ws[a].loss > ws[b].loss })
			var parts []string
			for _, w := range ws {
				parts = append(parts, yachtwords.BoxFigure(loc, yachtwords.CategoryName(loc, r, w.cat), fmt.Sprintf("%.2f", float64(w.loss)/100)))
			}
			v.WriteString(msgLostWhere.Format(loc, strings.Join(parts, " · ")))
		}
		if p.Auto > 0 {
			v.WriteString("\n" + msgPlayedForCount.Format(loc, p.Auto))
		}
		for _, line := range seatCounts(loc, g, i, rec) {
			v.WriteString("\n" + line)
		}
		val := v.String()
		if p.Kind == yachttable.SeatUser {
			val = seatLabel(loc, g, i, req) + "\n" + val
		}
		e.Fields = append(e.Fields, commands.Field{Name: seatTitle(loc, g, i, req), Value: val, Inline: len(g.Seats) > 1})
	}
	data := gameData(g, "")
	if stored, counts, ok := recorded(g, rec); ok {
		for i, s := range stored.Seats {
			if g.Seats[i].Kind != yachttable.SeatAlea {
				c := counts[i]
				data.Players[i].Counts = &CountData{Wins: c.Win, Average: c.Score, Skill: c.Decisions, Assisted: s.Assisted, Why: whyKey(g, i, s, c)}
			}
		}
	}
	return &commands.Reply{Embeds: []commands.Embed{e}, Data: data}
}

// scoreLines lists every seat's final score, highest first (seat order
// among equals), one line each.
func scoreLines(loc commands.Locale, g *game, req *commands.Request) string {
	order := make([]int, len(g.Seats))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return g.Seats[order[a]].Sheet.Total() > g.Seats[order[b]].Sheet.Total() })
	var lines []string
	for rank, i := range order {
		lines = append(lines, msgScoreLine.Format(loc, rank+1, seatLabel(loc, g, i, req), g.Seats[i].Sheet.Total()))
	}
	return strings.Join(lines, "\n")
}

// sheets is the private answer of 📋 Sheets on a final board: every
// seat's whole sheet.
func sheets(loc commands.Locale, g *game, req *commands.Request) *commands.Reply {
	e := commands.Embed{Color: colour, Title: msgOverTitle.Format(loc, yachtwords.RulesName(loc, g.Rules.Key))}
	for i := range g.Seats {
		v := sheetText(loc, g, i, true)
		if g.Seats[i].Kind == yachttable.SeatUser {
			v = seatLabel(loc, g, i, req) + "\n" + v
		}
		e.Fields = append(e.Fields, commands.Field{Name: seatTitle(loc, g, i, req), Value: v, Inline: len(g.Seats) > 1})
	}
	return &commands.Reply{Embeds: []commands.Embed{e}, Ephemeral: true}
}

// closing is the short post a game of several seats ends with at the
// bottom of the channel, where its last ping was: who won, every score,
// and Play again and Review (named by their letters, as finish names
// them), pinging nobody.
func closing(loc commands.Locale, g *game, rec record.Report, req *commands.Request) *commands.Reply {
	e := commands.Embed{Color: colour, Title: msgOverTitle.Format(loc, yachtwords.RulesName(loc, g.Rules.Key))}
	top, n := -1, 0
	var winner string
	for i, p := range g.Seats {
		switch tot := p.Sheet.Total(); {
		case tot > top:
			top, n, winner = tot, 1, seatLabel(loc, g, i, req)
		case tot == top:
			n++
		}
	}
	if n == 1 {
		e.Description = msgWinner.Format(loc, winner, top) + "\n"
	}
	e.Description += scoreLines(loc, g, req)
	r := &commands.Reply{Embeds: []commands.Embed{e}, AllowedMentions: &commands.AllowedMentions{}}
	row := commands.ActionRow{{Kind: commands.Button, CustomID: string(actAgain), Label: msgAgainButton.In(loc), Emoji: "🎲", Style: commands.Success}}
	if rec.Outcome == record.Recorded {
		row = append(row, commands.Component{Kind: commands.Button, CustomID: reviewPrefix + g.ID.String(), Label: msgReviewButton.In(loc), Emoji: "🔍", Style: commands.Secondary})
	}
	r.Components = []commands.ActionRow{row}
	return r
}

// CountData is what a recorded seat counts toward, in the data of the
// final board once recorded: wins, the average, its decisions counted
// toward skill (unassisted), its assisted decisions, and why it counts
// for less than everything.
type CountData struct {
	Wins     bool `json:"wins"`
	Average  bool `json:"average"`
	Skill    int  `json:"skill_decisions"`
	Assisted int  `json:"assisted"`
	// Why is "" when the seat counts toward everything, else one of
	// chosen, puppets, entered, no_opponent; never_played and played_for
	// (a seat linked to nobody: its player never decided, or Alea played
	// more than half its turns); no_player (a seat given by name, or a
	// starter known to no Discord account).
	Why string `json:"why,omitempty"`
}

// whyKey is CountData.Why of seat i, recorded as s counting c.
func whyKey(g *game, i int, s store.Seat, c store.Counts) string {
	switch ownSeat(g, i) {
	case seatNeverDone:
		return "never_played"
	case seatMostlyFor:
		return "played_for"
	}
	if s.User == "" {
		return "no_player"
	}
	return c.Why.Key()
}
