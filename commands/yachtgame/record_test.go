package yachtgame

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/recordline"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/internal/race"
	"github.com/alea-bot/alea/store"
)

// onlyFinalButtons reports whether r's components are those of a final
// board with memory off: Play again alone.
func onlyFinalButtons(r *commands.Reply) bool {
	if len(r.Components) != 1 || len(r.Components[0]) != 2 {
		return false
	}
	_, again := find(r, actAgain)
	_, sheets := find(r, actSheets)
	return again && sheets
}

// sliceRecorder records into a slice, idempotently by ID, as the
// store.Recorder contract says; release, when set, holds every call until
// it is closed (or the call's context ends), and entered, when set, hears
// of each call as it begins.
type sliceRecorder struct {
	mu      sync.Mutex
	games   []store.Game
	calls   int
	release chan struct{}
	entered chan time.Time
}

func (s *sliceRecorder) Record(ctx context.Context, g store.Game) (bool, error) {
	s.mu.Lock()
	s.calls++
	release, entered := s.release, s.entered
	s.mu.Unlock()
	if entered != nil {
		entered <- time.Time{}
	}
	if release != nil {
		select {
		case <-release:
		case <-ctx.Done():
			return false, ctx.Err()
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, x := range s.games {
		if x.ID == g.ID {
			return false, nil
		}
	}
	s.games = append(s.games, g)
	return true, nil
}

func (s *sliceRecorder) stored() []store.Game {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]store.Game(nil), s.games...)
}

// recordHarness runs /yacht with rec as the Recorder and wait as the end
// of the wait for it (nil: a wait that never ends by itself).
func recordHarness(t *testing.T, rec store.Recorder, wait *chan time.Time) *bottest.Harness {
	var h *bottest.Harness
	d := Deps{Tables: tables(t), Key: testKey, Now: func() time.Time { return h.Now() }, Recorder: rec,
		RecordWait: func() <-chan time.Time {
			if wait == nil {
				return nil
			}
			return *wait
		}}
	h = bottest.New(t, newCommand(d))
	return h
}

// in presses as user in a server channel.
func in(t *testing.T, h *bottest.Harness, user, id string, values ...string) *commands.Reply {
	t.Helper()
	r, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: id, UserID: user, Values: values, GuildID: "900", ChannelID: "901"})
	if out != bot.OK {
		t.Fatalf("%s presses %s: %s %s", user, id, out, bot.FormatText(r))
	}
	return r
}

var (
	luckLine = regexp.MustCompile(`Dice luck: ([-+][0-9.]+)`)
)

