package main

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/internal/fakediscord"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// The players of the cheats, and the server they play in (fakediscord's
// default).
const (
	ann, bob, cyd, dee, eve = "411111111111111111", "422222222222222222", "433333333333333333", "444444444444444444", "455555555555555555"
	trustGuild              = "42"
)

// yachtStartWith is /yacht start with options (name → value).
func yachtStartWith(opts map[string]any) map[string]any {
	var os []any
	for k, v := range opts {
		typ := 3
		if _, ok := v.(int); ok {
			typ = 4
		}
		os = append(os, map[string]any{"name": k, "type": typ, "value": v})
	}
	return map[string]any{"id": "1", "name": "yacht", "type": 1, "options": []any{map[string]any{"name": "start", "type": 1, "options": os}}}
}

var yourTurn = regexp.MustCompile(`<@(\d+)>, it's your turn`)

// over reports whether m is a final board.
func over(m message) bool { return strings.Contains(m.text(), "Game over.") }

// turnOf is the user whose turn board m pings ("" for a seat given by
// name).
func turnOf(m message) string {
	if s := yourTurn.FindStringSubmatch(m.text()); s != nil {
		return s[1]
	}
	return ""
}

// tableOf reads the table board m carries, unsealed (what anyone can read
// of a board: it is sealed, not encrypted).
func tableOf(t *testing.T, m message) *yachttable.Table {
	t.Helper()
	embeds, _ := m["embeds"].([]any)
	for _, e := range embeds {
		url, _ := e.(map[string]any)["url"].(string)
		if frag, ok := strings.CutPrefix(url, "https://alea.invalid/yacht#"); ok {
			if _, rest, found := strings.Cut(frag, ":"); found {
				frag = rest
			}
			frag = strings.TrimPrefix(frag, "!")
			g, err := yachttable.Decode(strings.SplitN(frag, "~", 2)[0])
			if err != nil {
				t.Fatal(err)
			}
			return g
		}
	}
	t.Fatalf("no board in %s", m.text())
	return nil
}

// trust is a cluster of one replica and the store it records into;
// rolled, when set, hears of each first roll of a turn (its player and
// dice).
type trust struct {
	*memoryCluster
	st     store.Store
	rolled func(user string, dice [5]int)
}

// id is the custom_id of m's component whose custom_id starts with prefix
// (and a menu's first value).
func (c *trust) id(m message, prefix string) (string, string) {
	c.t.Helper()
	id, v, ok := m.component(prefix)
	if !ok {
		c.t.Fatalf("no %s in\n%s", prefix, m.text())
	}
	return id, v
}

