package daily_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/daily"
	"github.com/alea-bot/alea/commands/review"
	"github.com/alea-bot/alea/commands/yachttables/yachttest"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/store"
)

// Players and servers of the tests.
const (
	ann, bob       = "100000000000000001", "100000000000000002"
	server1, dm    = "300000000000000001", ""
	server2        = "300000000000000002"
	channel1       = "400000000000000001"
	deploymentOnes = "deployment one's secret"
)

// clock is a test's clock, moved by hand.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// bot is one replica of the bot: /daily and /review over a store, with
// the deployment's secret and the test's clock.
type replica struct {
	t   testing.TB
	h   *bottest.Harness
	clk *clock
}

// newReplica starts a replica over st (nil: memory off) with the secret.
func newReplica(t *testing.T, st store.Store, secret string, clk *clock) *replica {
	t.Helper()
	d := daily.Deps{Tables: yachttest.Tables(), Key: seal.NewKey(secret), Now: clk.now, Store: st}
	if st != nil {
		d.Recorder = st
	}
	h := bottest.New(t, daily.Command(d), review.Command(st))
	return &replica{t: t, h: h, clk: clk}
}

// where is who asks and where.
type where struct {
	user, guild string
	loc         commands.Locale
}

// run runs a slash line as w.
func (r *replica) run(w where, line string) (*commands.Reply, bot.Outcome) {
	r.t.Helper()
	loc := w.loc
	if loc == "" {
		loc = commands.English
	}
	req, err := runner.SlashRequest(r.h.Registry, line, loc)
	if err != nil {
		r.t.Fatal(err)
	}
	req.UserID, req.GuildID, req.ChannelID, req.UserName = w.user, w.guild, channel1, "Ann Lee"
	req.Place = commands.InServer
	if w.guild == "" {
		req.Place = commands.InBotDM
	}
	return r.h.Do(req)
}

// must runs a slash line and fails unless it was answered.
func (r *replica) must(w where, line string) *commands.Reply {
	r.t.Helper()
	rep, out := r.run(w, line)
	if out != bot.OK {
		r.t.Fatalf("%s: %s: %s", line, out, bot.FormatText(rep))
	}
	return rep
}

// press presses the component id of the message on (a reply as the bot
// posted it), as w, with a menu's values.
func (r *replica) press(w where, on *commands.Reply, id string, values ...string) (*commands.Reply, bot.Outcome) {
	r.t.Helper()
	req := &commands.Request{Kind: commands.KindComponent, CustomID: id, Values: values, UserID: w.user, UserName: "Ann Lee", GuildID: w.guild,
		ChannelID: channel1, Locale: w.loc, Message: bottest.MessageOf(on, r.clk.t)}
	return r.h.Do(req)
}

// mustPress presses and fails unless it was answered.
func (r *replica) mustPress(w where, on *commands.Reply, id string, values ...string) *commands.Reply {
	r.t.Helper()
	rep, out := r.press(w, on, id, values...)
	if out != bot.OK {
		r.t.Fatalf("press %s: %s: %s", id, out, bot.FormatText(rep))
	}
	return rep
}