// The hook's contract: a finished game is recorded once, with what the
// players saw: each seat's score (summed here from the scores the test
// sent), the costs the board showed, the luck the summary shows, the
// decisions counted here press by press, the costly ones logged, the
// winner, the server and channel.
func TestFinishedGameIsRecordedOnce(t *testing.T) {
	rec := &sliceRecorder{}
	h := recordHarness(t, rec, nil)
	rng := rand.New(rand.NewPCG(21, 22))
	g := table3(t, yachttable.CoachOn, userSeat(ann), userSeat(bob))
	r := post(t, h, g)
	shown := map[string]float64{}
	costly := map[string]int{}
	decisions := map[string]int{}
	scores := map[string]map[string]int{ann: {}, bob: {}}
	for k, v := range endGame {
		scores[ann][k], scores[bob][k] = v, v
	}
	for steps := 0; !gdata(t, r).Over; steps++ {
		if steps > 500 {
			t.Fatal("the game does not end")
		}
		d := gdata(t, r)
		u := []string{ann, bob}[d.Current]
		switch {
		case d.Roll == 0 || d.Roll < 3 && rng.IntN(2) == 0:
			if d.Roll > 0 {
				r = in(t, h, u, mustFind(t, r, byte('0'+rng.IntN(5))).CustomID)
				decisions[u]++ // the keep
			}
			r = in(t, h, u, mustFind(t, r, 'r').CustomID)
		default:
			menu := mustFind(t, r, 's')
			o := menu.Options[rng.IntN(len(menu.Options))]
			cat, _ := strconv.Atoi(strings.TrimPrefix(o.Value, "c"))
			pts, _ := strconv.Atoi(o.Label[strings.LastIndex(o.Label, " ")+1:])
			scores[u][yachtKeys[cat]] = pts
			decisions[u]++
			r = in(t, h, u, menu.CustomID, o.Value)
		}
		if len(rec.stored()) != 0 && !gdata(t, r).Over {
			t.Fatal("recorded before the end")
		}
		for _, m := range costLine.FindAllStringSubmatch(r.Embeds[0].Description, -1) {
			x, _ := strconv.ParseFloat(m[2], 64)
			shown[m[1]] += x
			costly[m[1]]++
		}
	}
	if rec.calls != 1 || len(rec.stored()) != 1 {
		t.Fatalf("the Recorder was called %d times, stored %d games", rec.calls, len(rec.stored()))
	}
	got := rec.stored()[0]
	if _, ok := seal.ParseGameID(got.ID); !ok || got.Kind != store.KindYacht || got.Rules != "yacht" || got.Guild != "900" || got.Channel != "901" || got.Chosen {
		t.Errorf("game %+v", got)
	}
	if got.Ended.Before(got.Started) || got.Started.IsZero() {
		t.Errorf("started %v ended %v", got.Started, got.Ended)
	}
	if !strings.Contains(r.Embeds[0].Description, recordline.Line(record.Recorded).In(commands.English)) {
		t.Errorf("the final board does not say it was recorded:\n%s", bot.FormatText(r))
	}
	if c, ok := findID(r, reviewPrefix+got.ID); !ok || c.Kind != commands.Button {
		t.Errorf("no Review button review/1/%s in\n%s", got.ID, bot.FormatText(r))
	}
	if _, ok := find(r, actRecord); ok {
		t.Error("a Record button on a recorded game")
	}
	total := map[string]int{}
	for _, u := range []string{ann, bob} {
		m := &sheetModel{scores: scores[u]}
		total[u] = m.total()
	}
	top := max(total[ann], total[bob])
	var costlyLogged [2]int
	for _, d := range got.Decisions {
		costlyLogged[d.Seat]++
		if d.Loss <= 0 || len(d.Dice) != 5 || d.Turn < 1 || d.Roll < 1 || d.Roll > 3 || d.Chosen == d.Best {
			t.Errorf("decision %+v", d)
		}
	}
	for i, u := range []string{ann, bob} {
		s := got.Seats[i]
		luck := luckLine.FindStringSubmatch(r.Embeds[0].Fields[i].Value)
		want, _ := strconv.ParseFloat(luck[1], 64)
		if s.User != u || s.Alea || s.Name != "" || s.Score != total[u] || math.Abs(s.Lost-shown[u]) > 1e-9 ||
			math.Abs(s.Luck-want) > 0.005 || s.Decisions != decisions[u] || s.Winner != (total[u] == top) || !s.Hints || s.PlayedFor != 0 {
			t.Errorf("seat %d: %+v; want score %d, lost %.2f, luck %.2f, %d decisions", i, s, total[u], shown[u], want, decisions[u])
		}
		if costlyLogged[i] != costly[u] {
			t.Errorf("seat %d: %d costly decisions logged, %d shown", i, costlyLogged[i], costly[u])
		}
		if shown[u] == 0 {
			t.Errorf("%s: random play showed no cost; the test proves nothing", u)
		}
	}
	// Record again on the same board: nothing new is stored.
	again, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: customIDOn(t, r, actRecord), UserID: ann, Message: bottest.MessageOf(r, h.Now())})
	if out != bot.OK {
		t.Fatalf("Record again: %s %s", out, bot.FormatText(again))
	}
	if len(rec.stored()) != 1 || !strings.Contains(again.Embeds[0].Description, recordline.Line(record.Recorded).In(commands.English)) {
		t.Errorf("recording again stored %d games", len(rec.stored()))
	}
	// The game's end posted its closing post; recording again posts none.
	if again.FollowUp != nil {
		t.Errorf("recording again posts a second closing post:\n%s", bot.FormatText(again.FollowUp))
	}
}

// findID finds the component with custom_id id.
func findID(r *commands.Reply, id string) (commands.Component, bool) {
	for _, row := range r.Components {
		for _, c := range row {
			if c.CustomID == id {
				return c, true
			}
		}
	}
	return commands.Component{}, false
}

// customIDOn is the custom_id of action on the message r carries, shown
// or not.
func customIDOn(t *testing.T, r *commands.Reply, action byte) string {
	t.Helper()
	c, ok := readCarrier(&commands.Message{Embeds: r.Embeds})
	if !ok {
		t.Fatal("no state on the message")
	}
	return customID(testKey, action, c)
}

