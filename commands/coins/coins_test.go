package coins_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	coinscmd "github.com/alea-bot/alea/commands/coins"
	"github.com/alea-bot/alea/engine/coins"
	"github.com/alea-bot/alea/game/seal"
)

// harness clicks as the user that runs the slash lines, who owns the games.
func harness(t *testing.T) *bottest.Harness {
	h := bottest.New(t, coinscmd.Command(seal.Loopback()))
	h.User = "local"
	return h
}

func dataJSON(t *testing.T, r *commands.Reply) string {
	t.Helper()
	b, err := json.Marshal(r.Data)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestDataSchema checks --format data against docs/data.md, field by field.
func TestDataSchema(t *testing.T) {
	h := harness(t)
	cases := map[string]string{
		"/coins bw black:2 white:1":                   `{"game":"bw","black":2,"white":1,"mover_wins":true,"winning_moves":[{"color":"black","take":2}]}`,
		"/coins bw black:1000000000000000000 white:3": `{"game":"bw","black":1000000000000000000,"white":3,"mover_wins":false,"winning_moves":[]}`,
		"/coins bw black:10^18 white:4":               `{"game":"bw","black":1000000000000000000,"white":4,"mover_wins":true,"winning_moves":[{"color":"black","take":1},{"color":"white","take":1}]}`,
		`/coins pile coins:20 take:"1 2" last:loses`:  `{"game":"pile","coins":20,"take":[1,2],"last":"loses","mover_wins":true,"winning_moves":[1]}`,
		`/coins pile coins:19`:                        `{"game":"pile","coins":19,"take":[1,2],"last":"loses","mover_wins":false,"winning_moves":[]}`,
		`/coins pile coins:9 take:"4,3,1" last:wins`:  `{"game":"pile","coins":9,"take":[1,3,4],"last":"wins","mover_wins":false,"winning_moves":[]}`,
		`/coins pile coins:10 take:"1 3 4" last:wins`: `{"game":"pile","coins":10,"take":[1,3,4],"last":"wins","mover_wins":true,"winning_moves":[1,3]}`,
		"/coins marbles count:100":                    `{"game":"marbles","count":100,"mover_wins":true,"winning_moves":[5]}`,
		"/coins marbles count:95":                     `{"game":"marbles","count":95,"mover_wins":false,"winning_moves":[]}`,
		"/coins marbles count:1":                      `{"game":"marbles","count":1,"mover_wins":true,"winning_moves":[1]}`,
	}
	for line, want := range cases {
		if got := dataJSON(t, h.MustRun(line)); got != want {
			t.Errorf("%s:\n got %s\nwant %s", line, got, want)
		}
	}
}

type bwJSON struct {
	MoverWins    bool `json:"mover_wins"`
	WinningMoves []struct {
		Color string `json:"color"`
		Take  int64  `json:"take"`
	} `json:"winning_moves"`
}

// TestBWAgreesWithTreeSearch checks the command's answers against the
// merged full game-tree search for every b, w ≤ 8.
func TestBWAgreesWithTreeSearch(t *testing.T) {
	h := harness(t)
	tree := coins.NewTree(coins.Game[coins.BWState, coins.BWMove](coins.BW{}))
	for b := int64(0); b <= 8; b++ {
		for w := int64(0); w <= 8; w++ {
			if b+w == 0 {
				continue
			}
			var got bwJSON
			if err := json.Unmarshal([]byte(dataJSON(t, h.MustRun(fmt.Sprintf("/coins bw black:%d white:%d", b, w)))), &got); err != nil {
				t.Fatal(err)
			}
			s := coins.BWState{Black: b, White: w}
			want, _ := tree.MoverWins(context.Background(), s)
			moves, _ := tree.WinningMoves(context.Background(), s)
			if got.MoverWins != want || len(got.WinningMoves) != len(moves) {
				t.Fatalf("(%d,%d): %+v, tree %v %v", b, w, got, want, moves)
			}
			for i, m := range moves {
				if got.WinningMoves[i].Color != m.Color.String() || got.WinningMoves[i].Take != m.Take {
					t.Fatalf("(%d,%d): move %d = %+v, tree %v", b, w, i, got.WinningMoves[i], m)
				}
			}
		}
	}
}

func TestExamplesInEveryLocale(t *testing.T) {
	h := harness(t)
	c := coinscmd.Command(seal.Loopback())
	for _, loc := range commands.Locales {
		h.Locale = loc
		for _, s := range c.Subcommands {
			r := h.MustRun(s.Example)
			if r.Ephemeral {
				t.Errorf("%s %s: ephemeral", loc, s.Example)
			}
		}
	}
	h.Locale = commands.Japanese
	text := bot.FormatText(h.MustRun("/coins bw black:2 white:1"))
	if !strings.Contains(text, "勝ちになる手") || !strings.Contains(text, "黒を2枚取る") {
		t.Errorf("Japanese reply:\n%s", text)
	}
	h.Locale = commands.Korean
	text = bot.FormatText(h.MustRun("/coins marbles count:100"))
	if !strings.Contains(text, "5개 가져가기 → 95 = 3·2^5 − 1 남김") {
		t.Errorf("Korean reply:\n%s", text)
	}
}

// TestReasons checks the one-line reasons: the mod-3 rule, a period with a
// preperiod, and the marbles rule.
func TestReasons(t *testing.T) {
	h := harness(t)
	for line, want := range map[string]string{
		"/coins bw black:5 white:5":                   "black + white ≡ 1 (mod 3)",
		`/coins pile coins:20`:                        "loses exactly when n mod 3 is 1",
		`/coins pile coins:20 take:"1 2" last:wins`:   "loses exactly when n mod 3 is 0",
		`/coins pile coins:50 take:"1 3 4" last:wins`: "n mod 7 is one of 0, 2",
		`/coins pile coins:200 take:"7 13 25"`:        "from n = 114 on exactly when n mod 2 is 1 (period 2)",
		`/coins pile coins:10 take:"7 13 25"`:         "Here n = 10 comes before the period.",
		`/coins pile coins:1 take:"2 3"`:              "No amount of the take set fits in 1 coin, so",
		"/coins marbles count:47":                     "47 = 3·2^4 − 1.",
	} {
		if text := bot.FormatText(h.MustRun(line)); !strings.Contains(text, want) {
			t.Errorf("%s: no %q in\n%s", line, want, text)
		}
	}
}

func TestBadInput(t *testing.T) {
	h := harness(t)
	for line, want := range map[string]string{
		"/coins bw black:-1 white:2":                                                "cannot be negative",
		"/coins bw black:1000000000000000001 white:2":                               "larger than 10^18",
		"/coins bw black:10^19 white:2":                                             "larger than 10^18",
		"/coins bw black:abc white:2":                                               "must be a whole number",
		"/coins bw black:0 white:0":                                                 "at least one coin",
		`/coins pile coins:5 take:""`:                                               "`take` is empty",
		`/coins pile coins:5 take:"0"`:                                              "at least 1",
		`/coins pile coins:5 take:"1 -2"`:                                           "at least 1",
		`/coins pile coins:5 take:"5000"`:                                           "at most 1000",
		`/coins pile coins:5 take:"a b"`:                                            "whole numbers separated by spaces",
		`/coins pile coins:0`:                                                       "at least 1",
		`/coins pile coins:5 last:maybe`:                                            "must be one of",
		"/coins marbles count:-4":                                                   "cannot be negative",
		"/coins marbles count:0":                                                    "at least 1",
		"/coins tree black:0 white:0":                                               "at least one coin",
		"/coins tree black:101 white:1":                                             "between 0 and 100",
		"/coins tree black:2 white:1 simulations:0":                                 "between 1 and 5000",
		"/coins match black:3 white:3 first:tree second:random games:5":             "`first` must be `perfect`, `random` or `mcts:<k>`",
		"/coins match black:3 white:3 first:perfect second:mcts:0 games:5":          "mcts needs 1 to",
		"/coins match black:3 white:3 first:perfect second:mcts:5000 games:5":       "at most 2000 simulations",
		"/coins match black:100 white:100 first:mcts:2000 second:random games:1000": "too big to finish in time",
		"/coins match black:3 white:3 first:perfect second:random games:0":          "between 1 and 1000",
	} {
		r, out := h.Run(line)
		if out != bot.Rejected || !r.Ephemeral {
			t.Errorf("%s: outcome %s", line, out)
			continue
		}
		if text := bot.FormatText(r); !strings.Contains(text, want) {
			t.Errorf("%s: no %q in %s", line, want, text)
		}
	}
}

// The lecture's slide 78 tree, with the exact value beside each child.
const slide78Annotated = "A total of 5 nodes\n" +
	"(1,1), win rate 1.00 (4/4)\n\n" +
	"(0,1), win rate 1.00 (2/2)  · exact: win\n" +
	"(1,0), win rate 1.00 (2/2)  · exact: win\n\n" +
	"(0,0), win rate 1.00 (1/1)  · exact: win\n" +
	"(0,0), win rate 1.00 (1/1)  · exact: win\n"

func TestTree(t *testing.T) {
	h := harness(t)
	r := h.MustRun("/coins tree black:1 white:1 seed:5")
	if !strings.Contains(r.Embeds[0].Description, "```\n"+slide78Annotated+"```") {
		t.Errorf("tree(1,1):\n%s", r.Embeds[0].Description)
	}
	if !h.Reusable() {
		t.Error("a seeded tree should be cacheable")
	}
	// (2,1): one of the two trees slide 79 prints, and the choice takes both black coins.
	var d struct {
		Nodes    int    `json:"nodes"`
		RootSims int64  `json:"root_simulations"`
		Tree     string `json:"tree"`
		Choice   struct {
			Color string `json:"color"`
			Take  int64  `json:"take"`
		} `json:"choice"`
		Children []struct {
			ExactWin bool `json:"exact_win"`
		} `json:"children"`
	}
	for seed := range 10 {
		r := h.MustRun(fmt.Sprintf("/coins tree black:2 white:1 seed:%d", seed))
		if err := json.Unmarshal([]byte(dataJSON(t, r)), &d); err != nil {
			t.Fatal(err)
		}
		if !(d.Nodes == 6 && d.RootSims == 5 || d.Nodes == 5 && d.RootSims == 4) || d.Choice.Color != "black" || d.Choice.Take != 2 {
			t.Fatalf("seed %d: %+v", seed, d)
		}
		if len(d.Children) != 3 || d.Children[0].ExactWin || !d.Children[1].ExactWin || d.Children[2].ExactWin {
			t.Fatalf("seed %d: exact values %+v", seed, d.Children)
		}
	}
	// Slide 80: with many coins the root holds exactly k simulations.
	if err := json.Unmarshal([]byte(dataJSON(t, h.MustRun("/coins tree black:100 white:100 seed:3"))), &d); err != nil {
		t.Fatal(err)
	}
	if d.RootSims != 50 || d.Nodes != 51 {
		t.Errorf("tree(100,100): %d simulations, %d nodes", d.RootSims, d.Nodes)
	}
	// A long tree goes to tree.txt, whole.
	r = h.MustRun("/coins tree black:40 white:40 simulations:2000 seed:1")
	if len(r.Files) != 1 || r.Files[0].Name != "tree.txt" || !strings.HasPrefix(string(r.Files[0].Data), "A total of 2001 nodes\n") {
		t.Fatalf("long tree: files %v", r.Files)
	}
	if strings.Count(string(r.Files[0].Data), "win rate") != 2001 {
		t.Error("tree.txt does not hold every node")
	}
	// Without a seed the tree is new each time, and says which seed it used.
	r = h.MustRun("/coins tree black:5 white:5")
	if h.Reusable() || !strings.Contains(r.Embeds[0].Title, "seed") {
		t.Errorf("unseeded tree: cacheable %v, title %q", h.Reusable(), r.Embeds[0].Title)
	}
}

type playJSON struct {
	Black, White int64
	Over         bool   `json:"over"`
	Winner       string `json:"winner"`
	BotMove      *struct {
		Color string `json:"color"`
		Take  int64  `json:"take"`
	} `json:"bot_move"`
}

// moveButton returns the button of move m and checks the custom_id.
func moveButton(t *testing.T, r *commands.Reply, m coins.BWMove) commands.Component {
	t.Helper()
	if len(r.Components) != 1 || len(r.Components[0]) != 5 {
		t.Fatalf("components %+v", r.Components)
	}
	c := r.Components[0][m.Index()]
	if !strings.HasPrefix(c.CustomID, "coins/2/move/") || len(c.CustomID) > commands.MaxCustomID {
		t.Fatalf("custom_id %q", c.CustomID)
	}
	return c
}

// playGame plays out a game by clicking, with the human choosing by pick,
// and returns the winner and the number of clicks.
func playGame(t *testing.T, h *bottest.Harness, line string, pick func(coins.BWState) coins.BWMove) string {
	t.Helper()
	r := h.MustRun(line)
	var d playJSON
	for clicks := 0; ; clicks++ {
		if err := json.Unmarshal([]byte(dataJSON(t, r)), &d); err != nil {
			t.Fatal(err)
		}
		if d.Over {
			if len(r.Components) != 0 {
				t.Fatal("buttons after the end")
			}
			return d.Winner
		}
		s := coins.BWState{Black: d.Black, White: d.White}
		for i, c := range r.Components[0][:4] {
			if c.Disabled == (coins.BW{}).Legal(s, allMoves[i]) {
				t.Fatalf("button %d disabled=%v in %v", i, c.Disabled, s)
			}
		}
		btn := moveButton(t, r, pick(s))
		var out bot.Outcome
		r, out = h.Click(btn.CustomID)
		if out != bot.OK || !r.Update {
			t.Fatalf("click %s: %s %v", btn.CustomID, out, bot.FormatText(r))
		}
		if clicks > 300 {
			t.Fatal("the game does not end")
		}
	}
}

var allMoves = []coins.BWMove{{Color: coins.Black, Take: 1}, {Color: coins.Black, Take: 2}, {Color: coins.White, Take: 1}, {Color: coins.White, Take: 2}}

func perfectPick(s coins.BWState) coins.BWMove {
	if w := (coins.BW{}).WinningMoves(s); len(w) > 0 {
		return w[0]
	}
	return coins.BW{}.Moves(s)[0]
}

func TestPlayAgainstTheBot(t *testing.T) {
	h := harness(t)
	for _, loc := range commands.Locales {
		h.Locale = loc
		// From a winning position perfect play beats every bot.
		for _, opp := range []string{"perfect", "mcts", "random"} {
			if w := playGame(t, h, "/coins play black:7 white:5 opponent:"+opp, perfectPick); w != "you" {
				t.Errorf("%s: perfect play from (7,5) vs %s: winner %s", loc, opp, w)
			}
		}
		// From a losing position the perfect bot always wins.
		if w := playGame(t, h, "/coins play black:5 white:5 opponent:perfect", perfectPick); w != "bot" {
			t.Errorf("(5,5) vs perfect: winner %s", w)
		}
		// The perfect bot moving first from a winning position wins.
		if w := playGame(t, h, "/coins play black:6 white:6 opponent:perfect first:bot", perfectPick); w != "bot" {
			t.Errorf("bot first from (6,6): winner %s", w)
		}
	}
	// One coin, bot first: the bot must take it and loses at once.
	r := h.MustRun("/coins play black:1 white:0 first:bot")
	var d playJSON
	_ = json.Unmarshal([]byte(dataJSON(t, r)), &d)
	if !d.Over || d.Winner != "you" || len(r.Components) != 0 {
		t.Errorf("one coin, bot first: %+v", d)
	}
}

func TestPlayButtons(t *testing.T) {
	h := harness(t)
	r := h.MustRun("/coins play black:2 white:1")
	if h.Reusable() {
		t.Error("a new game should not be cached")
	}
	// Take one white: at (2,0) the perfect bot wins by taking one black.
	btn := moveButton(t, r, coins.BWMove{Color: coins.White, Take: 1})
	r2, out := h.Click(btn.CustomID)
	if out != bot.OK {
		t.Fatal(out)
	}
	var d playJSON
	_ = json.Unmarshal([]byte(dataJSON(t, r2)), &d)
	if d.Black != 1 || d.White != 0 || d.BotMove == nil || d.BotMove.Take != 1 || d.Over {
		t.Fatalf("after white 1: %+v", d)
	}
	// The same button gives the same answer (state in the custom_id).
	r3, _ := h.Click(btn.CustomID)
	if dataJSON(t, r3) != dataJSON(t, r2) {
		t.Error("the same button answered differently")
	}
	// The hint is ephemeral and names the winning move.
	hint := r.Components[0][4]
	hr, out := h.Click(hint.CustomID)
	if out != bot.OK || !hr.Ephemeral || !strings.Contains(hr.Content, "take 2 black") {
		t.Errorf("hint: %s %s", out, bot.FormatText(hr))
	}
	// Disabled moves and damaged custom_ids are rejected, even when they
	// carry a valid tag.
	key := seal.Loopback()
	id, _ := key.Open(btn.CustomID)
	owner := seal.OwnerOf("local").String()
	for _, id := range []string{
		key.Seal(id[:len(id)-1] + "3"), // white 2 with one white coin
		key.Seal("coins/2/move/2.1.x.0.1." + owner + ".0"), key.Seal("coins/2/move/2.1.p.0.1." + owner),
		key.Seal("coins/2/move/999.1.p.0.1." + owner + ".0"), key.Seal("coins/2/move/0.0.p.0.1." + owner + ".0"),
		key.Seal("coins/2/move/2.1.p.0.zz!." + owner + ".0"), key.Seal("coins/2/move/2.1.p.0.1.x1.0"),
		key.Seal("coins/2/move/2.1.p.0.01." + owner + ".0"), key.Seal("coins/2/hint/1"), key.Seal("coins/2/hint/-1.2"),
	} {
		if r, out := h.Click(id); out != bot.Rejected || !r.Ephemeral {
			t.Errorf("%s: outcome %s", id, out)
		}
	}
}

// TestForgedStates: a state without its tag, with another key's tag or
// changed after sealing is refused; so is another user's press. Before
// states were sealed, the custom_id coins/1/move/0.2.p.0.1.2 answered "you
// win!" to anyone.
func TestForgedStates(t *testing.T) {
	h := harness(t)
	r := h.MustRun("/coins play black:2 white:1")
	btn := moveButton(t, r, coins.BWMove{Color: coins.White, Take: 1})
	other := seal.NewKey("another bot's secret")
	plain, _ := seal.Loopback().Open(btn.CustomID)
	forged := []string{
		"coins/2/move/0.2.p.0.1." + seal.OwnerOf("local").String() + ".2",
		other.Seal("coins/2/move/0.2.p.0.1." + seal.OwnerOf("local").String() + ".2"),
		other.Seal(plain),
		strings.Replace(btn.CustomID, "2.1.p", "0.2.p", 1),
		plain,
	}
	for _, id := range forged {
		r, out := h.Click(id)
		if out != bot.Rejected || !r.Ephemeral || !strings.Contains(r.Content, "outdated or damaged") {
			t.Errorf("%s: %s %s", id, out, bot.FormatText(r))
		}
	}
	// The old, unsealed format gets the older-version message.
	for _, loc := range commands.Locales {
		h.Locale = loc
		r, out := h.Click("coins/1/move/0.2.p.0.1.2")
		want := map[commands.Locale]string{commands.English: "older version", commands.Korean: "이전 버전", commands.Japanese: "以前のバージョン"}[loc]
		if out != bot.Rejected || !r.Ephemeral || !strings.Contains(r.Content, want) {
			t.Errorf("%s: old state: %s %s", loc, out, bot.FormatText(r))
		}
	}
	h.Locale = commands.English
	// Only the player who started may move; the hint is anyone's.
	r2, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: btn.CustomID, UserID: "123456789012345678"})
	if out != bot.Rejected || !r2.Ephemeral || !strings.Contains(r2.Content, "only they can move") {
		t.Errorf("another user's press: %s %s", out, bot.FormatText(r2))
	}
	started, _ := h.Do(&commands.Request{Kind: commands.KindCommand, Command: "coins play", UserID: "123456789012345678",
		Options: commands.Options{"black": int64(2), "white": int64(1)}})
	b := moveButton(t, started, coins.BWMove{Color: coins.White, Take: 1})
	r4, out := h.Click(b.CustomID)
	if out != bot.Rejected || !strings.Contains(r4.Content, "<@123456789012345678>") {
		t.Errorf("press on a Discord user's game: %s %s", out, bot.FormatText(r4))
	}
	if _, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: b.CustomID, UserID: "123456789012345678"}); out != bot.OK {
		t.Errorf("the owner's press: %s", out)
	}
}

