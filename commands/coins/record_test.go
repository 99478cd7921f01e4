package coins_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	coinscmd "github.com/alea-bot/alea/commands/coins"
	"github.com/alea-bot/alea/engine/coins"
	"github.com/alea-bot/alea/game/coinsplay"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/store"
)

// player is a Discord user id: the seat of a recorded game names them.
const player = "123456789012345678"

// sqliteStore opens a real SQLite store in a file.
func sqliteStore(t *testing.T, path string) store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// recordingHarness runs /coins recording into rec, with a wait only the
// Recorder's answer ends and a clock a minute further at each reading.
func recordingHarness(t *testing.T, rec store.Recorder) *bottest.Harness {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	mem := record.Bounded{Recorder: rec, Wait: func() <-chan time.Time { return nil },
		Now: func() time.Time { now = now.Add(time.Minute); return now }}
	h := bottest.New(t, coinscmd.CommandRecording(seal.Loopback(), mem))
	h.User = player
	return h
}

// playOut plays r to its end as player, by perfect play, and returns the
// final reply and the winner the data names.
func playOut(t *testing.T, h *bottest.Harness, r *commands.Reply) (*commands.Reply, string) {
	t.Helper()
	for range 300 {
		var d playJSON
		if err := json.Unmarshal([]byte(dataJSON(t, r)), &d); err != nil {
			t.Fatal(err)
		}
		if d.Over {
			return r, d.Winner
		}
		btn := moveButton(t, r, perfectPick(coins.BWState{Black: d.Black, White: d.White}))
		var out bot.Outcome
		r, out = h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: btn.CustomID, GuildID: "900", ChannelID: "901"})
		if out != bot.OK {
			t.Fatalf("move: %s %s", out, bot.FormatText(r))
		}
	}
	t.Fatal("the game does not end")
	return nil, ""
}

// Games against Alea are recorded once each in a real SQLite store: the
// player and Alea, the winner scoring 1, the bot's kind in the rules. Who
// wins is the lecture's rule, not the engine's answer: from black + white
// ≢ 1 (mod 3) perfect play wins, from ≡ 1 the perfect bot does; one coin
// with Alea first leaves Alea to take it, and lose, at once.
func TestGamesAgainstAleaAreRecorded(t *testing.T) {
	st := sqliteStore(t, filepath.Join(t.TempDir(), "alea.db"))
	h := recordingHarness(t, st)
	cases := []struct {
		black, white int64
		opp, first   string
		youWin       bool
	}{
		{7, 5, "perfect", "me", (7+5)%3 != 1},
		{5, 5, "perfect", "me", (5+5)%3 != 1},
		{3, 4, "random", "me", false}, // whoever wins: the record follows the board
		{1, 0, "perfect", "bot", true},
	}
	for i, c := range cases {
		r, out := h.Do(&commands.Request{Kind: commands.KindCommand, Command: "coins play", GuildID: "900", ChannelID: "901",
			Options: commands.Options{"black": c.black, "white": c.white, "opponent": c.opp, "first": c.first}})
		if out != bot.OK {
			t.Fatalf("start: %s", out)
		}
		r, winner := playOut(t, h, r)
		if c.opp == "random" {
			c.youWin = winner == "you"
		}
		if winner != map[bool]string{true: "you", false: "bot"}[c.youWin] {
			t.Fatalf("(%d, %d): winner %s", c.black, c.white, winner)
		}
		if !strings.Contains(r.Embeds[0].Description, "📒 Result recorded.") || len(r.Components) != 0 {
			t.Fatalf("final board:\n%s", bot.FormatText(r))
		}
		hist, err := st.History(context.Background(), store.HistoryQuery{User: player, Limit: 50})
		if err != nil {
			t.Fatal(err)
		}
		if len(hist.Games) != i+1 {
			t.Fatalf("%d games recorded after %d", len(hist.Games), i+1)
		}
		g := hist.Games[0].Game
		if _, ok := seal.ParseGameID(g.ID); !ok || g.Kind != store.KindCoins || g.Rules != "bw-"+c.opp || g.Guild != "900" || g.Channel != "901" ||
			len(g.Seats) != 2 || g.Seats[0].User != player || g.Seats[0].Winner != c.youWin || g.Seats[0].Score != map[bool]int{true: 1}[c.youWin] ||
			!g.Seats[1].Alea || g.Seats[1].Winner == c.youWin || g.Seats[1].Score != map[bool]int{false: 1}[c.youWin] {
			t.Errorf("(%d, %d) vs %s: recorded %+v", c.black, c.white, c.opp, g)
		}
	}
}

// A game begun before games had an identity (its state without one)
// plays on and is recorded under the identity derived from it: with the
// database failing (a real SQLite store, closed) the final board says it
// is not recorded and offers Record, which records it once the database
// is back, however often it is pressed, and only for the player.
func TestOlderGameRecordedAfterTheDatabaseIsBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "alea.db")
	down := sqliteStore(t, path)
	down.Close()
	key := seal.Loopback()
	old := coinsplay.State{Pos: coins.BWState{Black: 1, White: 1}, Opp: 'p', Seed: 99, Owner: seal.OwnerOf(player)}
	route := seal.Route{Game: "coins", Version: 2}
	id := route.Seal(key, "move/"+old.Canonical(0)) // take one black coin: Alea must take the last
	if strings.Count(id, ".") != 6 {
		t.Fatalf("not a state without an identity: %s", id)
	}
	h := recordingHarness(t, down)
	final, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: id, GuildID: "900"})
	if out != bot.OK || !strings.Contains(final.Embeds[0].Description, "📒 Not recorded") {
		t.Fatalf("final board: %s\n%s", out, bot.FormatText(final))
	}
	rec := bottest.Buttons(final)["📒 Record"]
	if !strings.HasPrefix(rec.CustomID, "coins/2/rec/") || len(rec.CustomID) > commands.MaxCustomID {
		t.Fatalf("no Record button:\n%s", bot.FormatText(final))
	}
	up := sqliteStore(t, path)
	h2 := recordingHarness(t, up)
	msg := bottest.MessageOf(final, h.Now())
	if _, out := h2.Do(&commands.Request{Kind: commands.KindComponent, CustomID: rec.CustomID, Message: msg, UserID: "987654321098765432"}); out != bot.Rejected {
		t.Errorf("a stranger records: %s", out)
	}
	for range 2 {
		again, out := h2.Do(&commands.Request{Kind: commands.KindComponent, CustomID: rec.CustomID, Message: msg, GuildID: "900"})
		if out != bot.OK || !again.Update || !strings.Contains(again.Embeds[0].Description, "📒 Result recorded.") ||
			!strings.Contains(again.Embeds[0].Description, "you win") || len(again.Components) != 0 {
			t.Fatalf("Record: %s\n%s", out, bot.FormatText(again))
		}
	}
	hist, err := up.History(context.Background(), store.HistoryQuery{User: player})
	if err != nil {
		t.Fatal(err)
	}
	want := key.DerivedGameID("coins", "p", "2r", player).String()
	if len(hist.Games) != 1 || hist.Games[0].Game.ID != want || !hist.Games[0].Game.Seats[0].Winner {
		t.Fatalf("want the one game %s won, got %+v", want, hist.Games)
	}
	tampered := strings.Replace(rec.CustomID, ".w~", ".l~", 1)
	if _, out := h2.Do(&commands.Request{Kind: commands.KindComponent, CustomID: tampered, Message: msg}); out != bot.Rejected {
		t.Errorf("a Record button changed by hand: %s", out)
	}
}