// lastTurn is a one-seat game with only the chance box open.
func lastTurn(t *testing.T) *game {
	filled := map[string]int{}
	for k, v := range endGame {
		filled[k] = v
	}
	filled["large_straight"], filled["yacht"] = 30, 0
	return craft(t, nil, filled, "tester")
}

// A Recorder that does not answer: after the bounded wait (fired here by
// hand) the board says the result is not recorded and offers Record,
// which records it once the database answers.
func TestRecordAfterTheDatabaseAnswers(t *testing.T) {
	// The wait ends as soon as the Recorder has been called (and is
	// blocked): the explicit trigger of the test.
	rec := &sliceRecorder{release: make(chan struct{}), entered: make(chan time.Time, 1)}
	wait := rec.entered
	h := recordHarness(t, rec, &wait)
	r := post(t, h, lastTurn(t))
	r = click(t, h, mustFind(t, r, 'r').CustomID)
	menu := mustFind(t, r, 's')
	r = click(t, h, menu.CustomID, menu.Options[0].Value)
	if !gdata(t, r).Over || !strings.Contains(r.Embeds[0].Description, recordline.Line(record.NotRecorded).In(commands.English)) {
		t.Fatalf("want a game over, not recorded:\n%s", bot.FormatText(r))
	}
	if len(rec.stored()) != 0 || rec.calls != 1 {
		t.Fatalf("%d calls, %d stored", rec.calls, len(rec.stored()))
	}
	for _, c := range r.Components[0] {
		if strings.HasPrefix(c.CustomID, reviewPrefix) {
			t.Error("a Review button on a game not recorded")
		}
	}
	// The database answers now; the wait would never end by itself.
	rec.mu.Lock()
	rec.entered = nil
	rec.mu.Unlock()
	close(rec.release)
	wait = nil
	r2 := click(t, h, mustFind(t, r, actRecord).CustomID)
	if got := rec.stored(); len(got) != 1 || !strings.Contains(r2.Embeds[0].Description, recordline.Line(record.Recorded).In(commands.English)) {
		t.Fatalf("after Record: %d stored\n%s", len(got), bot.FormatText(r2))
	}
	if _, ok := findID(r2, reviewPrefix+rec.stored()[0].ID); !ok {
		t.Errorf("no Review button:\n%s", bot.FormatText(r2))
	}
	// Record on the first board again: the same game, stored once.
	if _, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: mustFind(t, r, actRecord).CustomID, UserID: "tester", Message: bottest.MessageOf(r, h.Now())}); out != bot.OK {
		t.Fatalf("Record on the first board: %s", out)
	}
	if len(rec.stored()) != 1 || rec.calls != 3 {
		t.Errorf("%d calls, %d stored", rec.calls, len(rec.stored()))
	}
	// Only the people at the table press.
	if _, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: customIDOn(t, r2, actRecord), UserID: "someone else", Message: bottest.MessageOf(r2, h.Now())}); out != bot.Rejected {
		t.Errorf("a stranger records: %s", out)
	}
}

// Memory off: the board says so, and offers neither Record nor Review.
func TestMemoryOff(t *testing.T) {
	for _, loc := range []commands.Locale{commands.English, commands.Korean, commands.Japanese} {
		h := harness(t)
		h.Locale = loc
		r := post(t, h, lastTurn(t))
		r = click(t, h, mustFind(t, r, 'r').CustomID)
		menu := mustFind(t, r, 's')
		r = click(t, h, menu.CustomID, menu.Options[0].Value)
		if !strings.Contains(r.Embeds[0].Description, recordline.Line(record.Off).In(loc)) || !onlyFinalButtons(r) {
			t.Errorf("%s:\n%s", loc, bot.FormatText(r))
		}
		if c := mustFind(t, r, actAgain); c.Label != msgAgainButton.In(loc) {
			t.Errorf("%s: Play again reads %q", loc, c.Label)
		}
	}
}

