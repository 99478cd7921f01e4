// Package review is /review and the Review button: every decision of a
// finished Yacht game that cost points, with the best one and its cost,
// and each player's mean loss per decision with a grade. Its answer goes
// parse → query → data view → render: the embed and review.txt are
// written from the view whose data --format data prints.
package review

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/grade"
	"github.com/alea-bot/alea/commands/records"
	"github.com/alea-bot/alea/commands/yachtcoach"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/store"
)

// reviewTop is how many of a seat's costliest decisions the embed shows
// (review.txt lists every one).
const reviewTop = 5

// Data is the data output of /review.
type Data struct {
	Game   string `json:"game"`
	Rules  string `json:"rules"`
	Ended  string `json:"ended"` // RFC 3339, UTC
	Chosen bool   `json:"chosen"`
	// Entered is set when dice were entered by hand: the game counts
	// toward skill only.
	Entered bool   `json:"entered"`
	Seats   []Seat `json:"seats"`
}

// Seat is one seat's review. Alea is not in the data output: the reply
// says Alea's seat plays every decision perfectly.
type Seat struct {
	Player    string  `json:"player"` // a mention, a name or "Alea"
	User      string  `json:"user,omitempty"`
	Score     int     `json:"score"`
	Winner    bool    `json:"winner"`
	Decisions int     `json:"decisions"`
	Lost      float64 `json:"lost"`
	PerChoice float64 `json:"per_decision"`
	Grade     string  `json:"grade"`
	Luck      float64 `json:"luck"`
	// Assisted counts the seat's decisions taken with advice (part of
	// Decisions), which skill leaves out.
	Assisted int `json:"assisted"`
	// Costly are the seat's decisions that cost points, in game order.
	Costly []Decision `json:"costly"`
	Alea   bool       `json:"-"`
}

// Decision is one decision that cost points.
type Decision struct {
	Turn   int     `json:"turn"`
	Roll   int     `json:"roll"`
	Dice   string  `json:"dice"`
	Chosen string  `json:"chosen"`
	Best   string  `json:"best"`
	Loss   float64 `json:"loss"`
	// why is why Best beats Chosen (nil: not worked out), said under
	// the decision's line; index is the decision's in the game's.
	why   *judged
	index int
}

// Command returns /review and the route of the Review button
// (records.ReviewPrefix + "{id}") over the finished games st keeps (nil:
// memory off).
func Command(st store.Store) *commands.Command { return CommandWaiting(st, nil) }

// CommandWaiting is Command whose answers stop waiting for the store when
// wait fires, and say the memory is unavailable right now (nil: after
// records.StoreWait).
func CommandWaiting(st store.Store, wait records.Wait) *commands.Command {
	return newCommand(st, wait, nil)
}

// CommandCoached is CommandWaiting saying under each costly decision why
// the best move beats it, from the Yacht tables and the breakdown tables
// the Yacht commands share (a cold breakdown table is built within the
// request's heavy turn).
func CommandCoached(st store.Store, wait records.Wait, tables *strategy.Tables, breakdowns *yachtcoach.Tables) *commands.Command {
	return newCommand(st, wait, &coach{tables: tables, breakdowns: breakdowns})
}

func newCommand(st store.Store, wait records.Wait, co *coach) *commands.Command {
	c := &commands.Command{
		Name:        commands.T("review", "복기", "振り返り"),
		Description: txtReviewDesc,
		Options: []commands.Option{
			{Name: commands.T("game", "게임", "ゲーム"), Description: txtGameDesc, Type: commands.String, Required: true, MinLength: 1, MaxLength: 80},
		},
		Examples: []string{"/review game:k7qm2xapb3dz"},
	}
	c.Handle = records.Guard(st, wait, func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		raw := req.Options.String("game", "")
		if strings.TrimSpace(raw) == "" {
			return nil, commands.Rejectf(msgNoGameID)
		}
		id, ok := parseGameID(raw)
		if !ok {
			return nil, commands.Rejectf(msgBadGameID, commands.Quote(raw))
		}
		return answer(ctx, st, co, req, id, false)
	})
	c.Routes = []commands.Route{{Pattern: records.ReviewPrefix + "{id}", Handle: records.Guard(st, wait, func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
		id, ok := parseGameID(req.Params["id"])
		if !ok {
			return nil, commands.Rejectf(msgBadGameID, commands.Quote(req.Params["id"]))
		}
		return answer(ctx, st, co, req, id, true)
	})}}
	return c
}

// Bounds of a game id.
const maxGameID = 64