// data is a reply's data as its JSON reads.
func data[T any](t testing.TB, r *commands.Reply) T {
	t.Helper()
	b, err := json.Marshal(r.Data)
	if err != nil {
		t.Fatal(err)
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// button returns the custom_id of the button whose label contains label.
func button(t *testing.T, r *commands.Reply, label string) string {
	t.Helper()
	for l, c := range bottest.Buttons(r) {
		if strings.Contains(l, label) && c.Kind == commands.Button {
			return c.CustomID
		}
	}
	t.Fatalf("no %q button in\n%s", label, bot.FormatText(r))
	return ""
}

// menu returns the score menu of a board, nil when it has none.
func menu(r *commands.Reply) *commands.Component {
	for _, row := range r.Components {
		for i := range row {
			if row[i].Kind == commands.SelectMenu {
				return &row[i]
			}
		}
	}
	return nil
}

// dieButtons are the custom_ids of the five dice, in order.
func dieButtons(r *commands.Reply) []string {
	for _, row := range r.Components {
		if len(row) == yacht.NumDice && row[0].Kind == commands.Button {
			var ids []string
			for _, c := range row {
				ids = append(ids, c.CustomID)
			}
			return ids
		}
	}
	return nil
}

// player plays a daily through its buttons, computing each turn's cost
// on its own from the engine and what the board shows (the dice, the
// holds, the sheet), to check the table's account against.
type player struct {
	t     *testing.T
	r     *replica
	w     where
	rules *yacht.Rules
	st    *strategy.Table
	rng   *rand.Rand
	board *commands.Reply
	// best: every decision is the engine's best.
	best bool
	// turns are the hundredths each turn lost, by the engine's advice.
	turns []int
	turn  int
}

func newPlayer(t *testing.T, r *replica, w where, rulesKey string, seed uint64) *player {
	t.Helper()
	rules, err := yacht.Preset(rulesKey)
	if err != nil {
		t.Fatal(err)
	}
	st, err := yachttest.Tables().Preset(context.Background(), rulesKey)
	if err != nil {
		t.Fatal(err)
	}
	return &player{t: t, r: r, w: w, rules: rules, st: st, rng: rand.New(rand.NewPCG(seed, 1))}
}

// advise is the engine's advice on the board p sees.
func (p *player) advise(g daily.GameData) strategy.Advice {
	p.t.Helper()
	s := yacht.NewSheet(p.rules)
	for k, v := range g.Scores {
		s.Scores[p.rules.CategoryIndex(k)] = v
	}
	var d yacht.Dice
	copy(d[:], g.Dice)
	adv, err := p.st.Advise(s, &d, g.Roll)
	if err != nil {
		p.t.Fatal(err)
	}
	return adv
}

// centi rounds as the table does.
func centi(x float64) int { return int(x*100 + 0.5) }

// step makes one random decision, or rolls the first roll of a turn
// (holds: which dice to hold, by index, when not random).
func (p *player) step(holds []int) {
	p.t.Helper()
	g := data[daily.GameData](p.t, p.board)
	if g.Roll == 0 {
		p.board = p.r.mustPress(p.w, p.board, button(p.t, p.board, "🎲"))
		return
	}
	adv := p.advise(g)
	best := adv.Actions[0].Expected
	if holds == nil && (p.best || p.rng.IntN(2) == 0) {
		// The best move, half of the time: some turns cost nothing.
		if b := adv.Actions[0]; b.Kind == strategy.Keep && g.Roll < 3 {
			keep := b.Keep
			holds = []int{}
			for i, f := range g.Dice {
				if keep[f-1] > 0 {
					keep[f-1]--
					holds = append(holds, i)
				}
			}
		} else {
			p.score(adv, best, "c"+itoa(b.Scoring.Category))
			return
		}
	}
	if g.Roll < 3 && (holds != nil || p.rng.IntN(4) > 0) {
		if holds == nil {
			for i := range yacht.NumDice {
				if p.rng.IntN(2) == 0 {
					holds = append(holds, i)
				}
			}
		}
		for _, i := range holds {
			p.board = p.r.mustPress(p.w, p.board, dieButtons(p.board)[i])
		}
		g = data[daily.GameData](p.t, p.board)
		var keep yacht.Counts
		for _, f := range g.Held {
			keep[f-1]++
		}
		for _, a := range adv.Actions {
			if a.Kind == strategy.Keep && a.Keep == keep {
				p.turn += centi(best - a.Expected)
			}
		}
		p.board = p.r.mustPress(p.w, p.board, button(p.t, p.board, "🎲"))
		return
	}
	m := menu(p.board)
	p.score(adv, best, m.Options[p.rng.IntN(len(m.Options))].Value)
}

// score scores the box of the menu's value, and ends the turn's account.
func (p *player) score(adv strategy.Advice, best float64, value string) {
	p.t.Helper()
	for _, a := range adv.Actions {
		if a.Kind == strategy.Score && "c"+itoa(a.Scoring.Category) == value {
			p.turn += centi(best - a.Expected)
		}
	}
	p.turns, p.turn = append(p.turns, p.turn), 0
	p.board = p.r.mustPress(p.w, p.board, menu(p.board).CustomID, value)
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

// finish plays the rest of the game.
func (p *player) finish() {
	p.t.Helper()
	for i := 0; !data[daily.GameData](p.t, p.board).Over; i++ {
		if i > 400 {
			p.t.Fatal("the game does not end")
		}
		p.step(nil)
	}
}