// A server whose admin turned recording off (a real SQLite store), and
// the store DATABASE_URL=off opens: the board says recording is off here,
// never that the result was recorded, and offers neither Record (trying
// again would not help) nor Review; nothing is stored. Turned on again,
// the server's next game is recorded.
func TestRecordingOffInTheServer(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "alea.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	off, err := store.Open(ctx, store.Off)
	if err != nil {
		t.Fatal(err)
	}
	end := func(h *bottest.Harness) *commands.Reply {
		r := post(t, h, lastTurn(t))
		r = in(t, h, "tester", mustFind(t, r, 'r').CustomID)
		menu := mustFind(t, r, 's')
		return in(t, h, "tester", menu.CustomID, menu.Options[0].Value)
	}
	if err := st.SetRecording(ctx, "900", false); err != nil {
		t.Fatal(err)
	}
	for name, rec := range map[string]store.Recorder{"server off": st, "DATABASE_URL=off": off} {
		for _, loc := range []commands.Locale{commands.English, commands.Korean, commands.Japanese} {
			h := recordHarness(t, rec, nil)
			h.Locale = loc
			r := end(h)
			d := r.Embeds[0].Description
			if !gdata(t, r).Over || !strings.Contains(d, recordline.Line(record.Off).In(loc)) || strings.Contains(d, recordline.Line(record.Recorded).In(loc)) || !onlyFinalButtons(r) {
				t.Errorf("%s, %s:\n%s", name, loc, bot.FormatText(r))
			}
			if _, ok, err := st.Game(ctx, finalID(t, r)); ok || err != nil {
				t.Errorf("%s: a game of a server with recording off is stored (%v)", name, err)
			}
		}
	}
	if err := st.SetRecording(ctx, "900", true); err != nil {
		t.Fatal(err)
	}
	r := end(recordHarness(t, st, nil))
	if _, ok, err := st.Game(ctx, finalID(t, r)); !ok || err != nil || !strings.Contains(r.Embeds[0].Description, recordline.Line(record.Recorded).In(commands.English)) {
		t.Errorf("recording back on: stored %v %v\n%s", ok, err, bot.FormatText(r))
	}
}

// finalID is the identity of the game on the board r.
func finalID(t *testing.T, r *commands.Reply) string {
	t.Helper()
	c, ok := readCarrier(&commands.Message{Embeds: r.Embeds})
	if !ok {
		t.Fatal("no state on the board")
	}
	g, err := openGame(testKey, c.State)
	if err != nil || g.ID == 0 {
		t.Fatalf("the board's game: %v, id %d", err, g.ID)
	}
	return g.ID.String()
}

// Play again: a new message, the same seats and rules, a fresh seed
// nobody chose, a new identity; the final board stays.
func TestPlayAgain(t *testing.T) {
	if race.Enabled {
		t.Skip("a new game needs the full table; played in the non-race run")
	}
	h := harness(t)
	r := startAs(t, h, `/yacht start rules:yatzy seed:42 players:"Ann, Bob"`, "tester")
	old, err := openGame(testKey, gdata(t, r).State)
	if err != nil {
		t.Fatal(err)
	}
	if !old.Chosen || !strings.Contains(r.Embeds[0].Description, msgChosen.In(commands.English)) {
		t.Errorf("a chosen seed is not marked:\n%s", bot.FormatText(r))
	}
	g := old.Clone()
	for i := range g.Seats {
		for k := range g.Seats[i].Sheet.Scores {
			g.Seats[i].Sheet.Scores[k] = max(g.Seats[i].Sheet.Scores[k], 0)
		}
	}
	// The end game: Ann and Bob filled everything but chance.
	chance := g.Rules.CategoryIndex("chance")
	for i := range g.Seats {
		g.Seats[i].Sheet.Scores[chance] = -1
	}
	r = post(t, h, g)
	for range g.Seats {
		r = click(t, h, mustFind(t, r, 'r').CustomID)
		menu := mustFind(t, r, 's')
		r = click(t, h, menu.CustomID, menu.Options[0].Value)
	}
	if !gdata(t, r).Over {
		t.Fatalf("not over:\n%s", bot.FormatText(r))
	}
	n, out := h.Click(mustFind(t, r, actAgain).CustomID)
	if out != bot.OK || n.Update {
		t.Fatalf("Play again: %s, update %v", out, n.Update)
	}
	ng, err := openGame(testKey, gdata(t, n).State)
	if err != nil {
		t.Fatal(err)
	}
	if ng.Preset != old.Preset || len(ng.Seats) != 2 || ng.Seats[0].Name != "Ann" || ng.Seats[1].Name != "Bob" ||
		ng.Chosen || ng.ID == old.ID || ng.ID == 0 || ng.Coach != old.Coach || ng.Idle != old.Idle || ng.Owner != old.Owner {
		t.Errorf("the new game: %+v", ng)
	}
	for _, p := range ng.Seats {
		if p.Sheet.Filled() != 0 {
			t.Error("the new game has a filled box")
		}
	}
	if strings.Contains(n.Embeds[0].Description, msgChosen.In(commands.English)) {
		t.Error("the new game is marked as chosen")
	}
}

