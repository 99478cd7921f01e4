package daily_test

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/daily"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/internal/race"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// noon is the tests' usual time: 2026-12-02 12:00 UTC.
var noon = time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)

func needFullTable(t *testing.T) {
	t.Helper()
	if race.Enabled {
		t.Skip("a daily from its first turn needs the full table; played in the non-race run")
	}
}

// Two players in two servers (and one in a DM) open the day with the same
// five dice; after the same holds they see the same dice; and after each
// scored a different box, the next turn opens with the same five again.
// Another day's dice differ, and so do another secret's.
func TestEveryoneGetsTheSameDice(t *testing.T) {
	needFullTable(t)
	st := storetest.SQLite(t)
	clk := &clock{noon}
	r := newReplica(t, st, deploymentOnes, clk)
	players := []where{{user: ann, guild: server1}, {user: bob, guild: server2}, {user: "100000000000000003", guild: dm}}
	var boards []*commands.Reply
	for _, w := range players {
		boards = append(boards, r.must(w, "/daily play"))
	}
	dice := func(i int) []int { return data[daily.GameData](t, boards[i]).Dice }
	same := func(what string) []int {
		t.Helper()
		for i := 1; i < len(boards); i++ {
			if fmt.Sprint(dice(i)) != fmt.Sprint(dice(0)) {
				t.Fatalf("%s: player %d sees %v, player 0 %v", what, i, dice(i), dice(0))
			}
		}
		return dice(0)
	}
	for i, w := range players {
		boards[i] = r.mustPress(w, boards[i], button(t, boards[i], "🎲"))
	}
	first := same("the first roll")
	// The same holds (the first and the last die), then Roll.
	for i, w := range players {
		ids := dieButtons(boards[i])
		boards[i] = r.mustPress(w, boards[i], ids[0])
		boards[i] = r.mustPress(w, boards[i], dieButtons(boards[i])[4])
		boards[i] = r.mustPress(w, boards[i], button(t, boards[i], "🎲"))
	}
	second := same("the second roll after the same holds")
	if !slices.Contains(second, first[0]) || !slices.Contains(second, first[4]) {
		t.Fatalf("the held dice %d and %d are not in %v", first[0], first[4], second)
	}
	// Each scores another box: the next turn opens with the same five.
	for i, w := range players {
		m := menu(boards[i])
		boards[i] = r.mustPress(w, boards[i], m.CustomID, m.Options[i].Value)
		boards[i] = r.mustPress(w, boards[i], button(t, boards[i], "🎲"))
	}
	same("the second turn's first roll")

	// Yesterday's challenge (as practice) and another deployment's open
	// with other dice (6^-5 of a chance that one of them does not).
	other := newReplica(t, nil, "another deployment's secret", clk)
	for name, b := range map[string]*commands.Reply{
		"yesterday":      r.must(where{user: ann, guild: server1}, "/daily play date:2026-12-01"),
		"another secret": other.must(where{user: ann, guild: server1}, "/daily play"),
	} {
		b = (&replica{t: t, h: map[bool]*bottest.Harness{true: other.h, false: r.h}[name == "another secret"], clk: clk}).mustPress(where{user: ann, guild: server1}, b, button(t, b, "🎲"))
		if d := data[daily.GameData](t, b).Dice; fmt.Sprint(d) == fmt.Sprint(first) {
			t.Errorf("%s: the same first roll %v", name, d)
		}
	}
}

