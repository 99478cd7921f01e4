package daily

import (
	"fmt"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/recordline"
	"github.com/alea-bot/alea/commands/records"
	"github.com/alea-bot/alea/commands/yachtboard"
	"github.com/alea-bot/alea/commands/yachtgame"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/daily"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/yachttable"
)

const colour = 0xE67E22

// GameData is the --format data of a daily's board: the game as the bot
// sees it. State is the sealed state the board carries ("" once over).
type GameData struct {
	Game     string `json:"game"`
	Day      string `json:"day"`
	Rules    string `json:"rules"`
	Official bool   `json:"official"`
	// Turn is the turn being played (from 1), Roll the roll just made (0
	// before the first).
	Turn int   `json:"turn"`
	Roll int   `json:"roll"`
	Dice []int `json:"dice"`
	Held []int `json:"held"`
	// Scores are the filled boxes by category key; Total the sheet's
	// total.
	Scores map[string]int `json:"scores"`
	Total  int            `json:"total"`
	// Squares are the turns' squares so far, in turn order: "green",
	// "yellow", "orange", "red".
	Squares []string `json:"squares"`
	// Lost is the expected points the decisions lost so far.
	Lost  float64 `json:"expected_lost"`
	Over  bool    `json:"over"`
	State string  `json:"state"`
	// Streak is the player's streak, on a finished official attempt's
	// board when the store answered.
	Streak *StreakData `json:"streak,omitempty"`
	// Assisted counts, on a finished official attempt's board, its
	// decisions taken on positions its player asked advice on elsewhere
	// (then it is not ranked); absent when none.
	Assisted int `json:"assisted,omitempty"`
}

// StreakData is a player's streak: days in a row with an official
// attempt, up to today (or yesterday, today's attempt still to come),
// and the longest run.
type StreakData struct {
	Current int  `json:"current"`
	Longest int  `json:"longest"`
	Today   bool `json:"today"`
}

func streakData(s daily.Streak) *StreakData {
	return &StreakData{Current: s.Current, Longest: s.Longest, Today: s.Today}
}

// gameData is the data of g's board.
func gameData(g *yachttable.Table) GameData {
	p := &g.Seats[0]
	d := GameData{Game: g.ID.String(), Day: daily.Day(g.Daily.Day).String(), Rules: g.Rules.Key, Official: !g.Chosen,
		Turn: min(p.Sheet.Filled()+1, len(g.Rules.Categories)), Roll: g.Roll, Dice: []int{}, Held: []int{},
		Scores: map[string]int{}, Total: p.Sheet.Total(), Squares: []string{}, Lost: float64(p.Lost) / 100, Over: g.Over()}
	if g.Roll > 0 {
		d.Dice = append(d.Dice, g.Dice[:]...)
		d.Held = append(d.Held, g.Held().Faces()...)
	}
	for i, s := range p.Sheet.Scores {
		if s >= 0 {
			d.Scores[g.Rules.Categories[i].Key] = s
		}
	}
	for _, s := range daily.Squares(g) {
		d.Squares = append(d.Squares, s.String())
	}
	return d
}

// squareEmoji draws a square.
var squareEmoji = map[daily.Square]string{daily.Green: "🟩", daily.Yellow: "🟨", daily.Orange: "🟧", daily.Red: "🟥"}

// squaresText draws a row of squares.
func squaresText(sq []daily.Square) string {
	var b strings.Builder
	for _, s := range sq {
		b.WriteString(squareEmoji[s])
	}
	return b.String()
}

// ending is what a finished game's board says beyond the game: how
// recording it went (and the game as recorded), and the player's streak
// (nil: not known).
type ending struct {
	rec    record.Report
	streak *daily.Streak
}

// assisted counts the decisions of the attempt as recorded that its
// player took on positions they asked advice on elsewhere (the result the
// store holds, when it differs).
func (e *ending) assisted() int {
	if e == nil {
		return 0
	}
	g := e.rec.Game
	if e.rec.Differs {
		g = e.rec.Stored
	}
	if len(g.Seats) == 0 {
		return 0
	}
	return g.Seats[0].Assisted
}

