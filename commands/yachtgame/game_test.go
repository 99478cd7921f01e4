package yachtgame

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachttables/yachttest"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/internal/race"
)

// tables returns tables shared by the tests. Under -race, where a full
// build takes tens of seconds, the yacht table holds only the end game (at
// most three open categories) and games start from crafted end-game states.
func tables(t testing.TB) *strategy.Tables {
	t.Helper()
	return yachttest.Tables()
}

// testKey seals the tests' games.
var testKey = seal.Loopback()

// harness runs /yacht with the harness's clock.
func harness(t testing.TB) *bottest.Harness {
	var h *bottest.Harness
	d := Deps{Tables: tables(t), Key: testKey, Now: func() time.Time { return h.Now() }}
	h = bottest.New(t, newCommand(d))
	return h
}

// post shows g as the bot would, as a live message of h, and returns it.
func post(t testing.TB, h *bottest.Harness, g *game) *commands.Reply {
	t.Helper()
	tb, err := tables(t).Get(context.Background(), g.Rules)
	if err != nil {
		t.Fatal(err)
	}
	r := drawn(t, &Deps{Tables: tables(t), Key: testKey}, h.Locale, tb, g)
	h.Post(r)
	return r
}

// drawn is g's board as a press would leave it, rendered and sealed with
// d's key, telling no last move.
func drawn(t testing.TB, d *Deps, loc commands.Locale, tb *strategy.Table, g *game) *commands.Reply {
	t.Helper()
	r, err := render(context.Background(), d, loc, tb, g, record.Report{Outcome: record.Off}, nil, "", d.now())
	if err != nil {
		t.Fatal(err)
	}
	sealReply(d.Key, r, sealGame(d.Key, g, loc, false), true)
	return r
}

// openGame opens and decodes a sealed state (alone, without the one
// before it).
func openGame(key seal.Key, sealed string) (*game, error) {
	s, ok := key.Open(sealed)
	if !ok {
		return nil, fmt.Errorf("%w: seal", yachttable.ErrState)
	}
	return yachttable.Decode(s)
}

// nameSeats are seats for names ("" for the unnamed starter).
func nameSeats(names []string) []player {
	var ps []player
	for _, n := range names {
		ps = append(ps, player{Kind: yachttable.SeatName, Name: n})
	}
	return ps
}