// rollAndScore plays user's turn: one roll, a hint first when hint is
// set (and the advice logged before going on), then the menu's first box.
func (c *trust) rollAndScore(user string, m message, hint bool) message {
	c.t.Helper()
	roll, _ := c.id(m, "yacht/2/r/")
	m = c.interact(0, user, press(roll, ""), m)
	if c.rolled != nil {
		c.rolled(user, tableOf(c.t, m).Dice)
	}
	if hint {
		before := c.asked(user)
		h, _ := c.id(m, "yacht/2/h/")
		if r := c.interact(0, user, press(h, ""), m); !strings.Contains(r.text(), "expected final score") {
			c.t.Fatalf("the hint:\n%s", r.text())
		}
		// The hint is logged beside its reply: wait for it (as the
		// table's next press would, a moment later).
		for i := 0; c.asked(user) == before; i++ {
			if i > 200 {
				c.t.Fatal("the hint was not logged")
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	menu, value := c.id(m, "yacht/2/s/")
	return c.interact(0, user, press(menu, value), m)
}

// asked counts the advice the log keeps of user.
func (c *trust) asked(user string) int {
	a, err := c.st.AdviceAsked(context.Background(), store.AdviceQuery{Users: []string{user}})
	if err != nil {
		c.t.Fatal(err)
	}
	return len(a)
}

// play plays board m to its end: turn plays each turn, given whose it is.
func (c *trust) play(m message, turn func(user string, m message) message) message {
	c.t.Helper()
	for i := 0; !over(m); i++ {
		if i > 200 {
			c.t.Fatalf("the game does not end:\n%s", m.text())
		}
		m = turn(turnOf(m), m)
	}
	return m
}

// standing is user's line of the server's Yacht (or other) standings,
// every player ranked.
func (c *trust) standing(kind, user string) store.Standing {
	c.t.Helper()
	st, err := c.st.Standings(context.Background(), store.StandingsQuery{Guild: trustGuild, Kind: kind})
	if err != nil {
		c.t.Fatal(err)
	}
	for _, s := range st.Ranked {
		if s.User == user {
			s.Rank = 0
			return s
		}
	}
	return store.Standing{}
}

// recorded is the game a final board's Review button names, as stored.
func (c *trust) recorded(final message) store.Game {
	c.t.Helper()
	g, ok, err := c.st.Game(context.Background(), reviewID(final))
	if err != nil || !ok {
		c.t.Fatalf("the game of\n%s\nis not stored: %v", final.text(), err)
	}
	return g
}

// Every cheat of issue 41, tried through the signed HTTP endpoint of a
// real `alea serve` with replies delivered over REST, recording into
// PostgreSQL: each is refused or left uncounted, and the standings agree
// with brute force over every game recorded.
func TestCheatsDoNotCount(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	defer func(w time.Duration) { fakediscord.Wait = w }(fakediscord.Wait)
	fakediscord.Wait = 2 * time.Minute
	mc := startMemoryCluster(t, ctx, 1)
	st, err := store.Open(ctx, mc.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	c := &trust{memoryCluster: mc, st: st}
	plain := func(user string, m message) message { return c.rollAndScore(user, m, false) }

	// Hints: Ann presses 💡 Hint before every decision, Bob never. Her
	// decisions are all assisted: the final board says so, skill counts
	// none of them; Bob's count.
	m := c.interact(0, ann, yachtStartWith(map[string]any{"players": "<@" + ann + ">, <@" + bob + ">", "coach": "hints"}), nil)
	counted := tableOf(t, m) // a counted game's board, read for its seed below
	var annRolls [][5]int
	c.rolled = func(user string, dice [5]int) {
		if user == ann {
			annRolls = append(annRolls, dice)
		}
	}
	final := c.play(m, func(user string, m message) message {
		return c.rollAndScore(user, m, user == ann)
	})
	c.rolled = nil
	text := final.text()
	if !strings.Contains(text, "💡 12 of 12 decisions assisted") || strings.Count(text, "💡") != 1 ||
		!strings.Contains(text, "📊 Counts toward wins, average and skill.") {
		t.Fatalf("the final board of a game Ann played with hints:\n%s", text)
	}
	g := c.recorded(final)
	if g.Seats[0].User != ann || g.Seats[0].Assisted != 12 || g.Seats[0].Counts.Decisions != 0 || g.Seats[1].Assisted != 0 || g.Seats[1].Counts.Decisions != 12 {
		t.Fatalf("recorded %+v", g.Seats)
	}
	if a, b := c.standing(store.KindYacht, ann), c.standing(store.KindYacht, bob); a.Decisions != 0 || a.Assisted != 12 || b.Decisions != 12 || a.Contests != 1 {
		t.Errorf("standings after the hints: Ann %+v, Bob %+v", a, b)
	}
	// Ranked by skill, Ann's bought skill does not rank: she has no
	// decision counted and comes after Bob.
	sk, err := st.Standings(ctx, store.StandingsQuery{Guild: trustGuild, Kind: store.KindYacht, By: store.BySkill})
	if err != nil || len(sk.Ranked) != 2 || sk.Ranked[0].User != bob {
		t.Errorf("by skill: %+v, %v", sk.Ranked, err)
	}

	// The public coach: every decision of both is assisted.
	before := map[string]store.Standing{ann: c.standing(store.KindYacht, ann), bob: c.standing(store.KindYacht, bob)}
	m = c.interact(0, bob, yachtStartWith(map[string]any{"players": "<@" + bob + ">, <@" + ann + ">", "coach": "on"}), nil)
	final = c.play(m, plain)
	if text := final.text(); strings.Count(text, "💡 12 of 12 decisions assisted") != 2 {
		t.Fatalf("the final board under the public coach:\n%s", text)
	}
	for _, u := range []string{ann, bob} {
		if s := c.standing(store.KindYacht, u); s.Decisions != before[u].Decisions || s.Assisted != before[u].Assisted+12 || s.Games != before[u].Games+1 {
			t.Errorf("%s after the public coach: %+v (before %+v)", u, s, before[u])
		}
	}
	// The standings say what skill leaves out.
	standings := map[string]any{"id": "2", "name": "stats", "type": 1, "options": []any{map[string]any{"name": "standings", "type": 1,
		"options": []any{map[string]any{"name": "by", "type": 3, "value": "skill"}, map[string]any{"name": "min", "type": 4, "value": 1}}}}}
	if text := c.interact(0, bob, standings, nil).text(); !strings.Contains(text, "<@"+ann+"> · 0.00 lost/decision over 0 decisions · ") ||
		!strings.Contains(text, "💡 24 assisted, not counted") {
		t.Errorf("the standings by skill:\n%s", text)
	}

	// The seed read from the counted game's board, typed as a chosen
	// seed, deals other dice: Eve plays it alone as Ann played the counted
	// game's seat 0 (roll once, score the first box; the seed's dice, as
	// before, were those of seat 0 at each turn), and their first rolls
	// are compared turn by turn. The same seed typed again replays Eve's.
	chosen := func(user string) [][5]int {
		var rolls [][5]int
		c.rolled = func(_ string, dice [5]int) { rolls = append(rolls, dice) }
		defer func() { c.rolled = nil }()
		final := c.play(c.interact(0, user, yachtStartWith(map[string]any{"players": "<@" + user + ">", "seed": int(counted.Seed), "coach": "off"}), nil), plain)
		if !strings.Contains(final.text(), "Chosen seed: kept in the history, counts toward no standing.") {
			t.Fatalf("the chosen seed's game:\n%s", final.text())
		}
		return rolls
	}
	eveRolls := chosen(eve)
	same := 0
	for turn := range annRolls {
		if annRolls[turn] == eveRolls[turn] {
			same++
		}
	}
	if len(annRolls) != 12 || len(eveRolls) != 12 || same > 1 {
		t.Errorf("the seed of a counted game, typed as a chosen seed, dealt %d of %d first rolls alike", same, len(annRolls))
	}
	if again := chosen(bob); fmt.Sprint(again) != fmt.Sprint(eveRolls) {
		t.Errorf("a chosen seed does not replay its dice:\n%v\n%v", again, eveRolls)
	}

	// Alone, with a puppet, played by Alea, never played: nothing moves.
	snapshot := func() map[string]store.Standing {
		out := map[string]store.Standing{}
		for _, u := range []string{ann, bob, cyd, dee, eve} {
			out[u] = c.standing(store.KindYacht, u)
		}
		return out
	}
	final = c.play(c.interact(0, cyd, yachtStartWith(map[string]any{"players": "<@" + cyd + ">", "coach": "off"}), nil), plain)
	if s := c.standing(store.KindYacht, cyd); s.Wins != 0 || s.Contests != 0 || s.Games != 1 ||
		!strings.Contains(final.text(), "📊 Counts toward average and skill; a win counts only against another player.") {
		t.Errorf("a game alone: %+v\n%s", s, final.text())
	}
	was := snapshot()
	final = c.play(c.interact(0, cyd, yachtStartWith(map[string]any{"players": "<@" + cyd + ">, Puppet", "coach": "off"}), nil), func(user string, m message) message {
		return c.rollAndScore(cyd, m, false) // the starter presses for the puppet too
	})
	if !strings.Contains(final.text(), "the starter's result counts toward no standing") {
		t.Errorf("a game with a puppet:\n%s", final.text())
	}
	// Cyd plays his first turn, then lets Alea play every other turn of
	// his and all of Dee's, who never presses.
	m = c.interact(0, cyd, yachtStartWith(map[string]any{"players": "<@" + cyd + ">, <@" + dee + ">", "coach": "off"}), nil)
	m = c.rollAndScore(cyd, m, false)
	final = c.play(m, func(_ string, m message) message {
		m["edited_timestamp"] = time.Now().Add(-20 * time.Minute).Format(time.RFC3339)
		p, _ := c.id(m, "yacht/2/p/")
		return c.interact(0, cyd, press(p, ""), m)
	})
	text = final.text()
	if !strings.Contains(text, "⏱️ Alea played 11 of 12 turns for them: this seat counts for nobody.") ||
		!strings.Contains(text, "Never played this seat: it is recorded under nobody's name.") ||
		!strings.Contains(text, "No seat was played by a Discord player of its own") {
		t.Errorf("a game Alea played:\n%s", text)
	}
	if g := c.recorded(final); g.Seats[0].User != "" || g.Seats[1].User != "" {
		t.Errorf("a game Alea played is recorded under %q and %q", g.Seats[0].User, g.Seats[1].User)
	}
	if h, err := st.History(ctx, store.HistoryQuery{User: dee}); err != nil || len(h.Games) != 0 {
		t.Errorf("Dee, who never pressed, has %d games (%v)", len(h.Games), err)
	}
	// A 1×1 orbs puzzle solved counts for nothing.
	m = c.interact(0, cyd, map[string]any{"id": "4", "name": "orbs", "type": 1, "options": []any{map[string]any{"name": "random", "type": 3, "value": "1x1"}}}, nil)
	for i := 0; !strings.Contains(m.text(), "📒"); i++ {
		if i > 4 {
			t.Fatalf("the 1×1 puzzle is not solved:\n%s", m.text())
		}
		m = c.interact(0, cyd, press(m.firstEnabled("orbs/3/"), ""), m)
	}
	if now := snapshot(); fmt.Sprint(now) != fmt.Sprint(was) {
		t.Errorf("the standings moved:\n%v\n%v", was, now)
	}
	if s := c.standing(store.KindOrbs, cyd); s.Games != 0 {
		t.Errorf("a 1×1 puzzle counted: %+v", s)
	}

	// Real dice: Ann enters the dice of her first roll by hand; the form
	// says what they count toward first. The game counts toward skill
	// only.
	was = snapshot()
	m = c.interact(0, ann, yachtStartWith(map[string]any{"players": "<@" + ann + ">, <@" + bob + ">", "coach": "off"}), nil)
	enter, _ := c.id(m, "yacht/2/e/")
	modal := c.interact(0, ann, press(enter, ""), m)
	if title, _ := modal["title"].(string); title != "Roll 1 · real dice count for skill only" {
		t.Fatalf("the dice form: %v", modal)
	}
	id, _ := modal["custom_id"].(string)
	m = c.interactAs(0, 5, ann, map[string]any{"custom_id": id, "components": []any{map[string]any{"type": 1,
		"components": []any{map[string]any{"type": 4, "custom_id": "dice", "value": "6 6 6 6 6"}}}}}, m)
	if !strings.Contains(m.text(), "Dice entered by hand: this game counts toward skill only.") {
		t.Fatalf("the board after real dice:\n%s", m.text())
	}
	menu, value := c.id(m, "yacht/2/s/")
	final = c.play(c.interact(0, ann, press(menu, value), m), plain)
	if !strings.Contains(final.text(), "✍️ Real dice: counts toward skill only, not wins or average.") {
		t.Errorf("the final board of real dice:\n%s", final.text())
	}
	for _, u := range []string{ann, bob} {
		s, w := c.standing(store.KindYacht, u), was[u]
		if s.Wins != w.Wins || s.Contests != w.Contests || s.Scored != w.Scored || s.AvgScore != w.AvgScore || s.Decisions != w.Decisions+12 || s.Games != w.Games+1 {
			t.Errorf("%s after real dice: %+v (before %+v)", u, s, w)
		}
	}

	// /yacht-advise in another window: Bob asks it about his position
	// before each of his decisions; they are all assisted, Ann's none.
	was = snapshot()
	m = c.interact(0, ann, yachtStartWith(map[string]any{"players": "<@" + ann + ">, <@" + bob + ">", "coach": "off"}), nil)
	final = c.play(m, func(user string, m message) message {
		if user != bob {
			return plain(user, m)
		}
		roll, _ := c.id(m, "yacht/2/r/")
		m = c.interact(0, bob, press(roll, ""), m)
		g := tableOf(t, m)
		var sheet []string
		for i, v := range g.Current().Sheet.Scores {
			if v >= 0 {
				sheet = append(sheet, fmt.Sprintf("%s:%d", g.Rules.Categories[i].Key, v))
			}
		}
		asked := c.asked(bob)
		opts := []any{map[string]any{"name": "dice", "type": 3, "value": fmt.Sprint(g.Dice[0], g.Dice[1], g.Dice[2], g.Dice[3], g.Dice[4])},
			map[string]any{"name": "roll", "type": 4, "value": 1}}
		if len(sheet) > 0 {
			opts = append(opts, map[string]any{"name": "sheet", "type": 3, "value": strings.Join(sheet, " ")})
		}
		if r := c.interact(0, bob, map[string]any{"id": "5", "name": "yacht-advise", "type": 1, "options": opts}, nil); !strings.Contains(r.text(), "Best") {
			t.Fatalf("/yacht-advise:\n%s", r.text())
		}
		for i := 0; c.asked(bob) == asked; i++ {
			if i > 200 {
				t.Fatal("/yacht-advise was not logged")
			}
			time.Sleep(10 * time.Millisecond)
		}
		menu, value := c.id(m, "yacht/2/s/")
		return c.interact(0, bob, press(menu, value), m)
	})
	if text := final.text(); strings.Count(text, "💡 12 of 12 decisions assisted") != 1 {
		t.Errorf("the final board after /yacht-advise:\n%s", text)
	}
	if g := c.recorded(final); g.Seats[1].User != bob || g.Seats[1].Assisted != 12 || g.Seats[0].Assisted != 0 {
		t.Errorf("recorded after /yacht-advise: %+v", g.Seats)
	}
	if a, b := c.standing(store.KindYacht, ann), c.standing(store.KindYacht, bob); a.Decisions != was[ann].Decisions+12 || b.Decisions != was[bob].Decisions {
		t.Errorf("skill after /yacht-advise: Ann %+v, Bob %+v", a, b)
	}

	// The standings agree with brute force over every game recorded, in
	// the order they were.
	games := recordedGames(t, ctx, mc.dbURL, st)
	if len(games) < 9 {
		t.Fatalf("%d games recorded", len(games))
	}
	for _, kind := range []string{store.KindYacht, store.KindOrbs} {
		for _, by := range []store.Ranking{store.ByWins, store.ByAverage, store.BySkill} {
			q := store.StandingsQuery{Guild: trustGuild, Kind: kind, By: by}
			got, err := st.Standings(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if want := storetest.BruteStandings(games, q); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%+v:\n got %+v\nwant %+v", q, got, want)
			}
		}
	}
	for _, r := range mc.replicas {
		if err := r.p.terminate(t, 30*time.Second); err != nil {
			t.Errorf("exit: %v", err)
		}
	}
}

// recordedGames reads every game the database holds, in the order they
// were recorded (their rows' order of insertion is their ends' here).
func recordedGames(t *testing.T, ctx context.Context, url string, st store.Store) []store.Game {
	t.Helper()
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.QueryContext(ctx, "SELECT id FROM games ORDER BY ended, id")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for rows.Next() {
		var id string
		rows.Scan(&id)
		ids = append(ids, id)
	}
	rows.Close()
	var out []store.Game
	for _, id := range ids {
		g, _, err := st.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		for i := range g.Seats {
			g.Seats[i].Counts = store.Counts{}
		}
		out = append(out, g)
	}
	return out
}
