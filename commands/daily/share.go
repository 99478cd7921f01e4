package daily

import (
	"context"
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/game/daily"
)

// ShareData is the --format data of Share: what the public message
// says.
type ShareData struct {
	Day      string      `json:"day"`
	Rules    string      `json:"rules"`
	Official bool        `json:"official"`
	Squares  []string    `json:"squares"`
	Score    int         `json:"score"`
	Lost     float64     `json:"expected_lost"`
	Streak   *StreakData `json:"streak,omitempty"`
}

// share answers Share on a finished game's board: a new, public message
// in the channel, in the player's language, that spoils nothing — the
// day and rule set, a square a turn, the score, the points lost and the
// streak; no dice, no box names.
func (p *pressing) share(ctx context.Context) (*commands.Reply, error) {
	g, loc := p.g, p.req.Locale // the player's language now
	day := daily.Day(g.Daily.Day)
	sq := daily.Squares(g)
	s := g.Seats[0]
	data := ShareData{Day: day.String(), Rules: g.Rules.Key, Official: !g.Chosen, Squares: []string{}, Score: s.Sheet.Total(), Lost: float64(s.Lost) / 100}
	for _, x := range sq {
		data.Squares = append(data.Squares, x.String())
	}
	head := msgShareHead.Format(loc, day.String(), yachtwords.RulesName(loc, g.Rules.Key))
	if g.Chosen {
		head += " · " + msgSharePractice.In(loc)
	}
	foot := msgShareResult.Format(loc, data.Score, data.Lost)
	if !g.Chosen {
		if st := p.streak(ctx); st != nil && st.Current > 0 {
			foot += " · " + msgShareStreak.Format(loc, st.Current)
			data.Streak = streakData(*st)
		}
	}
	return &commands.Reply{Content: strings.Join([]string{head, squaresText(sq), foot}, "\n"), AllowedMentions: &commands.AllowedMentions{}, Data: data}, nil
}