func table(t testing.TB, key string) *strategy.Table {
	t.Helper()
	tb, err := tables(t).Preset(context.Background(), key)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// --- an independent scorer for the yacht preset (51 Worldwide Games) ---

var yachtKeys = []string{"aces", "twos", "threes", "fours", "fives", "sixes", "choice", "four_of_a_kind", "full_house", "small_straight", "large_straight", "yacht"}

func scoreByHand(key string, dice []int) int {
	var cnt [7]int
	sum := 0
	for _, f := range dice {
		cnt[f]++
		sum += f
	}
	has := func(faces ...int) bool {
		for _, f := range faces {
			if cnt[f] == 0 {
				return false
			}
		}
		return true
	}
	switch key {
	case "aces", "twos", "threes", "fours", "fives", "sixes":
		face := map[string]int{"aces": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6}[key]
		return face * cnt[face]
	case "choice":
		return sum
	case "four_of_a_kind":
		for f := 1; f <= 6; f++ {
			if cnt[f] >= 4 {
				return sum
			}
		}
	case "full_house":
		three, two := false, false
		for f := 1; f <= 6; f++ {
			three = three || cnt[f] == 3
			two = two || cnt[f] == 2
		}
		if three && two {
			return sum
		}
	case "small_straight":
		if has(1, 2, 3, 4) || has(2, 3, 4, 5) || has(3, 4, 5, 6) {
			return 15
		}
	case "large_straight":
		if has(1, 2, 3, 4, 5) || has(2, 3, 4, 5, 6) {
			return 30
		}
	case "yacht":
		for f := 1; f <= 6; f++ {
			if cnt[f] == 5 {
				return 50
			}
		}
	}
	return 0
}

// sheetModel is the test's own record of one player's sheet.
type sheetModel struct {
	scores map[string]int
	// lossCenti sums the losses the test computed from the advice it
	// collected, rounded to hundredths per decision like the bot.
	lossCenti int
	lossByCat map[string]int
}

func (m *sheetModel) upper() int {
	u := 0
	for _, k := range yachtKeys[:6] {
		u += m.scores[k]
	}
	return u
}

func (m *sheetModel) total() int {
	t := 0
	for _, v := range m.scores {
		t += v
	}
	if m.upper() >= 63 {
		t += 35
	}
	return t
}

func (m *sheetModel) sheet(t *testing.T) yacht.Sheet {
	r, _ := yacht.Preset(yacht.Yacht)
	var parts []string
	for k, v := range m.scores {
		parts = append(parts, fmt.Sprintf("%s:%d", k, v))
	}
	s, err := yacht.ParseSheet(r, strings.Join(parts, " "))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// --- driving the router ---

func find(r *commands.Reply, action byte) (commands.Component, bool) {
	for _, row := range r.Components {
		for _, c := range row {
			if strings.HasPrefix(c.CustomID, idPrefix+string(action)+"/") {
				return c, true
			}
		}
	}
	return commands.Component{}, false
}

func mustFind(t *testing.T, r *commands.Reply, action byte) commands.Component {
	t.Helper()
	c, ok := find(r, action)
	if !ok {
		t.Fatalf("no %q component in\n%s", action, bot.FormatText(r))
	}
	return c
}

// startAs runs a slash line as the user the harness clicks with (the
// harness runs slash lines as "local" and clicks as "tester").
func startAs(t *testing.T, h *bottest.Harness, line, user string) *commands.Reply {
	t.Helper()
	req, err := runner.SlashRequest(h.Registry, line, h.Locale)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	req.UserID = user
	r, out := h.Do(req)
	if out != bot.OK {
		t.Fatalf("%s: %s: %s", line, out, bot.FormatText(r))
	}
	return r
}

func gdata(t *testing.T, r *commands.Reply) GameData {
	t.Helper()
	d, ok := r.Data.(GameData)
	if !ok {
		t.Fatalf("data %T", r.Data)
	}
	return d
}

func click(t *testing.T, h *bottest.Harness, id string, values ...string) *commands.Reply {
	t.Helper()
	r, out := h.Click(id, values...)
	if out != bot.OK {
		t.Fatalf("click %s: %s: %s", id, out, bot.FormatText(r))
	}
	if !r.Update {
		t.Fatalf("click %s: not an update of the message", id)
	}
	return r
}

// play plays the game shown by r to its end. Per turn it rolls virtual dice
// or enters dice through the modal, holds dice at random or with "Hold
// best", and scores a category at random or the starred one; after every
// interaction it checks the message against the test's own records, and at
// the end the summary. It returns the longest custom_id seen.
func play(t *testing.T, h *bottest.Harness, r *commands.Reply, models []*sheetModel, rng *rand.Rand, modal func() bool, skill float64) int {
	t.Helper()
	tb := table(t, yacht.Yacht)
	longest := 0
	measure := func(r *commands.Reply) {
		checkNoLinkedTitle(t, r)
		for _, row := range r.Components {
			for _, c := range row {
				longest = max(longest, len(c.CustomID))
			}
		}
	}
	pending := 0 // this turn's keep losses, hundredths
	for step := 0; ; step++ {
		if step > 2000 {
			t.Fatal("game does not end")
		}
		measure(r)
		d := gdata(t, r)
		if d.Over {
			break
		}
		m := models[d.Current]
		// A skilled move follows the bot's stars; others are random.
		skilled := rng.Float64() < skill
		bestIsScore := false
		if d.Roll > 0 {
			dice := yacht.Dice(d.Dice)
			adv, err := tb.Advise(m.sheet(t), &dice, d.Roll)
			if err != nil {
				t.Fatal(err)
			}
			bestIsScore = adv.Actions[0].Kind == strategy.Score
		}
		switch {
		case d.Roll == 0 || d.Roll <= 2 && (skilled && !bestIsScore || !skilled && rng.IntN(4) > 0):
			// A keep decision (after roll 1 or 2) then a roll.
			if d.Roll > 0 {
				if b, ok := find(r, 'b'); skilled || ok && rng.IntN(3) == 0 {
					if ok {
						r = click(t, h, b.CustomID)
					}
				} else {
					for i := 0; i < 5; i++ {
						if rng.IntN(2) == 0 {
							r = click(t, h, mustFind(t, r, byte('0'+i)).CustomID)
							want := d.Held
							if got := gdata(t, r).Held; len(got) == len(want) {
								t.Fatalf("hold toggle of die %d did not change the held dice %v", i, got)
							}
							d = gdata(t, r)
						}
					}
				}
				d = gdata(t, r)
				// The advice, collected independently from the test's sheet.
				dice := yacht.Dice(d.Dice)
				adv, err := tb.Advise(m.sheet(t), &dice, d.Roll)
				if err != nil {
					t.Fatal(err)
				}
				var held yacht.Counts
				for _, f := range d.Held {
					held[f-1]++
				}
				found := false
				for _, a := range adv.Actions {
					if a.Kind == strategy.Keep && a.Keep == held {
						pending += int(math.Round(100 * (adv.Actions[0].Expected - a.Expected)))
						found = true
					}
				}
				if !found {
					t.Fatalf("held %v is not a keep of %v", d.Held, d.Dice)
				}
			}
			before := d
			if modal() {
				mr, out := h.Click(mustFind(t, r, 'e').CustomID)
				if out != bot.OK || mr.Modal == nil {
					t.Fatalf("enter: %s %s", out, bot.FormatText(mr))
				}
				faces := append([]int(nil), before.Held...)
				for len(faces) < 5 {
					faces = append(faces, 1+rng.IntN(6))
				}
				rng.Shuffle(len(faces), func(i, j int) { faces[i], faces[j] = faces[j], faces[i] })
				text := strings.Trim(fmt.Sprint(faces), "[]")
				var out2 bot.Outcome
				r, out2 = h.Submit(mr.Modal.CustomID, map[string]string{"dice": text})
				if out2 != bot.OK || !r.Update {
					t.Fatalf("submit %q: %s %s", text, out2, bot.FormatText(r))
				}
				sort.Ints(faces)
				if got := gdata(t, r).Dice; fmt.Sprint(got) != fmt.Sprint(faces) {
					t.Fatalf("entered %v, the sheet shows %v", faces, got)
				}
			} else {
				r = click(t, h, mustFind(t, r, 'r').CustomID)
			}
			after := gdata(t, r)
			if after.Roll != before.Roll+1 || len(after.Dice) != 5 || after.Current != before.Current {
				t.Fatalf("roll %d -> %d, dice %v", before.Roll, after.Roll, after.Dice)
			}
			// Held dice stay.
			var have [7]int
			for _, f := range after.Dice {
				have[f]++
			}
			for _, f := range before.Held {
				if have[f]--; have[f] < 0 {
					t.Fatalf("held %v lost in %v", before.Held, after.Dice)
				}
			}
		default:
			// Score a category from the menu.
			menu := mustFind(t, r, 's')
			opt := menu.Options[rng.IntN(len(menu.Options))]
			if skilled || rng.IntN(2) == 0 {
				for _, o := range menu.Options {
					if o.Emoji == "⭐" {
						opt = o
					}
				}
			}
			var cat int
			fmt.Sscanf(opt.Value, "c%d", &cat)
			key := yachtKeys[cat]
			dice := yacht.Dice(d.Dice)
			adv, err := tb.Advise(m.sheet(t), &dice, d.Roll)
			if err != nil {
				t.Fatal(err)
			}
			loss := -1
			for _, a := range adv.Actions {
				if a.Kind == strategy.Score && a.Scoring.Category == cat {
					loss = int(math.Round(100 * (adv.Actions[0].Expected - a.Expected)))
					// The menu shows the same expected final score.
					if !strings.Contains(opt.Description, fmt.Sprintf("%.2f", a.Expected)) {
						t.Errorf("menu option %q, expected final %.2f", opt.Description, a.Expected)
					}
				}
			}
			if loss < 0 {
				t.Fatalf("%s is not a legal score", key)
			}
			pts := scoreByHand(key, d.Dice)
			if !strings.HasPrefix(opt.Label, fmt.Sprintf("%s: %d", yachtwords.CategoryName(commands.English, tb.Rules(), cat), pts)) {
				t.Errorf("menu label %q, %s scores %d for %v", opt.Label, key, pts, d.Dice)
			}
			m.scores[key] = pts
			m.lossByCat[key] = pending + loss
			m.lossCenti += pending + loss
			pending = 0
			r = click(t, h, menu.CustomID, opt.Value)
			after := gdata(t, r)
			if !after.Over && (after.Roll != 0 || after.Current != (d.Current+1)%len(models)) {
				t.Fatalf("after scoring: roll %d player %d", after.Roll, after.Current)
			}
			// Every sheet, total and loss against the test's records.
			for i, pm := range models {
				pd := after.Players[i]
				if fmt.Sprint(pd.Scores) != fmt.Sprint(pm.scores) || pd.Total != pm.total() || pd.Upper != pm.upper() {
					t.Fatalf("player %d: bot %v total %d upper %d; test %v total %d upper %d", i, pd.Scores, pd.Total, pd.Upper, pm.scores, pm.total(), pm.upper())
				}
				if math.Abs(pd.Lost-float64(pm.lossCenti)/100) > 1e-9 {
					t.Fatalf("player %d lost %.2f, test %.2f", i, pd.Lost, float64(pm.lossCenti)/100)
				}
				field := seatText(r, len(models), after.Current, i)
				if after.Over {
					// The final board shows the results; its sheets are
					// behind 📋 Sheets.
					sr, out := h.Click(mustFind(t, r, actSheets).CustomID)
					if out != bot.OK || !sr.Ephemeral {
						t.Fatalf("📋 Sheets: %s, ephemeral %v", out, sr.Ephemeral)
					}
					field = sr.Embeds[0].Fields[i].Value
				}
				if !strings.Contains(field, fmt.Sprintf("**Total %d**", pm.total())) {
					t.Fatalf("player %d field lacks total %d:\n%s", i, pm.total(), field)
				}
			}
		}
	}
	// The summary.
	text := bot.FormatText(r)
	t.Logf("summary:\n%s", text)
	if !onlyFinalButtons(r) {
		t.Errorf("the summary has components other than Play again")
	}
	start := tb.Start()
	for i, m := range models {
		field := r.Embeds[0].Fields[i].Value
		for _, want := range []string{
			fmt.Sprintf("Final score **%d** · perfect play from the start expects %.2f", m.total(), start),
			fmt.Sprintf("Expected points lost by decisions: **%.2f**", float64(m.lossCenti)/100),
			fmt.Sprintf("Dice luck: %+.2f", float64(m.total())-start+float64(m.lossCenti)/100),
		} {
			if !strings.Contains(field, want) {
				t.Errorf("player %d summary lacks %q:\n%s", i, want, field)
			}
		}
		if m.lossCenti == 0 && !strings.Contains(field, "Every decision was optimal") {
			t.Errorf("player %d: no loss but\n%s", i, field)
		}
		if gdata(t, r).Players[i].Lost*100 != float64(m.lossCenti) && math.Abs(gdata(t, r).Players[i].Lost*100-float64(m.lossCenti)) > 1e-6 {
			t.Errorf("player %d lost %.2f, test %.2f", i, gdata(t, r).Players[i].Lost, float64(m.lossCenti)/100)
		}
		if !strings.Contains(field, "dropped") {
			for k, l := range m.lossByCat {
				if l > 0 && !strings.Contains(field, fmt.Sprintf("%s %.2f", yachtwords.CategoryName(commands.English, tb.Rules(), indexOf(k)), float64(l)/100)) {
					t.Errorf("player %d summary lacks the loss %.2f at %s:\n%s", i, float64(l)/100, k, field)
				}
			}
		}
	}
	if len(models) > 1 && !strings.Contains(text, "🏆") {
		t.Errorf("no winner line:\n%s", text)
	}
	return longest
}

func indexOf(key string) int {
	for i, k := range yachtKeys {
		if k == key {
			return i
		}
	}
	return -1
}

func newModels(n int, filled map[string]int) []*sheetModel {
	var ms []*sheetModel
	for i := 0; i < n; i++ {
		m := &sheetModel{scores: map[string]int{}, lossByCat: map[string]int{}}
		for k, v := range filled {
			m.scores[k] = v
			m.lossByCat[k] = 0
		}
		ms = append(ms, m)
	}
	return ms
}

// endGame is a crafted state with choice, large_straight and yacht open for
// every player (the test's end-game table under -race holds these states).
var endGame = map[string]int{"aces": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18, "four_of_a_kind": 0, "full_house": 0, "small_straight": 15}

func craft(t *testing.T, names []string, filled map[string]int, userID string) *game {
	t.Helper()
	if len(names) == 0 {
		names = []string{""}
	}
	g, err := yachttable.New(0, seal.OwnerOf(userID), 99, nameSeats(names))
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Seats {
		for k, v := range filled {
			g.Seats[i].Sheet.Scores[indexOf(k)] = v
		}
	}
	return g
}

func TestWholeGames(t *testing.T) {
	cases := []struct {
		name    string
		players []string
		modal   float64 // share of rolls entered through the modal
		skill   float64 // share of moves that follow the bot's stars
		seed    uint64
	}{
		{"solo virtual dice", nil, 0, 0.7, 1},
		{"solo entered dice", nil, 1, 0.5, 2},
		{"solo perfect", nil, 0.5, 1, 5},
		{"solo random", nil, 0.2, 0, 6},
		{"three players mixed", []string{"Ann", "Bob", "민수"}, 0.5, 0.9, 3},
		{"four players", []string{"Ann", "Bob", "Cy", "Dee"}, 0.3, 0.2, 4},
		{"two players perfect", []string{"Ann", "Bob"}, 0.5, 1, 7},
	}
	longest := 0
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := harness(t)
			rng := rand.New(rand.NewPCG(c.seed, 7))
			modal := func() bool { return rng.Float64() < c.modal }
			n := max(1, len(c.players))
			var r *commands.Reply
			var models []*sheetModel
			if race.Enabled {
				// Three open categories each, on the end-game table.
				r = click(t, h, mustFind(t, post(t, h, craft(t, c.players, endGame, "tester")), 'r').CustomID)
				models = newModels(n, endGame)
			} else {
				line := fmt.Sprintf("/yacht start seed:%d", c.seed)
				if c.players != nil {
					line += ` players:"` + strings.Join(c.players, ", ") + `"`
				}
				r = startAs(t, h, line, "tester")
				models = newModels(n, nil)
				if got := gdata(t, r); len(got.Players) != n || got.Roll != 0 || got.Current != 0 {
					t.Fatalf("start: %+v", got)
				}
			}
			l := play(t, h, r, models, rng, modal, c.skill)
			t.Logf("longest custom_id %d characters", l)
			longest = max(longest, l)
		})
	}
	t.Logf("longest custom_id over all games: %d", longest)
}

// seatText is what a board shows of seat i of n, cur to play: its field,
// or on a compact board the sheet of the player to play or seat i's line
// among the others (the next to play first).
func seatText(r *commands.Reply, n, cur, i int) string {
	f := r.Embeds[0].Fields
	switch {
	case n < compactFrom:
		return f[i].Value
	case i == cur:
		return f[0].Value
	}
	return strings.Split(f[1].Value, "\n")[(i-cur-1+n)%n]
}