// The first start of a player, day and rule set is their official
// attempt, kept in the store; a second start on another replica (another
// process over the same database), in another server, is practice and
// says so; another rule set is another official attempt.
func TestSecondStartIsPractice(t *testing.T) {
	path := filepath.Join(t.TempDir(), "alea.db")
	open := func() store.Store {
		st, err := store.Open(t.Context(), "sqlite:"+path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	clk := &clock{noon}
	a, b := newReplica(t, open(), deploymentOnes, clk), newReplica(t, open(), deploymentOnes, clk)
	first := a.must(where{user: ann, guild: server1}, "/daily play")
	if g := data[daily.GameData](t, first); !g.Official || !first.Ephemeral {
		t.Fatalf("the first start: official %v, private %v", g.Official, first.Ephemeral)
	}
	if text := bot.FormatText(first); !strings.Contains(text, "🏅 Your official attempt at this challenge: no hints; each decision's cost shows after it as a square.") {
		t.Errorf("the first start does not say it is the official attempt:\n%s", text)
	}
	clk.t = noon.Add(95 * time.Minute)
	second := b.must(where{user: ann, guild: server2}, "/daily play")
	if g := data[daily.GameData](t, second); g.Official {
		t.Fatal("a second start on another replica is official")
	}
	for loc, want := range map[commands.Locale]string{
		commands.English:  "🎯 Practice: your official attempt at this challenge started at 12:00 UTC, so this game is not ranked.",
		commands.Korean:   "🎯 연습: 이 도전의 공식 시도는 이미 12:00(UTC)에 시작했으므로 이 게임은 순위에 들어가지 않습니다.",
		commands.Japanese: "🎯 練習: この挑戦の本番は 12:00（UTC）にすでに始めているので、このゲームは順位に入りません。",
	} {
		text := bot.FormatTextIn(b.must(where{user: ann, guild: server2, loc: loc}, "/daily play"), loc)
		if !strings.Contains(text, want) {
			t.Errorf("%s: no %q in\n%s", loc, want, text)
		}
	}
	if g := data[daily.GameData](t, b.must(where{user: ann, guild: server2}, "/daily play rules:yatzy")); !g.Official {
		t.Error("another rule set's first start is not official")
	}
	if g := data[daily.GameData](t, b.must(where{user: bob, guild: server1}, "/daily play")); !g.Official {
		t.Error("another player's first start is not official")
	}
	// In a DM with Alea the game is a message of its own, kept.
	if r := a.must(where{user: bob, guild: dm}, "/daily play rules:pancht"); r.Ephemeral {
		t.Error("a daily in a DM with Alea is ephemeral")
	}
}

// squareOf is the band of a loss in hundredths, as the issue states them:
// 🟩 no loss, 🟨 < 1, 🟧 < 5, 🟥 ≥ 5 expected points.
func squareOf(c int) string {
	switch {
	case c == 0:
		return "🟩"
	case c < 100:
		return "🟨"
	case c < 500:
		return "🟧"
	}
	return "🟥"
}

// diceGlyphs finds a die face drawn as a glyph or an emoji.
var diceGlyphs = regexp.MustCompile(`[⚀⚁⚂⚃⚄⚅]|alea_d`)

// A whole game played with random decisions: Share posts one square a
// turn (12 for Yacht, 15 for Yatzy), each the band of that turn's cost as
// the engine gives it before each decision, the score and the points
// lost, and no die face nor box name, in every language.
func TestShare(t *testing.T) {
	needFullTable(t)
	for _, c := range []struct {
		rules string
		turns int
	}{{yacht.Yacht, 12}, {yacht.Yatzy, 15}} {
		t.Run(c.rules, func(t *testing.T) {
			st := storetest.SQLite(t)
			clk := &clock{noon}
			r := newReplica(t, st, deploymentOnes, clk)
			w := where{user: ann, guild: server1}
			p := newPlayer(t, r, w, c.rules, 7)
			p.board = r.must(w, "/daily play rules:"+c.rules)
			p.finish()
			g := data[daily.GameData](t, p.board)
			if len(p.turns) != c.turns || len(g.Squares) != c.turns {
				t.Fatalf("%d turns played, %d squares", len(p.turns), len(g.Squares))
			}
			var want strings.Builder
			for _, x := range p.turns {
				want.WriteString(squareOf(x))
			}
			if !strings.Contains(p.board.Embeds[0].Description, want.String()) {
				t.Errorf("the final board does not show %s:\n%s", want.String(), bot.FormatText(p.board))
			}
			lost := 0
			for _, x := range p.turns {
				lost += x
			}
			rules, _ := yacht.Preset(c.rules)
			for _, loc := range commands.Locales {
				w.loc = loc
				sh := r.mustPress(w, p.board, button(t, p.board, "📣"))
				if sh.Ephemeral || sh.Update {
					t.Fatalf("%s: Share is not a new public message", loc)
				}
				text := sh.Content
				rows := strings.Split(text, "\n")
				if len(rows) != 3 || rows[1] != want.String() || len([]rune(rows[1])) != c.turns {
					t.Errorf("%s: the squares are not %s:\n%s", loc, want.String(), text)
				}
				if !strings.Contains(text, fmt.Sprintf("%.2f", float64(lost)/100)) || !strings.Contains(text, fmt.Sprint(g.Total)) || !strings.Contains(text, "2026-12-02") {
					t.Errorf("%s: no score %d, loss %.2f or day in\n%s", loc, g.Total, float64(lost)/100, text)
				}
				if diceGlyphs.MatchString(text) {
					t.Errorf("%s: dice in the share:\n%s", loc, text)
				}
				rest := strings.Replace(text, yachtwords.RulesName(loc, c.rules), "", 1)
				for _, name := range yachtwords.CategoryNames(loc, rules) {
					if strings.Trim(name, "0123456789") == "" {
						continue // Korean names the upper boxes by their numbers, which the score and the loss hold too
					}
					if strings.Contains(rest, name) {
						t.Errorf("%s: the box %q in the share:\n%s", loc, name, text)
					}
				}
				if !strings.Contains(text, map[commands.Locale]string{commands.English: "🔥 1-day streak", commands.Korean: "🔥 1일 연속", commands.Japanese: "🔥 1日連続"}[loc]) {
					t.Errorf("%s: no streak in\n%s", loc, text)
				}
			}
		})
	}
}