// render draws g as a press leaves it: the board with the dice, Roll and
// the score menu, or the final board when the game is over (end says how
// recording went). last tells the decision just made, note what the
// first board says of the game (an official attempt, or practice and
// why). It touches no store and no key: components are named by their
// action's letter, and sealReply makes their custom_ids.
func (d *Deps) render(loc commands.Locale, t *strategy.Table, g *yachttable.Table, req *commands.Request, last, note string, end *ending) (*commands.Reply, error) {
	day := daily.Day(g.Daily.Day)
	rules := yachtwords.RulesName(loc, g.Rules.Key)
	p := &g.Seats[0]
	e := commands.Embed{Color: colour, Footer: msgLegend.In(loc)}
	var lines []string
	if last != "" {
		lines = append(lines, last, "")
	}
	data := gameData(g)
	if g.Over() {
		e.Title = msgOverTitle.Format(loc, day.String(), rules)
		lines = append(lines, squaresText(daily.Squares(g)), msgResult.Format(loc, p.Sheet.Total(), float64(p.Lost)/100))
		if end != nil && end.streak != nil {
			lines = append(lines, streakLine(loc, *end.streak))
			data.Streak = streakData(*end.streak)
		}
		if g.Chosen {
			lines = append(lines, msgPractice.In(loc))
		}
		if n := end.assisted(); n > 0 {
			lines = append(lines, msgAssisted.Format(loc, n))
			data.Assisted = n
		}
		rec := record.Report{Outcome: record.Off}
		if end != nil {
			rec = end.rec
		}
		lines = append(lines, "", recordline.Say(rec).In(loc))
		e.Description = strings.Join(lines, "\n")
		e.Fields = []commands.Field{{Name: msgSheetField.In(loc), Value: yachtboard.Sheet(loc, g.Rules, g.Seats[0].Sheet, yachtboard.Full, yachtboard.NoLoss)}}
		row := commands.ActionRow{{Kind: commands.Button, CustomID: string(actShare), Label: msgShareButton.In(loc), Emoji: "📣", Style: commands.Success}}
		switch rec.Outcome {
		case record.NotRecorded:
			row = append(row, commands.Component{Kind: commands.Button, CustomID: string(actRecord), Label: recordline.Button.In(loc), Emoji: "📒", Style: commands.Primary})
		case record.Recorded:
			row = append(row, commands.Component{Kind: commands.Button, CustomID: records.ReviewID(g.ID.String()), Label: yachtgame.ReviewLabel.In(loc), Emoji: "🔍", Style: commands.Secondary})
		}
		return &commands.Reply{Embeds: []commands.Embed{e}, Components: []commands.ActionRow{row}, Data: data,
			AllowedMentions: &commands.AllowedMentions{}}, nil
	}
	e.Title = msgTitle.Format(loc, day.String(), rules, p.Sheet.Filled()+1, len(g.Rules.Categories))
	var adv strategy.Advice
	if g.Roll == 0 {
		lines = append(lines, msgRollNow.In(loc))
	} else {
		e.Title += " · " + yachtboard.RollOf(loc, g.Roll)
		dice := g.Dice
		var err error
		if adv, err = t.Advise(p.Sheet, &dice, g.Roll); err != nil {
			return nil, fmt.Errorf("advise: %w", err)
		}
		lines = append(lines, yachtboard.Dice(loc, d.Faces, g.Dice, int(g.Hold)))
	}
	if sq := daily.Squares(g); len(sq) > 0 {
		lines = append(lines, msgSoFar.Format(loc, squaresText(sq)))
	}
	switch {
	case note != "":
		lines = append(lines, note)
	case g.Chosen:
		lines = append(lines, msgPractice.In(loc))
	}
	e.Description = strings.Join(lines, "\n")
	e.Fields = []commands.Field{{Name: msgSheetField.In(loc), Value: yachtboard.Sheet(loc, g.Rules, g.Seats[0].Sheet, yachtboard.Full, yachtboard.NoLoss)}}
	return &commands.Reply{Embeds: []commands.Embed{e}, Components: yachtgame.PlayRows(loc, g, adv), Data: data,
		AllowedMentions: &commands.AllowedMentions{}}, nil
}

// streakLine says a streak.
func streakLine(loc commands.Locale, s daily.Streak) string {
	return msgStreak.Format(loc, s.Current, s.Longest)
}

// narrate tells the decision a press made (the table's Told events): what
// was kept or scored, and its cost as a square.
func (d *Deps) narrate(loc commands.Locale, g *yachttable.Table, events []yachttable.Event) string {
	var lines []string
	for _, e := range yachttable.Told(events) {
		if !e.Decided || e.ByAlea {
			continue
		}
		sq := squareEmoji[daily.SquareOf(yachttable.Centi(e.Loss))]
		lines = append(lines, msgDecided.Format(loc, yachtboard.Move(loc, d.Faces, g.Rules, e.Chosen), sq))
	}
	return strings.Join(lines, "\n")
}
