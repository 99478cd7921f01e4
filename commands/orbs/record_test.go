package orbs

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/recordline"
	"github.com/alea-bot/alea/engine/orbs"
	"github.com/alea-bot/alea/game/orbspuzzle"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/store"
)

// player is a Discord user id: the seat of a recorded puzzle names them.
const player = "123456789012345678"

// sqliteStore opens a real SQLite store in a file of the test's.
func sqliteStore(t *testing.T, path string) store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// memoryOf is the memory of rec whose wait only the Recorder's answer
// ends (no timer in the tests), on a clock a minute further at each
// reading (so that a history's newest game is the last one played).
func memoryOf(rec store.Recorder) record.Bounded {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	return record.Bounded{Recorder: rec, Wait: func() <-chan time.Time { return nil },
		Now: func() time.Time { now = now.Add(time.Minute); return now }}
}

// recordingHarness runs /orbs recording into rec, as player in a server.
func recordingHarness(t *testing.T, rec store.Recorder) *bottest.Harness {
	h := bottest.New(t, CommandRecording(seal.Loopback(), memoryOf(rec)))
	h.User = player
	return h
}

// dealAs deals /orbs random:<size> as player in server 900.
func dealAs(t *testing.T, h *bottest.Harness, size string) *commands.Reply {
	t.Helper()
	req, err := runner.SlashRequest(h.Registry, "/orbs random:"+size, h.Locale)
	if err != nil {
		t.Fatal(err)
	}
	req.UserID, req.GuildID, req.ChannelID = player, "900", "901"
	r, out := h.Do(req)
	if out != bot.OK {
		t.Fatalf("deal: %s", out)
	}
	return r
}

// pressAs presses orb on r as player in server 900.
func pressAs(t *testing.T, h *bottest.Harness, r *commands.Reply, orb string) *commands.Reply {
	t.Helper()
	id, vals := findOrb(t, r, orb)
	next, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: id, Values: vals, GuildID: "900", ChannelID: "901"})
	if out != bot.OK {
		t.Fatalf("press %s: %s %s", orb, out, bot.FormatText(next))
	}
	return next
}

// solve presses a detour (an orb twice) when detour is set, then the
// engine's presses for the dealt puzzle, and returns the final reply and
// the presses the test made.
func solve(t *testing.T, h *bottest.Harness, r *commands.Reply, detour bool) (*commands.Reply, int) {
	t.Helper()
	d := gameDataOf(t, r)
	puzzle, _ := orbs.Parse(d.Puzzle)
	presses := orbIDs(orbs.Solve(puzzle, orbs.NoLimit).Presses)
	if detour {
		for _, p := range []orbs.Presses{{Rows: []int{0}}, {Diagonal: true}, {Cols: []int{0}}} {
			if once, _ := orbs.Apply(puzzle, p); !once.IsClear() {
				presses = append([]string{orbIDs(p)[0], orbIDs(p)[0]}, presses...)
				break
			}
		}
	}
	for _, orb := range presses {
		r = pressAs(t, h, r, orb)
	}
	if !gameDataOf(t, r).Clear {
		t.Fatal("not solved")
	}
	return r, len(presses)
}

// A solved random puzzle is recorded once in a real SQLite store: the
// player's seat, the presses as its score, the presses over the fewest
// (brute force over every press set, independent of the engine) as its
// loss, a win for a solve in the fewest; the final message says so and
// has no button left.
func TestSolvedPuzzleIsRecorded(t *testing.T) {
	st := sqliteStore(t, filepath.Join(t.TempDir(), "alea.db"))
	h := recordingHarness(t, st)
	for _, detour := range []bool{true, false} {
		r := dealAs(t, h, "3x4")
		minimum := readCells(t, gameDataOf(t, r).Puzzle).bruteMinimum()
		r, used := solve(t, h, r, detour)
		if !strings.Contains(description(r), recordline.Line(record.Recorded).In(commands.English)) || len(r.Components) != 0 {
			t.Fatalf("final message:\n%s", bot.FormatText(r))
		}
		if used != minimum+map[bool]int{true: 2, false: 0}[detour] {
			t.Fatalf("the test used %d presses, the minimum is %d", used, minimum)
		}
		hist, err := st.History(context.Background(), store.HistoryQuery{User: player})
		if err != nil {
			t.Fatal(err)
		}
		g := hist.Games[0].Game
		s := g.Seats[0]
		if g.Kind != store.KindOrbs || g.Rules != "3x4" || g.Guild != "900" || g.Channel != "901" || g.Chosen || len(g.Seats) != 1 ||
			s.User != player || s.Score != used || s.Lost != float64(used-minimum) || s.Winner != !detour {
			t.Errorf("recorded %+v", g)
		}
		if _, ok := seal.ParseGameID(g.ID); !ok {
			t.Errorf("game id %q", g.ID)
		}
	}
	hist, _ := st.History(context.Background(), store.HistoryQuery{User: player})
	if len(hist.Games) != 2 || hist.Games[0].Game.ID == hist.Games[1].Game.ID {
		t.Errorf("want two games with their own ids, got %d", len(hist.Games))
	}
}