func TestMatch(t *testing.T) {
	h := harness(t)
	line := "/coins match black:5 white:4 first:mcts:50 second:random games:100 seed:7"
	r := h.MustRun(line)
	var d struct {
		Games, Played int
		Wins          [2]int
		MoverWins     bool `json:"mover_wins"`
	}
	if err := json.Unmarshal([]byte(dataJSON(t, r)), &d); err != nil {
		t.Fatal(err)
	}
	if d.Played != 100 || d.Wins[0]+d.Wins[1] != 100 || d.Wins[0] < 75 || !d.MoverWins {
		t.Errorf("mcts:50 vs random from (5,4): %+v", d)
	}
	if again := dataJSON(t, h.MustRun(line)); again != dataJSON(t, r) {
		t.Error("a seeded match is not reproducible")
	}
	if !strings.Contains(bot.FormatText(r), "Out of 100 games, the first player (MCTS k=50) won ") {
		t.Errorf("match text:\n%s", bot.FormatText(r))
	}
	// Perfect against perfect: the side that wins with perfect play wins every game.
	for _, c := range []struct {
		line   string
		winner int
	}{
		{"/coins match black:6 white:6 first:perfect second:perfect games:20 seed:1", 0},
		{"/coins match black:5 white:5 first:perfect second:perfect games:20 seed:1", 1},
		{"/coins match black:5 white:5 first:random second:perfect games:50 seed:2", 1},
	} {
		if err := json.Unmarshal([]byte(dataJSON(t, h.MustRun(c.line))), &d); err != nil {
			t.Fatal(err)
		}
		if d.Wins[c.winner] != d.Played {
			t.Errorf("%s: %+v", c.line, d)
		}
	}
}

