package memory

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
	yachtcmd "github.com/alea-bot/alea/commands/yacht"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/store"
)

// reviewPrefix begins the custom_id of a Review button ("review/1/<id>"):
// the final board of a Yacht table carries one, and so does /stats history.
const reviewPrefix = "review/1/"

// reviewTop is how many of a seat's costliest decisions the embed shows
// (review.txt lists every one).
const reviewTop = 5

// ReviewData is the data output of /review.
type ReviewData struct {
	Game   string       `json:"game"`
	Rules  string       `json:"rules"`
	Ended  string       `json:"ended"` // RFC 3339, UTC
	Chosen bool         `json:"chosen"`
	Seats  []ReviewSeat `json:"seats"`
}

// ReviewSeat is one seat's review.
type ReviewSeat struct {
	Player    string  `json:"player"` // a mention, a name or "Alea"
	User      string  `json:"user,omitempty"`
	Score     int     `json:"score"`
	Winner    bool    `json:"winner"`
	Decisions int     `json:"decisions"`
	Lost      float64 `json:"lost"`
	PerChoice float64 `json:"per_decision"`
	Grade     string  `json:"grade"`
	Luck      float64 `json:"luck"`
	// Costly are the seat's decisions that cost points, in game order.
	Costly []ReviewDecision `json:"costly"`
}

// ReviewDecision is one decision that cost points.
type ReviewDecision struct {
	Turn   int     `json:"turn"`
	Roll   int     `json:"roll"`
	Dice   string  `json:"dice"`
	Chosen string  `json:"chosen"`
	Best   string  `json:"best"`
	Loss   float64 `json:"loss"`
}

// Review returns /review and the route of the Review button
// ("review/1/{id}"): every decision of a finished Yacht game that cost
// points, with the best one and its cost, and each player's mean loss per
// decision with a grade.
func Review(d Deps) *commands.Command {
	c := &commands.Command{
		Name:        commands.T("review", "복기", "振り返り"),
		Description: txtReviewDesc,
		Options: []commands.Option{
			{Name: commands.T("game", "게임", "ゲーム"), Description: txtGameDesc, Type: commands.String, Required: true, MinLength: 1, MaxLength: 80},
		},
		Examples: []string{"/review game:k7qm2xapb3dz"},
	}
	c.Handle = guarded(d, func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		raw := req.Options.String("game", "")
		if strings.TrimSpace(raw) == "" {
			return nil, commands.Rejectf(msgNoGameID)
		}
		id, ok := parseGameID(raw)
		if !ok {
			return nil, commands.Rejectf(msgBadGameID, commands.Quote(raw))
		}
		return d.review(ctx, req, id, false)
	})
	c.Routes = []commands.Route{{Pattern: "review/1/{id}", Handle: guarded(d, func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		id, ok := parseGameID(req.Params["id"])
		if !ok {
			return nil, commands.Rejectf(msgBadGameID, commands.Quote(req.Params["id"]))
		}
		return d.review(ctx, req, id, true)
	})}}
	return c
}

// review answers for the game id; a button's review is private (one press
// must not fill the channel).
func (d Deps) review(ctx context.Context, req *commands.Request, id string, private bool) (*commands.Reply, error) {
	l := req.Locale
	g, found, err := d.Store.Game(ctx, id)
	if err != nil {
		return storeErr(l, err)
	}
	// Another server's game is not found from here, unless the asker played
	// it; a game played outside a server (a DM, a group DM) is found in its
	// own channel only.
	here := g.Guild == req.GuildID && (g.Guild != "" || g.Channel == req.ChannelID)
	if found && !here && !slices.ContainsFunc(g.Seats, func(s store.Seat) bool { return s.User != "" && s.User == req.UserID }) {
		found = false
	}
	if !found {
		return nil, commands.Rejectf(msgNoSuchGame, commands.Quote(id))
	}
	if g.Kind != store.KindYacht {
		return nil, commands.Rejectf(msgNotYacht)
	}
	rules, err := yacht.Preset(g.Rules)
	if err != nil {
		rules = nil // an unknown rule set: categories are shown by key
	}
	data := reviewData(g)
	e := commands.Embed{Title: msgReviewTitle.Format(l, yachtcmd.RulesName(l, g.Rules), day(g.Ended)), Color: colour}
	var lead []string
	for i, s := range data.Seats {
		line := msgReviewSeat.Format(l, seatName(l, g.Seats[i]), s.Score, s.PerChoice, s.Decisions, gradeName(l, s.Grade))
		if g.Seats[i].Alea {
			line = msgReviewAlea.Format(l, seatName(l, g.Seats[i]), s.Score)
		}
		if s.Winner {
			line = "🏆 " + line
		}
		lead = append(lead, line)
	}
	e.Description = strings.Join(lead, "\n")
	var full []string
	var seatRows [][]string
	full = append(full, msgReviewTitle.Format(l, yachtcmd.RulesName(l, g.Rules), day(g.Ended))+" · "+g.ID, "")
	for i, s := range data.Seats {
		name := seatName(l, g.Seats[i])
		// A mention shows as a name in Discord's messages, not in a file.
		fileName := name
		if u := g.Seats[i].User; u != "" {
			fileName = msgSeatUser.Format(l, i+1, u)
		}
		full = append(full, fmt.Sprintf("%s — %d", fileName, s.Score))
		if len(s.Costly) == 0 {
			full = append(full, "  "+msgNoCostly.In(l))
		}
		for _, dc := range s.Costly {
			full = append(full, "  "+decisionLine(l, rules, dc))
		}
		full = append(full, "")
		if len(e.Fields) == commands.MaxEmbedFields {
			continue
		}
		var rows []string
		costliest := slices.Clone(s.Costly)
		slices.SortStableFunc(costliest, func(a, b ReviewDecision) int {
			switch {
			case a.Loss > b.Loss:
				return -1
			case a.Loss < b.Loss:
				return 1
			}
			return 0
		})
		for _, dc := range costliest[:min(len(costliest), reviewTop)] {
			rows = append(rows, decisionLine(l, rules, dc))
		}
		if len(costliest) > reviewTop {
			rows = append(rows, msgMoreCostly.Format(l, len(costliest)-reviewTop))
		}
		if len(rows) == 0 {
			rows = append(rows, msgNoCostly.In(l))
		}
		e.Fields = append(e.Fields, commands.Field{Name: msgSeatField.Format(l, i+1, len(s.Costly))})
		seatRows = append(seatRows, append([]string{name}, rows...))
	}
	notes := []string{msgGradeHow.Format(l, GradeBands[0], GradeBands[1], GradeBands[2])}
	if g.Chosen {
		notes = append(notes, msgChosenNote.In(l))
	}
	e.Footer = commands.Sentences(l, notes...)
	// The fields share what the embed's total leaves (6 seats at most).
	used := runes(e.Title) + runes(e.Description) + runes(e.Footer)
	for _, f := range e.Fields {
		used += runes(f.Name)
	}
	budget := commands.MaxFieldValue
	if len(e.Fields) > 0 {
		budget = min(budget, (commands.MaxEmbedTotal-used-50)/len(e.Fields))
	}
	for i := range e.Fields {
		e.Fields[i].Value = joinLines(seatRows[i], budget)
	}
	return &commands.Reply{Embeds: []commands.Embed{e}, Ephemeral: private, Data: data,
		Files: []commands.File{{Name: "review.txt", ContentType: "text/plain; charset=utf-8", Data: []byte(strings.Join(full, "\n"))}}}, nil
}