// A puzzle dealt before puzzles had an identity (its state without one)
// still plays and is recorded under the identity derived from its deal:
// when the database fails (a real SQLite store, closed) the final message
// says it is not recorded and offers Record, which records it once the
// database is back, however often it is pressed.
func TestOlderPuzzleRecordedAfterTheDatabaseIsBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "alea.db")
	down := sqliteStore(t, path)
	down.Close()
	key := seal.Loopback()
	old := game{Rows: 2, Cols: 3, Seed: 77, Owner: seal.OwnerOf(player)}
	r0, err := gameReply(commands.English, old, record.Off)
	if err != nil {
		t.Fatal(err)
	}
	sealReply(key, old, r0)
	if id, _ := findOrb(t, r0, "r0"); strings.Count(strings.TrimPrefix(id, route.Prefix()), ".") != 4 {
		t.Fatalf("not a state without an identity: %s", id)
	}
	h := recordingHarness(t, down)
	h.Post(r0)
	final, used := solve(t, h, r0, false)
	if !strings.Contains(description(final), recordline.Line(record.NotRecorded).In(commands.English)) {
		t.Fatalf("final message:\n%s", bot.FormatText(final))
	}
	rec := bottest.Buttons(final)["📒 "+recordline.Button.In(commands.English)]
	if rec.CustomID == "" || len(rec.CustomID) > commands.MaxCustomID {
		t.Fatalf("no Record button:\n%s", bot.FormatText(final))
	}
	up := sqliteStore(t, path)
	h2 := recordingHarness(t, up)
	msg := bottest.MessageOf(final, h.Now())
	for range 2 {
		again, out := h2.Do(&commands.Request{Kind: commands.KindComponent, CustomID: rec.CustomID, Message: msg, GuildID: "900"})
		if out != bot.OK || !again.Update || !strings.Contains(description(again), recordline.Line(record.Recorded).In(commands.English)) || len(again.Components) != 0 {
			t.Fatalf("Record: %s\n%s", out, bot.FormatText(again))
		}
	}
	if _, out := h2.Do(&commands.Request{Kind: commands.KindComponent, CustomID: rec.CustomID, Message: msg, UserID: "987654321098765432"}); out != bot.Rejected {
		t.Errorf("a stranger records: %s", out)
	}
	hist, err := up.History(context.Background(), store.HistoryQuery{User: player})
	if err != nil {
		t.Fatal(err)
	}
	want := old.GameID(key).String()
	if len(hist.Games) != 1 || hist.Games[0].Game.ID != want || hist.Games[0].Game.Seats[0].Score != used {
		t.Fatalf("want the one game %s, got %+v", want, hist.Games)
	}
	if want != key.DerivedGameID("orbs", "2x3", "25", player).String() {
		t.Errorf("the older puzzle's identity is not its deal's")
	}
}

// A state's identity is checked like every field: a damaged one, or one
// written otherwise than State writes it, is refused.
func TestStateIdentityIsCanonical(t *testing.T) {
	g := game{Rows: 30, Cols: 30, Seed: 1<<64 - 1, Pressed: orbspuzzle.ValidMask(30, 30), Clicks: orbspuzzle.MaxClicks,
		Owner: seal.Owner{Discord: true, ID: 1<<64 - 1}, ID: seal.GameID(1<<seal.GameIDBits - 1)}
	if id := customID(seal.Loopback(), g, "m1"); len(id) > commands.MaxCustomID {
		t.Errorf("the longest custom_id is %d characters: %s", len(id), id)
	}
	back, ok := orbspuzzle.ParseState(g.State())
	if !ok || back != g {
		t.Fatalf("round trip: %+v %v", back, ok)
	}
	for _, bad := range []string{"AAAAAAAAAAAA", "aaaaaaaaaaaa", "abc", "aaaaaaaaaaa1"} {
		s := strings.Replace(g.State(), "."+g.ID.String(), "."+bad, 1)
		if _, ok := orbspuzzle.ParseState(s); ok {
			t.Errorf("accepted the identity %q", bad)
		}
	}
}