// FuzzButtons presses move and hint buttons with arbitrary states: the
// custom_id parser must answer or reject, never fail.
func FuzzButtons(f *testing.F) {
	for _, s := range []string{"2.1.p.0.1.h1.0", "2.1.m.3.zz.123.3", "2.1.p.0.1.0", "2.1.m.3.zz.3", "0.0.p.0.1.0", "100.100.r.0.1.2", "1.1.p.-1.1.0", "2.1", "..", "9999999999999999999.1.p.0.1.0"} {
		f.Add(s)
	}
	h := bottest.New(f, coinscmd.Command(seal.Loopback()))
	f.Fuzz(func(t *testing.T, s string) {
		for _, prefix := range []string{"coins/2/move/", "coins/2/hint/", "coins/1/move/"} {
			id := prefix + s
			if !strings.Contains(s, seal.Separator) && !strings.HasPrefix(prefix, "coins/1/") {
				id = seal.Loopback().Seal(id) // reach the state's parser
			}
			if len(id) > commands.MaxCustomID || strings.Contains(s, "/") {
				return
			}
			r, out := h.Dispatcher.Do(context.Background(), &commands.Request{
				Kind: commands.KindComponent, CustomID: id, Locale: commands.English, ID: "fuzz", UserID: "fuzzer"})
			if out != bot.OK && out != bot.Rejected {
				t.Fatalf("%s: outcome %s: %s", id, out, bot.FormatText(r))
			}
		}
	})
}

