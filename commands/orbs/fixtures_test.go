package orbs

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/store"
)

// Puzzles sealed by an earlier Alea keep opening: testdata/sealed.json
// holds puzzles as the code of commit 63821a0 sealed them in their
// buttons (its orbs/2 custom_ids, under the loopback key the tests use) —
// a 5×5 puzzle, a 30×30 one with menus, a puzzle dealt before puzzles had
// an identity, a solved one whose result was not recorded — each with
// presses and the replies that code gave them (the custom_ids written as
// the state and action they carry, whatever their version). They are
// regression values, taken from that code's own output; the games
// recorded were taken again when what counts was settled (issue 41): the
// same games, with the fields added since (their size and puzzle; under
// 16 cells, they count toward no standing).

type fixture struct {
	Name    string           `json:"name"`
	Message commands.Message `json:"message"`
	Presses []fixturePress   `json:"presses"`
}

type fixturePress struct {
	User     string          `json:"user"`
	CustomID string          `json:"custom_id"`
	Values   []string        `json:"values,omitempty"`
	Guild    string          `json:"guild,omitempty"`
	Channel  string          `json:"channel,omitempty"`
	At       time.Time       `json:"at"`
	Outcome  string          `json:"outcome"`
	Reply    json.RawMessage `json:"reply"`
	Stored   json.RawMessage `json:"stored"`
}

// gameRecorder keeps the games recorded, in memory, once each.
type gameRecorder struct {
	mu    sync.Mutex
	games []store.Game
}

func (r *gameRecorder) Record(_ context.Context, g store.Game) (bool, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, x := range r.games {
		if x.ID == g.ID {
			return false, nil
		}
	}
	r.games = append(r.games, g)
	return true, nil
}

// runFixturePress presses p on fx's message on a bot started afresh, at
// p.At, with a Recorder that answers at once.
func runFixturePress(t *testing.T, fx fixture, p fixturePress) (*commands.Reply, bot.Outcome, []store.Game) {
	t.Helper()
	rec := &gameRecorder{}
	at := p.At
	h := bottest.New(t, CommandRecording(seal.Loopback(), record.Bounded{Recorder: rec, Wait: func() <-chan time.Time { return nil },
		Now: func() time.Time { return at }}))
	msg := fx.Message
	r, out := h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: p.CustomID, UserID: p.User, Values: p.Values,
		GuildID: p.Guild, ChannelID: p.Channel, Message: &msg})
	return r, out, rec.games
}

// carried writes a custom_id of a puzzle as the action and state it
// carries ("orbs <action> <state>"), whatever its form; other strings as
// they are.
func carried(id string) string {
	s, ok := seal.Loopback().Open(id)
	if !ok {
		return id
	}
	if rest, ok := strings.CutPrefix(s, "orbs/2/"); ok {
		i := strings.LastIndexByte(rest, '.')
		return "orbs " + rest[i+1:] + " " + rest[:i]
	}
	if rest, ok := strings.CutPrefix(s, "orbs/3/"); ok {
		action, state, _ := strings.Cut(rest, "/")
		return "orbs " + action + " " + state
	}
	return id
}

// visible is what a user sees of r, as JSON, its custom_ids written as
// carried writes them and its picture as its SHA-256.
func visible(t *testing.T, r *commands.Reply) json.RawMessage {
	t.Helper()
	if r == nil {
		return json.RawMessage("null")
	}
	c := *r
	var rows []commands.ActionRow
	for _, row := range r.Components {
		var out commands.ActionRow
		for _, x := range row {
			x.CustomID = carried(x.CustomID)
			out = append(out, x)
		}
		rows = append(rows, out)
	}
	c.Components = rows
	var files []commands.File
	for _, f := range r.Files {
		sum := sha256.Sum256(f.Data)
		f.Data = []byte(hex.EncodeToString(sum[:]))
		files = append(files, f)
	}
	c.Files = files
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func storedJSON(t *testing.T, gs []store.Game) json.RawMessage {
	t.Helper()
	if gs == nil {
		gs = []store.Game{}
	}
	b, err := json.Marshal(gs)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func sameJSON(t *testing.T, a, b json.RawMessage) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(x, y)
}

// Every press on every puzzle sealed by the earlier code gets the reply
// that code gave it, and records what it recorded.
func TestSealedPuzzlesKeepOpening(t *testing.T) {
	b, err := os.ReadFile("testdata/sealed.json")
	if err != nil {
		t.Fatal(err)
	}
	var fs []fixture
	if err := json.Unmarshal(b, &fs); err != nil {
		t.Fatal(err)
	}
	for _, fx := range fs {
		for i, p := range fx.Presses {
			r, out, stored := runFixturePress(t, fx, p)
			if string(out) != p.Outcome {
				t.Errorf("%s, press %d (%s by %s): %s, want %s\n%s", fx.Name, i, carried(p.CustomID), p.User, out, p.Outcome, bot.FormatText(r))
				continue
			}
			if got := visible(t, r); !sameJSON(t, got, p.Reply) {
				t.Errorf("%s, press %d (%s by %s):\n got %s\nwant %s", fx.Name, i, carried(p.CustomID), p.User, got, p.Reply)
			}
			if got := storedJSON(t, stored); !sameJSON(t, got, p.Stored) {
				t.Errorf("%s, press %d: recorded\n %s\nwant %s", fx.Name, i, got, p.Stored)
			}
		}
	}
}