// Dice entered by hand mark the game as counting toward skill only, and
// the form says so before the first entry; a random game is not marked;
// a chosen seed is marked as chosen.
func TestChosenMarks(t *testing.T) {
	if race.Enabled {
		t.Skip("a new game needs the full table; played in the non-race run")
	}
	h := harness(t)
	r := startAs(t, h, `/yacht start`, "tester")
	if strings.Contains(r.Embeds[0].Description, msgChosen.In(commands.English)) {
		t.Fatalf("a random game is marked:\n%s", bot.FormatText(r))
	}
	modal := click2(t, h, mustFind(t, r, 'e').CustomID)
	if modal.Modal.Title != msgModalCounts.Format(commands.English, 1) {
		t.Errorf("the form before the first entry: %q", modal.Modal.Title)
	}
	r, out := h.Submit(modal.Modal.CustomID, map[string]string{"dice": "6 6 6 6 6"})
	d := r.Embeds[0].Description
	if out != bot.OK || !strings.Contains(d, msgEntered.In(commands.English)) || strings.Contains(d, msgChosen.In(commands.English)) {
		t.Fatalf("dice entered by hand are not marked: %s\n%s", out, bot.FormatText(r))
	}
	modal = click2(t, h, mustFind(t, r, 'e').CustomID)
	if modal.Modal.Title != msgModalTitle.Format(commands.English, 2) {
		t.Errorf("the form after the first entry: %q", modal.Modal.Title)
	}
	r = startAs(t, h, `/yacht start seed:42`, "tester")
	if d := r.Embeds[0].Description; !strings.Contains(d, msgChosen.In(commands.English)) || strings.Contains(d, msgEntered.In(commands.English)) {
		t.Fatalf("a chosen seed is not marked:\n%s", bot.FormatText(r))
	}
	if modal = click2(t, h, mustFind(t, r, 'e').CustomID); modal.Modal.Title != msgModalTitle.Format(commands.English, 1) {
		t.Errorf("the form of a chosen seed's game: %q", modal.Modal.Title)
	}
}

// click2 presses a button whose reply is not an update (a modal).
func click2(t *testing.T, h *bottest.Harness, id string) *commands.Reply {
	t.Helper()
	r, out := h.Click(id)
	if out != bot.OK || r.Modal == nil {
		t.Fatalf("click %s: %s %s", id, out, bot.FormatText(r))
	}
	return r
}

// A recorded game replays: the same seed on the same key, the same
// presses, the same result.
func TestGameReplaysFromItsActions(t *testing.T) {
	type press struct {
		user   string
		action byte
		value  string
	}
	var presses []press
	rng := rand.New(rand.NewPCG(5, 6))
	run := func(replay []press) store.Game {
		rec := &sliceRecorder{}
		h := recordHarness(t, rec, nil)
		g := table3(t, yachttable.CoachOn, userSeat(ann), userSeat(bob))
		g.Seed = 1234
		r := post(t, h, g)
		for i := 0; !gdata(t, r).Over; i++ {
			var p press
			if replay != nil {
				p = replay[i]
			} else {
				d := gdata(t, r)
				p.user = []string{ann, bob}[d.Current]
				switch {
				case d.Roll == 0 || d.Roll < 3 && rng.IntN(2) == 0:
					if d.Roll > 0 {
						presses = append(presses, press{p.user, byte('0' + rng.IntN(5)), ""})
						r = in(t, h, p.user, mustFind(t, r, presses[len(presses)-1].action).CustomID)
					}
					p.action = 'r'
				default:
					menu := mustFind(t, r, 's')
					p.action, p.value = 's', menu.Options[rng.IntN(len(menu.Options))].Value
				}
				presses = append(presses, p)
			}
			var values []string
			if p.value != "" {
				values = []string{p.value}
			}
			r = in(t, h, p.user, mustFind(t, r, p.action).CustomID, values...)
		}
		if len(rec.stored()) != 1 {
			t.Fatalf("%d games stored", len(rec.stored()))
		}
		return rec.stored()[0]
	}
	first := run(nil)
	second := run(presses)
	first.Started, first.Ended, second.Started, second.Ended = time.Time{}, time.Time{}, time.Time{}, time.Time{}
	if fmt.Sprintf("%+v", first) != fmt.Sprintf("%+v", second) {
		t.Errorf("the replay differs:\n%+v\n%+v", first, second)
	}
}