// parseGameID reads a game id as a player pastes it: the id itself, or
// the Review button's custom_id ("review/1/<id>"), trimmed. Ids are
// letters, digits, '-' and '_', at most maxGameID long.
func parseGameID(s string) (string, bool) {
	s = strings.TrimSpace(s)
	s = strings.Trim(s, "`")
	if rest, ok := strings.CutPrefix(s, records.ReviewPrefix); ok {
		s = rest
	}
	if s == "" || len(s) > maxGameID {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return "", false
		}
	}
	return s, true
}

// answer reviews game id (the id parsed): query, data view, render. A
// button's review is private (one press must not fill the channel).
func answer(ctx context.Context, st store.Store, co *coach, req *commands.Request, id string, private bool) (*commands.Reply, error) {
	l := req.Locale
	g, found, err := st.Game(ctx, id)
	if err == nil && !found && strings.ToLower(id) != id {
		// Ids are written in lower case (seal.GameID); one typed or
		// pasted in capitals ("K7QM2XAPB3DZ") is the same game.
		g, found, err = st.Game(ctx, strings.ToLower(id))
	}
	if err != nil {
		return records.StoreError(l, err)
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
	if g.Kind != store.KindYacht && g.Kind != store.KindDaily {
		return nil, commands.Rejectf(msgNotYacht)
	}
	v := viewOf(g)
	whys, err := co.whys(ctx, g, v.rules)
	if err != nil {
		return nil, err
	}
	for i := range v.Seats {
		for k := range v.Seats[i].Costly {
			if j, ok := whys[v.Seats[i].Costly[k].index]; ok {
				v.Seats[i].Costly[k].why = &j
			}
		}
	}
	e, txt := render(l, v, userNames(req))
	return &commands.Reply{Embeds: []commands.Embed{e}, Ephemeral: private, Data: v.Data,
		Files: []commands.File{{Name: "review.txt", ContentType: "text/plain; charset=utf-8", Data: []byte(txt)}}}, nil
}

// view is the data view of a review: the data output, and beside it the
// game's rule set (nil when unknown: categories are shown by key) and its
// seats as stored, whose names the reply writes.
type view struct {
	Data
	rules *yacht.Rules
	ended time.Time
	seats []store.Seat
}

// viewOf is the review of g, from the stored seats and decisions.
func viewOf(g store.Game) view {
	rules, err := yacht.Preset(g.Rules)
	if err != nil {
		rules = nil // an unknown rule set: categories are shown by key
	}
	v := view{Data: Data{Game: g.ID, Rules: g.Rules, Ended: g.Ended.UTC().Format(time.RFC3339), Chosen: g.Chosen,
		Entered: g.Entered}, rules: rules, ended: g.Ended, seats: g.Seats}
	for i, s := range g.Seats {
		rs := Seat{Player: s.Name, User: s.User, Score: s.Score, Winner: s.Winner, Decisions: s.Decisions, Lost: s.Lost, Alea: s.Alea,
			PerChoice: grade.PerDecision(s.Lost, s.Decisions), Grade: grade.Of(s.Lost, s.Decisions).Key(), Luck: s.Luck, Costly: []Decision{},
			Assisted: s.Assisted}
		switch {
		case s.Alea:
			rs.Player = "Alea"
		case s.User != "":
			rs.Player = records.Mention(s.User)
		}
		for k, dc := range g.Decisions {
			if dc.Seat == i && dc.Loss > 0 {
				rs.Costly = append(rs.Costly, Decision{Turn: dc.Turn, Roll: dc.Roll, Dice: dc.Dice, Chosen: dc.Chosen, Best: dc.Best, Loss: dc.Loss, index: k})
			}
		}
		v.Seats = append(v.Seats, rs)
	}
	return v
}

// render writes the embed of a review and review.txt: each seat's line,
// then a field per seat with its costliest decisions (the fields share
// what the embed's total leaves), and in the file every costly decision.
func render(l commands.Locale, v view, names map[string]string) (commands.Embed, string) {
	title := msgReviewTitle.Format(l, yachtwords.RulesName(l, v.Rules), records.Day(v.ended))
	e := commands.Embed{Title: title, Color: records.Colour}
	var lead []string
	for i, s := range v.Seats {
		name := records.SeatName(l, v.seats[i])
		line := commands.Plural(s.Score, msgReviewSeatOne, msgReviewSeat).Format(l, name, s.Score, s.PerChoice, s.Decisions, gradeName(l, s.Grade))
		if s.Alea {
			line = commands.Plural(s.Score, msgReviewAleaOne, msgReviewAlea).Format(l, name, s.Score)
		} else if s.Assisted > 0 {
			line += " · " + records.Assisted.Format(l, s.Assisted, s.Decisions)
		}
		if s.Winner {
			line = "🏆 " + line
		}
		lead = append(lead, line)
	}
	e.Description = strings.Join(lead, "\n")
	full := []string{title + " · " + v.Game, ""}
	var seatRows, seatWhys [][]string
	for i, s := range v.Seats {
		name := records.SeatName(l, v.seats[i])
		// A mention shows as a name in Discord's messages, not in a file:
		// the file names a player by the name the request knows (the
		// asker's own, a user Discord resolved, the runner's and the
		// playground's users), else by the seat the embed's field names.
		fileName := msgSeatNamed.Format(l, i+1, name)
		if u := s.User; u != "" {
			fileName = msgSeat.Format(l, i+1)
			if n := names[u]; n != "" {
				fileName = msgSeatNamed.Format(l, i+1, n)
			}
		}
		full = append(full, fmt.Sprintf("%s — %d", fileName, s.Score))
		if len(s.Costly) == 0 {
			full = append(full, "  "+msgNoCostly.In(l))
		}
		for _, dc := range s.Costly {
			full = append(full, "  "+decisionLine(l, v.rules, dc))
			if w := whyText(l, v.rules, dc.why); w != "" {
				full = append(full, "    ↳ "+w)
			}
		}
		full = append(full, "")
		if len(e.Fields) == commands.MaxEmbedFields {
			continue
		}
		var rows, whys []string
		costliest := slices.Clone(s.Costly)
		slices.SortStableFunc(costliest, func(a, b Decision) int { return cmp.Compare(b.Loss, a.Loss) })
		for _, dc := range costliest[:min(len(costliest), reviewTop)] {
			rows = append(rows, decisionLine(l, v.rules, dc))
			whys = append(whys, whyText(l, v.rules, dc.why))
		}
		if len(costliest) > reviewTop {
			rows = append(rows, msgMoreCostly.Format(l, len(costliest)-reviewTop))
		}
		if len(rows) == 0 {
			rows = append(rows, msgNoCostly.In(l))
		}
		e.Fields = append(e.Fields, commands.Field{Name: msgSeatField.Format(l, i+1, len(s.Costly))})
		seatRows = append(seatRows, append([]string{name}, rows...))
		seatWhys = append(seatWhys, append([]string{""}, whys...))
	}
	notes := []string{grade.How(l)}
	switch {
	case v.Chosen:
		notes = append(notes, msgChosenNote.In(l))
	case v.Entered:
		notes = append(notes, msgEnteredNote.In(l))
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
		e.Fields[i].Value = commands.JoinLines(withWhys(seatRows[i], seatWhys[i], budget), budget)
	}
	return e, strings.Join(full, "\n")
}

func runes(s string) int { return len([]rune(s)) }

// withWhys puts under each row its why ("": none) as long as every row
// still fits within budget characters: the costliest decisions' whys
// first, the rows themselves never left out for a why.
func withWhys(rows, whys []string, budget int) []string {
	used := 0
	for _, r := range rows {
		used += runes(r) + 1
	}
	out := make([]string, 0, 2*len(rows))
	for i, r := range rows {
		out = append(out, r)
		if i < len(whys) && whys[i] != "" {
			w := "↳ " + whys[i]
			if used+runes(w)+1 <= budget-2 {
				out = append(out, w)
				used += runes(w) + 1
			}
		}
	}
	return out
}

// gradeName names a grade from its key.
func gradeName(l commands.Locale, key string) string {
	if g, ok := grade.FromKey(key); ok {
		return g.Name(l)
	}
	return key
}

// decisionLine writes one costly decision: the turn, the dice with their
// digits, what was done, the best move, and what it cost (as the table
// showed it, to the hundredth).
func decisionLine(l commands.Locale, r *yacht.Rules, dc Decision) string {
	if dc.Roll == 3 {
		return msgScoringLine.Format(l, dc.Turn, yachtwords.DigitsText(dc.Dice), yachtwords.Move(l, r, dc.Chosen), yachtwords.Move(l, r, dc.Best), dc.Loss)
	}
	return msgDecisionLine.Format(l, dc.Turn, dc.Roll, yachtwords.DigitsText(dc.Dice), yachtwords.Move(l, r, dc.Chosen), yachtwords.Move(l, r, dc.Best), dc.Loss)
}

// userNames are the names the request knows of users, by id: the
// asker's display name and the users the transport can name.
func userNames(req *commands.Request) map[string]string {
	names := map[string]string{}
	for n, id := range req.KnownUsers {
		if names[id] == "" || len(n) < len(names[id]) {
			names[id] = n
		}
	}
	if req.UserID != "" && req.UserName != "" {
		names[req.UserID] = req.UserName
	}
	return names
}
