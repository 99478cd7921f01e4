package all_test

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/internal/race"
	"github.com/alea-bot/alea/store/storetest"
)

var (
	// shownCost is a cost the coach shows on the board as a decision is
	// made.
	shownCost = regexp.MustCompile(`— cost \*\*([0-9.]+)\*\* expected points`)
	// reviewedCost is a decision's cost in the review's file (a keep
	// after a roll, or a scoring).
	reviewedCost = regexp.MustCompile(`(?m)^\s*Turn \d+, (?:roll \d|scoring): .*\(−([0-9.]+)\)$`)
)

// A review's costs are the costs shown during the game: a Yacht game
// played with the coach on through every command (random holds, rolls and
// scorings, a fixed seed), recorded in a real SQLite store; the Review
// button of its final board lists every costly decision, in order, with
// the very cost the board showed when it was made.
func TestReviewCostsAreTheCostsShown(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("runs a whole game on the full table")
	}
	st := storetest.SQLite(t)
	deps := all.Loopback()
	deps.Store, deps.Recorder = st, st
	deps.RecordWait = func() <-chan time.Time { return nil } // only the store's answer ends the wait
	h := bottest.New(t, all.Registry(deps).Commands()...)
	h.User = "local"
	find := func(r *commands.Reply, prefix string) (commands.Component, bool) {
		for _, row := range r.Components {
			for _, c := range row {
				if strings.HasPrefix(c.CustomID, prefix) && !c.Disabled {
					return c, true
				}
			}
		}
		return commands.Component{}, false
	}
	press := func(id string, values ...string) *commands.Reply {
		t.Helper()
		r, out := h.Click(id, values...)
		if out != bot.OK {
			t.Fatalf("press %s: %s\n%s", id, out, bot.FormatText(r))
		}
		return r
	}
	rng := rand.New(rand.NewPCG(24, 1))
	var shown []string
	r := h.MustRun(`/yacht start seed:7 coach:on`)
	for steps := 0; ; steps++ {
		if steps > 300 {
			t.Fatal("the game does not end")
		}
		if _, over := find(r, "review/1/"); over {
			break
		}
		menu, scorable := find(r, "yacht/2/s/")
		roll, rollable := find(r, "yacht/2/r/")
		switch {
		case scorable && (!rollable || rng.IntN(3) == 0):
			r = press(menu.CustomID, menu.Options[rng.IntN(len(menu.Options))].Value)
		case rollable:
			for range rng.IntN(3) {
				if hold, ok := find(r, "yacht/2/"+string(rune('0'+rng.IntN(5)))+"/"); ok {
					r = press(hold.CustomID)
				}
			}
			roll, _ = find(r, "yacht/2/r/")
			r = press(roll.CustomID)
		default:
			t.Fatalf("neither a roll nor a scoring:\n%s", bot.FormatText(r))
		}
		for _, m := range shownCost.FindAllStringSubmatch(replyText(r), -1) {
			shown = append(shown, m[1])
		}
	}
	if !strings.Contains(replyText(r), "📒 Result recorded.") {
		t.Fatalf("the game is not recorded:\n%s", bot.FormatText(r))
	}
	if len(shown) < 5 {
		t.Fatalf("random play showed %d costs; the test proves little", len(shown))
	}
	review, _ := find(r, "review/1/")
	rv := press(review.CustomID)
	if len(rv.Files) != 1 {
		t.Fatalf("the review has %d files:\n%s", len(rv.Files), bot.FormatText(rv))
	}
	var reviewed []string
	for _, m := range reviewedCost.FindAllStringSubmatch(string(rv.Files[0].Data), -1) {
		reviewed = append(reviewed, m[1])
	}
	t.Logf("%d costly decisions shown and reviewed: %v", len(shown), shown)
	if strings.Join(reviewed, " ") != strings.Join(shown, " ") {
		t.Errorf("the review's costs %v\nare not the costs shown %v\nreview:\n%s", reviewed, shown, rv.Files[0].Data)
	}
}