// reviewData is the review of g, from the stored seats and decisions.
func reviewData(g store.Game) ReviewData {
	out := ReviewData{Game: g.ID, Rules: g.Rules, Ended: g.Ended.UTC().Format(time.RFC3339), Chosen: g.Chosen}
	for i, s := range g.Seats {
		rs := ReviewSeat{Player: s.Name, User: s.User, Score: s.Score, Winner: s.Winner, Decisions: s.Decisions, Lost: s.Lost,
			PerChoice: perDecision(s.Lost, s.Decisions), Grade: GradeOf(s.Lost, s.Decisions).Key(), Luck: s.Luck, Costly: []ReviewDecision{}}
		switch {
		case s.Alea:
			rs.Player = "Alea"
		case s.User != "":
			rs.Player = mention(s.User)
		}
		for _, dc := range g.Decisions {
			if dc.Seat == i && dc.Loss > 0 {
				rs.Costly = append(rs.Costly, ReviewDecision{Turn: dc.Turn, Roll: dc.Roll, Dice: dc.Dice, Chosen: dc.Chosen, Best: dc.Best, Loss: dc.Loss})
			}
		}
		out.Seats = append(out.Seats, rs)
	}
	return out
}

func runes(s string) int { return len([]rune(s)) }

// gradeName names a grade from its key.
func gradeName(l commands.Locale, key string) string {
	for g := GradePerfect; g <= GradeLearning; g++ {
		if g.Key() == key {
			return g.Name(l)
		}
	}
	return key
}

// decisionLine writes one costly decision: the turn, the dice with their
// digits, what was done, the best move, and what it cost (as the table
// showed it, to the hundredth).
func decisionLine(l commands.Locale, r *yacht.Rules, dc ReviewDecision) string {
	if dc.Roll == 3 {
		return msgScoringLine.Format(l, dc.Turn, diceText(dc.Dice), moveText(l, r, dc.Chosen), moveText(l, r, dc.Best), dc.Loss)
	}
	return msgDecisionLine.Format(l, dc.Turn, dc.Roll, diceText(dc.Dice), moveText(l, r, dc.Chosen), moveText(l, r, dc.Best), dc.Loss)
}

// diceText writes digits as glyphs with their digits ("⚂⚂⚄⚅⚅ (33566)").
func diceText(digits string) string {
	faces := make([]int, 0, len(digits))
	for _, c := range digits {
		if c < '1' || c > '6' {
			return digits
		}
		faces = append(faces, int(c-'0'))
	}
	if len(faces) == 0 {
		return "-"
	}
	return yachtcmd.DiceText(faces)
}

// isKeep reports whether a move is a keep (digits, "" for none) rather
// than a category key.
func isKeep(m string) bool {
	for _, c := range m {
		if c < '1' || c > '6' {
			return false
		}
	}
	return true
}

// moveText writes a move for a reader: the dice kept, or the category.
func moveText(l commands.Locale, r *yacht.Rules, m string) string {
	if isKeep(m) {
		switch len(m) {
		case 0:
			return msgRerollAll.In(l)
		case yacht.NumDice:
			return msgKeepAll.In(l)
		}
		return msgKeepDice.Format(l, diceText(m))
	}
	if r != nil {
		for i := range r.Categories {
			if r.Categories[i].Key == m {
				return msgScoreIn.Format(l, r.Categories[i].Name(string(l)))
			}
		}
	}
	return msgScoreIn.Format(l, m)
}