// The worst board fits its URL (Discord: 2048 characters): six seats,
// Discord users but for the Alea seats that played right after the last
// person's score (none to five of them), a decision log at its budget,
// every count at its bound, the last move telling that score (its loss
// above any real one) and every Alea turn after it at its longest (three
// rolls), and the state Undo returns to (the scorer's third roll, the
// turn's loss at its bound) beside it.
func TestStateFitsTheURL(t *testing.T) {
	// Every box but the Yacht filled, each turn's loss above any real one.
	late := map[string]int{}
	for k, v := range endGame {
		late[k] = v
	}
	late["choice"], late["large_straight"] = 20, 30
	longest := 0
	for alea := 0; alea < yachttable.MaxPlayers; alea++ {
		g := sixUsers(t, late)
		scorer := yachttable.MaxPlayers - 1 - alea
		for i := scorer + 1; i < yachttable.MaxPlayers; i++ {
			g.Seats[i].Kind, g.Seats[i].User = yachttable.SeatAlea, 0
		}
		g.ID = 1<<seal.GameIDBits - 1
		g.Started = 1<<yachttable.MinuteBits - 1
		g.Chosen = true
		rng := rand.New(rand.NewPCG(3, 4))
		for !g.Log.Full {
			dice := yacht.Dice{1 + rng.IntN(6), 1 + rng.IntN(6), 1 + rng.IntN(6), 1 + rng.IntN(6), 1 + rng.IntN(6)}
			copy(dice[:], dice.Counts().Faces())
			g.Log.Add(yachttable.Decision{Seat: rng.IntN(6), Turn: 1 + rng.IntN(len(g.Rules.Categories)), Roll: 1 + rng.IntN(2), Dice: dice,
				Chosen: yachttable.HoldMask(dice, yachttable.Held(dice, rng.IntN(32))), Best: 0, BestScores: true, Loss: 1 + rng.IntN(99999)})
		}
		for i := range g.Seats {
			g.Seats[i].Decisions = yachttable.MaxDecisions
		}
		// Before the score: the scorer and the seats after it had the
		// choice box open, the scorer on its third roll.
		u := g.Clone()
		u.Log.Costly, u.Log.Full = u.Log.Costly[:len(u.Log.Costly)-1], false
		u.Cur, u.Roll, u.Dice, u.TurnLoss = scorer, 3, yacht.Dice{1, 2, 4, 5, 6}, yachttable.MaxTurnLoss
		choice := indexOf("choice")
		for i := scorer; i < yachttable.MaxPlayers; i++ {
			u.Seats[i].Sheet.Scores[choice], u.Seats[i].Loss[choice] = -1, 0
			u.Seats[i].Lost -= 99999
		}
		g.Undo = u
		score := func(points int) strategy.Action {
			return strategy.Action{Kind: strategy.Score, Scoring: yacht.Scoring{Category: choice, Points: points}}
		}
		keep := func(c yacht.Counts) strategy.Action { return strategy.Action{Kind: strategy.Keep, Keep: c} }
		g.Last = []yachttable.Event{{Kind: yachttable.EventScored, Seat: scorer, Decided: true, Chosen: score(18),
			Best: keep(yacht.Counts{1, 1, 1, 1, 1, 0}), Loss: 999.99}}
		for i := scorer + 1; i < yachttable.MaxPlayers; i++ {
			g.Last = append(g.Last, yachttable.Event{Kind: yachttable.EventAleaTurn, Seat: i},
				yachttable.Event{Kind: yachttable.EventRolled, Seat: i, ByAlea: true, Dice: yacht.Dice{1, 2, 3, 4, 6}},
				yachttable.Event{Kind: yachttable.EventRolled, Seat: i, ByAlea: true, Dice: yacht.Dice{1, 2, 3, 4, 6}, Decided: true, Chosen: keep(yacht.Counts{1, 1, 1, 1})},
				yachttable.Event{Kind: yachttable.EventRolled, Seat: i, ByAlea: true, Dice: yacht.Dice{1, 2, 3, 4, 5}, Decided: true, Chosen: keep(yacht.Counts{1, 1, 1, 1})},
				yachttable.Event{Kind: yachttable.EventScored, Seat: i, ByAlea: true, Decided: true, Chosen: score(15)})
		}
		url := stateURL + sealGame(testKey, g, commands.Japanese, true).String()
		longest = max(longest, len(url))
		if len(url) > 2048 {
			t.Errorf("%d Alea seats: the state URL is %d characters", alea, len(url))
		}
		back, err := yachttable.OpenBoard(g.EncodeBoard())
		if err != nil || !back.Log.Full || len(back.Log.Costly) != len(g.Log.Costly) || fmt.Sprint(back.Last) != fmt.Sprint(g.Last) ||
			back.Undo == nil || back.Undo.Encode() != u.Encode() {
			t.Errorf("%d Alea seats: the board does not read back: %v", alea, err)
		}
	}
	t.Logf("the longest state URL: %d characters", longest)
}