// Plain words in every language: the option names in an example are the
// ones the player types, and one coin is "1 coin".
func TestWordsInEveryLocale(t *testing.T) {
	h := harness(t)
	for loc, want := range map[commands.Locale]string{commands.English: "`black:2 white:1`", commands.Korean: "`흑:2 백:1`", commands.Japanese: "`黒:2 白:1`"} {
		h.Locale = loc
		r, _ := h.Run("/coins bw black:0 white:0")
		if text := bot.FormatText(r); !strings.Contains(text, want) {
			t.Errorf("%s: no %q in %s", loc, want, text)
		}
	}
	h.Locale = commands.English
	if text := bot.FormatText(h.MustRun(`/coins pile coins:1 take:"1"`)); !strings.Contains(text, "\n1 coin\n") {
		t.Errorf("one coin: %s", text)
	}
	h.Locale = commands.Korean
	if text := bot.FormatText(h.MustRun("/coins marbles count:10")); !strings.Contains(text, "10은 이 꼴이 아닙니다.") {
		t.Errorf("marbles in Korean: %s", text)
	}
}

// The tree printout is worded in the player's language; the data keeps the
// lecture's English printout.
func TestTreeInKoreanAndJapanese(t *testing.T) {
	h := harness(t)
	for loc, want := range map[commands.Locale][]string{
		commands.Korean:   {"전체 노드 5개\n(1,1), 승률 1.00 (4/4)\n", "(0,1), 승률 1.00 (2/2)  · 정확: 승"},
		commands.Japanese: {"全5ノード\n(1,1), 勝率 1.00 (4/4)\n", "(0,1), 勝率 1.00 (2/2)  · 厳密: 勝ち"},
	} {
		h.Locale = loc
		r := h.MustRun("/coins tree black:1 white:1 seed:5") // the lecture's slide 78 tree
		text := bot.FormatText(r)
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: no %q in\n%s", loc, w, text)
			}
		}
		if strings.Contains(text, "win rate") || strings.Contains(text, "A total of") {
			t.Errorf("%s: English left in the tree:\n%s", loc, text)
		}
		if js := dataJSON(t, r); !strings.Contains(js, `"tree":"A total of 5 nodes\n(1,1), win rate 1.00 (4/4)`) {
			t.Errorf("%s: the data's tree changed: %s", loc, js)
		}
	}
}
