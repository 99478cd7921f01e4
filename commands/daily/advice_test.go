package daily_test

import (
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/daily"
	"github.com/alea-bot/alea/commands/yachttables/yachttest"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// advising is a replica whose /daily keeps and reads the advice log of
// st, as the bot wires it (its writes run at once).
func advising(t *testing.T, st store.Store, clk *clock) *replica {
	t.Helper()
	d := daily.Deps{Tables: yachttest.Tables(), Key: seal.NewKey(deploymentOnes), Now: clk.now, Store: st, Recorder: st,
		Advice: st, AdviceGo: func(f func()) { f() }}
	return &replica{t: t, clk: clk, h: bottest.New(t, daily.Command(d))}
}

// position is the position p's board shows (its sheet, dice and roll),
// in the advice log's form.
func (p *player) position() string {
	p.t.Helper()
	g := data[daily.GameData](p.t, p.board)
	s := yacht.NewSheet(p.rules)
	for k, v := range g.Scores {
		s.Scores[p.rules.CategoryIndex(k)] = v
	}
	var d yacht.Dice
	copy(d[:], g.Dice)
	return yachttable.Position(s, d, g.Roll)
}

// rolled plays until p's board shows dice.
func (p *player) rolled() {
	p.t.Helper()
	for data[daily.GameData](p.t, p.board).Roll == 0 {
		p.step(nil)
	}
}

// attempt is the official attempt's game as the store keeps it.
func attempt(t *testing.T, st store.Store, board *commands.Reply) store.Game {
	t.Helper()
	g, ok, err := st.Game(t.Context(), data[daily.GameData](t, board).Game)
	if err != nil || !ok {
		t.Fatalf("the attempt's game: %v, %v", ok, err)
	}
	return g
}

// A practice game started while the official attempt is open shows the
// cost of each decision: every position it was taken on is logged as
// advice its player asked, and the official attempt's decisions on those
// positions are assisted — kept, never ranked, and said so on its final
// board and in /daily me. The official attempt logs nothing itself.
func TestPracticeMarksTheOfficialAttempt(t *testing.T) {
	needFullTable(t)
	st := storetest.SQLite(t)
	clk := &clock{noon}
	r := advising(t, st, clk)
	w := where{user: ann, guild: server1}
	official := r.must(w, "/daily play")
	// The same challenge again: practice, played the best way.
	pr := newPlayer(t, r, w, yacht.Yacht, 1)
	pr.best = true
	pr.board = r.must(w, "/daily play")
	if data[daily.GameData](t, pr.board).Official {
		t.Fatal("the second start is official")
	}
	pr.finish()
	asked, err := st.AdviceAsked(t.Context(), store.AdviceQuery{Users: []string{ann}})
	if err != nil {
		t.Fatal(err)
	}
	rules, _ := yacht.Preset(yacht.Yacht)
	for _, a := range asked {
		if _, _, _, ok := yachttable.ParsePosition(rules, a.Position); !ok || a.Rules != yacht.Yacht || a.Game != "" || !a.Asked.Equal(noon) {
			t.Fatalf("a practised position: %+v", a)
		}
	}
	if len(asked) < len(rules.Categories) {
		t.Fatalf("%d practised positions logged; want one a decision (%d scorings at least)", len(asked), len(rules.Categories))
	}
	// The official attempt, played the same way: the same dice, the same
	// positions, every decision assisted.
	op := newPlayer(t, r, w, yacht.Yacht, 2)
	op.best = true
	op.board = official
	op.finish()
	if again, _ := st.AdviceAsked(t.Context(), store.AdviceQuery{Users: []string{ann}}); len(again) != len(asked) {
		t.Errorf("the official attempt logged %d positions", len(again)-len(asked))
	}
	g := attempt(t, st, op.board)
	s := g.Seats[0]
	if s.Decisions == 0 || s.Assisted != s.Decisions || s.Counts.Decisions != 0 || s.Counts.Win {
		t.Fatalf("the practised attempt's seat: %d decisions, %d assisted, counts %+v", s.Decisions, s.Assisted, s.Counts)
	}
	text := bot.FormatText(op.board)
	if want := "💡 Decisions taken on positions you asked advice on elsewhere: " + itoa(s.Assisted) + ". This result is kept but not ranked."; !strings.Contains(text, want) ||
		data[daily.GameData](t, op.board).Assisted != s.Assisted {
		t.Errorf("the final board does not say %q:\n%s", want, text)
	}
	if b := data[daily.BoardData](t, r.must(w, "/daily board")); b.Board.Players != 0 {
		t.Errorf("an assisted attempt ranked: %+v", b.Board)
	}
	if me := data[daily.MeData](t, r.must(w, "/daily me")); len(me.Now) != 1 || !me.Now[0].Done || !me.Now[0].Assisted {
		t.Errorf("/daily me of an assisted attempt: %+v", me.Now)
	}
}

// Advice asked elsewhere (/yacht-advise, with dice) on one position of
// the official attempt (its first: everyone's), even before it started
// that day, marks that one decision assisted; advice asked by another
// player, under another rule set or in another game does not.
// An attempt without any is ranked, and practice of a challenge no
// official attempt can still be open for logs nothing.
func TestAdviceAskedElsewhere(t *testing.T) {
	needFullTable(t)
	st := storetest.SQLite(t)
	clk := &clock{noon}
	r := advising(t, st, clk)
	ctx := t.Context()
	aw, bw := where{user: ann, guild: server1}, where{user: bob, guild: server1}
	const carol = "100000000000000003"
	p := newPlayer(t, r, aw, yacht.Yacht, 3)
	p.board = r.must(aw, "/daily play")
	p.rolled()
	here := p.position()
	for _, a := range []store.Advice{
		{User: carol, Rules: yacht.Yacht, Position: here, Asked: noon},
		{User: ann, Rules: yacht.Yatzy, Position: here, Asked: noon},
		{User: ann, Rules: yacht.Yacht, Position: here, Game: "another game", Asked: noon},
		// /yacht-advise, at 01:00, before ann started: everyone's dice
		// are the same, a friend's first roll tells hers.
		{User: ann, Rules: yacht.Yacht, Position: here, Asked: noon.Add(-11 * time.Hour)},
	} {
		if err := st.AskAdvice(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	p.finish()
	if s := attempt(t, st, p.board).Seats[0]; s.Assisted != 1 || s.Counts.Decisions != s.Decisions-1 {
		t.Fatalf("ann's seat: %d of %d decisions assisted, counts %+v; want 1", s.Assisted, s.Decisions, s.Counts)
	}
	if text := bot.FormatText(p.board); !strings.Contains(text, "elsewhere: 1. This result is kept but not ranked.") {
		t.Errorf("ann's final board:\n%s", text)
	}
	// bob asked nothing of his own: his attempt is ranked, alone.
	bp := newPlayer(t, r, bw, yacht.Yacht, 4)
	bp.board = r.must(bw, "/daily play")
	bp.finish()
	if s := attempt(t, st, bp.board).Seats[0]; s.Assisted != 0 || strings.Contains(bot.FormatText(bp.board), "💡") {
		t.Errorf("bob's attempt assisted: %d\n%s", s.Assisted, bot.FormatText(bp.board))
	}
	if b := data[daily.BoardData](t, r.must(aw, "/daily board")); b.Board.Players != 1 || len(b.Board.Lines) != 1 || b.Board.Lines[0].User != bob {
		t.Errorf("the day's board: %+v", b.Board)
	}
	// Practice of an earlier day than yesterday: no official attempt can
	// be open for it, nothing is logged.
	before, _ := st.AdviceAsked(ctx, store.AdviceQuery{Users: []string{bob}})
	old := newPlayer(t, r, bw, yacht.Yacht, 5)
	old.board = r.must(bw, "/daily play date:2026-11-30")
	old.finish()
	if after, _ := st.AdviceAsked(ctx, store.AdviceQuery{Users: []string{bob}}); len(after) != len(before) {
		t.Errorf("practice of 2026-11-30 logged %d positions", len(after)-len(before))
	}
	// Yesterday's may still be open past midnight: logged.
	yd := newPlayer(t, r, bw, yacht.Yacht, 6)
	yd.board = r.must(bw, "/daily play date:2026-12-01")
	yd.finish()
	if after, _ := st.AdviceAsked(ctx, store.AdviceQuery{Users: []string{bob}}); len(after) <= len(before) {
		t.Error("practice of yesterday logged nothing")
	}
}