// A game of Alea alone ends at once; whoever started it may play again,
// nobody else.
func TestAleaAloneAgain(t *testing.T) {
	if race.Enabled {
		t.Skip("a whole game needs the full table; played in the non-race run")
	}
	h := harness(t)
	r := startAs(t, h, `/yacht start players:alea`, "tester")
	if !gdata(t, r).Over || !onlyFinalButtons(r) {
		t.Fatalf("not a final board:\n%s", bot.FormatText(r))
	}
	again := mustFind(t, r, actAgain).CustomID
	if _, out := as(h, "someone else", again); out != bot.Rejected {
		t.Errorf("a stranger plays again: %s", out)
	}
	n, out := h.Click(again)
	if out != bot.OK || n.Update || !gdata(t, n).Over {
		t.Errorf("Play again: %s, update %v", out, n.Update)
	}
}

// Named seats and Alea are recorded as such and never linked to a user,
// not even to the Discord user who started the table; a user's seat is
// theirs, if they made its decisions; the unnamed seat of a table a
// Discord user started alone is that user's. A seat whose player never
// decided, or for whom Alea played more than half the turns, is linked to
// nobody.
func TestRecordedSeatsLinkOnlyUsers(t *testing.T) {
	g := table3(t, yachttable.CoachOff, player{Kind: yachttable.SeatName, Name: "Ann"}, userSeat(bob), player{Kind: yachttable.SeatAlea})
	g.Seats[0].Decisions, g.Seats[1].Decisions = 20, 20
	tb, err := tables(t).Get(context.Background(), g.Rules)
	if err != nil {
		t.Fatal(err)
	}
	g.ID = 1
	got := gameResult(tb, g, &commands.Request{UserID: ann, GuildID: "900"}).Seats
	want := [][3]string{{"", "Ann", "false"}, {bob, "", "false"}, {"", "", "true"}}
	for i, s := range got {
		if w := [3]string{s.User, s.Name, strconv.FormatBool(s.Alea)}; w != want[i] {
			t.Errorf("seat %d of a table Ann started: user %q, name %q, Alea %v; want %q", i, s.User, s.Name, s.Alea, want[i])
		}
	}
	alone := table3(t, yachttable.CoachOff, player{Kind: yachttable.SeatName})
	alone.ID, alone.Seats[0].Decisions = 2, 20
	if s := gameResult(tb, alone, &commands.Request{UserID: ann}).Seats; len(s) != 1 || s[0].User != ann || s[0].Name != "" || !s[0].Starter {
		t.Errorf("the unnamed seat of Ann's table: %+v", s)
	}
	for _, c := range []struct {
		decisions, auto int
		linked          bool
	}{{0, 0, false}, {1, 12, false}, {5, 7, false}, {5, 6, true}, {1, 0, true}} {
		g := table3(t, yachttable.CoachOff, userSeat(ann), userSeat(bob))
		g.ID, g.Seats[1].Decisions, g.Seats[1].Auto, g.Seats[0].Decisions = 3, c.decisions, c.auto, 20
		s := gameResult(tb, g, &commands.Request{UserID: ann}).Seats
		if (s[1].User == bob) != c.linked || s[1].Starter || !s[0].Starter || s[0].User != ann {
			t.Errorf("%d decisions, %d of 12 turns played for them: %+v", c.decisions, c.auto, s)
		}
	}
}
