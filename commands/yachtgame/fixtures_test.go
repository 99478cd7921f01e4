package yachtgame

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/internal/race"
	"github.com/alea-bot/alea/store"
)

// Boards sealed by an earlier Alea keep opening: testdata/sealed.json
// holds boards as the code of commit 63821a0 sealed them (its state
// version 3, under the loopback key the tests use) — a lobby, a table of
// two users and Alea with Undo on offer, a game alone in the middle of a
// turn, a final board whose result was not recorded — each with presses
// and the replies that code gave them (what a user sees: the custom_ids'
// tags, the state in the board's link and the sealed state in the data
// are left out, since a new state form seals differently). They are
// regression values, taken from that code's own output; four were taken
// again when what counts was settled (issue 41): the dice form's title
// says real dice count toward skill only, a board with dice entered by
// hand says so (no longer "chosen dice"), and the final board recorded
// again says what the record counts (its seat's decisions assisted under
// the public coach; a starter known to no Discord account linked to
// nobody) and records the new fields. The final board's reply was taken
// again when the finished board came to fit a phone (issue 42): the sheets
// left its fields for the 📋 Sheets button, which joined its row
// (TestRetakeSealedReplies writes them; every change is read first), and
// again for the table's words: the time shown for Play for them, now to
// the second (ten minutes and ten seconds after the press, where the
// minute rounded up showed eleven), Undo's refusal (until the next
// person acts), and the lobby's 🤖 Add Alea button. The last board,
// table-ping, is sealed by the code of issue 42's items (state version 4
// with the last turn ping's id, field 3; the key's fingerprint after the
// board), as TestAddPingFixture wrote it: its presses' replies are
// regression values of that code.

// fixture is a board as Discord sends it back with a press, and presses on it.
type fixture struct {
	Name    string           `json:"name"`
	Message commands.Message `json:"message"`
	Presses []fixturePress   `json:"presses"`
}

// fixturePress is one press on a fixture's board and what it got.
type fixturePress struct {
	User     string            `json:"user"`
	Modal    bool              `json:"modal,omitempty"`
	CustomID string            `json:"custom_id"`
	Values   []string          `json:"values,omitempty"`
	Fields   map[string]string `json:"fields,omitempty"`
	Guild    string            `json:"guild,omitempty"`
	Channel  string            `json:"channel,omitempty"`
	At       time.Time         `json:"at"`
	// FullTable: the reply needs the whole Yacht table (a new game, or a
	// summary's expected score from the start), which the tests build only
	// outside the race detector.
	FullTable bool            `json:"full_table,omitempty"`
	Outcome   string          `json:"outcome"`
	Reply     json.RawMessage `json:"reply"`
	Stored    json.RawMessage `json:"stored"`
}

// runFixturePress presses p on fx's board on a bot started afresh, at
// p.At, with a Recorder that answers at once; it returns the reply, its
// outcome and the games recorded.
func runFixturePress(t *testing.T, fx fixture, p fixturePress) (*commands.Reply, bot.Outcome, []store.Game) {
	t.Helper()
	rec := &sliceRecorder{}
	h := bottest.New(t, newCommand(Deps{Tables: tables(t), Key: testKey, Now: func() time.Time { return p.At }, Recorder: rec}))
	msg := fx.Message
	kind := commands.KindComponent
	if p.Modal {
		kind = commands.KindModal
	}
	r, out := h.Do(&commands.Request{Kind: kind, CustomID: p.CustomID, UserID: p.User, Values: p.Values, Fields: p.Fields,
		GuildID: p.Guild, ChannelID: p.Channel, Message: &msg})
	return r, out, rec.stored()
}

// visible is what a user sees of r, as JSON: everything but the
// custom_ids' tags, the state in a board's link and the sealed state in
// its data.
func visible(t *testing.T, r *commands.Reply) json.RawMessage {
	t.Helper()
	if r == nil {
		return json.RawMessage("null")
	}
	c := *r
	c.Embeds = append([]commands.Embed(nil), r.Embeds...)
	for i := range c.Embeds {
		if strings.HasPrefix(c.Embeds[i].URL, stateURL) {
			c.Embeds[i].URL = stateURL + "…"
		}
	}
	var rows []commands.ActionRow
	for _, row := range r.Components {
		var out commands.ActionRow
		for _, x := range row {
			x.CustomID = untagged(x.CustomID)
			out = append(out, x)
		}
		rows = append(rows, out)
	}
	c.Components = rows
	if r.Modal != nil {
		m := *r.Modal
		m.CustomID = untagged(m.CustomID)
		c.Modal = &m
	}
	var files []commands.File
	for _, f := range r.Files {
		sum := sha256.Sum256(f.Data)
		f.Data = []byte(hex.EncodeToString(sum[:]))
		files = append(files, f)
	}
	c.Files = files
	if d, ok := r.Data.(GameData); ok {
		if d.State != "" {
			d.State = "…"
		}
		c.Data = d
	}
	if r.FollowUp != nil {
		var f any
		if err := json.Unmarshal(visible(t, r.FollowUp), &f); err != nil {
			t.Fatal(err)
		}
		c.FollowUp = nil
		b, err := json.Marshal(struct {
			Reply    commands.Reply
			FollowUp any
		}{c, f})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	b, err := json.Marshal(struct{ Reply commands.Reply }{c})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// untagged is a custom_id without its tag: "yacht/2/r/" of
// "yacht/2/r/<tag>"; other custom_ids (Review's) as they are.
func untagged(id string) string {
	if rest, ok := strings.CutPrefix(id, idPrefix); ok && len(rest) > 1 && rest[1] == '/' {
		return idPrefix + rest[:2]
	}
	return id
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

// sameJSON reports whether a and b hold the same JSON value.
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

func loadFixtures(t *testing.T) []fixture {
	t.Helper()
	b, err := os.ReadFile("testdata/sealed.json")
	if err != nil {
		t.Fatal(err)
	}
	var fs []fixture
	if err := json.Unmarshal(b, &fs); err != nil {
		t.Fatal(err)
	}
	return fs
}

// Every press on every board sealed by the earlier code gets the reply
// that code gave it, and records what it recorded.
func TestSealedBoardsKeepOpening(t *testing.T) {
	for _, fx := range loadFixtures(t) {
		for i, p := range fx.Presses {
			if p.FullTable && race.Enabled {
				continue
			}
			r, out, stored := runFixturePress(t, fx, p)
			if string(out) != p.Outcome {
				t.Errorf("%s, press %d (%s by %s): %s, want %s\n%s", fx.Name, i, untagged(p.CustomID), p.User, out, p.Outcome, bot.FormatText(r))
				continue
			}
			if got := visible(t, r); !sameJSON(t, got, p.Reply) {
				t.Errorf("%s, press %d (%s by %s):\n got %s\nwant %s", fx.Name, i, untagged(p.CustomID), p.User, got, p.Reply)
			}
			if got := storedJSON(t, stored); !sameJSON(t, got, p.Stored) {
				t.Errorf("%s, press %d: recorded\n %s\nwant %s", fx.Name, i, got, p.Stored)
			}
		}
	}
}

// TestRetakeSealedReplies, with ALEA_RETAKE_SEALED set, writes each
// press's reply as this code gives it into testdata/sealed.json: new
// regression values, to be read and labelled in the file's comment
// (fixtures_test.go) before they are committed.
func TestRetakeSealedReplies(t *testing.T) {
	if os.Getenv("ALEA_RETAKE_SEALED") == "" || race.Enabled {
		t.Skip("retakes the fixtures' replies when ALEA_RETAKE_SEALED is set")
	}
	fs := loadFixtures(t)
	for i := range fs {
		for j, p := range fs[i].Presses {
			r, out, stored := runFixturePress(t, fs[i], p)
			fs[i].Presses[j].Outcome, fs[i].Presses[j].Reply, fs[i].Presses[j].Stored = string(out), visible(t, r), storedJSON(t, stored)
		}
	}
	b, err := json.MarshalIndent(fs, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("testdata/sealed.json", append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestAddPingFixture, with ALEA_ADD_PING_FIXTURE set, appends to
// testdata/sealed.json a board as this code seals it — state version 4
// with the last turn ping's id (field 3), and its key's fingerprint — of
// Ann, Bob and Alea after Ann's score pinged Bob, with presses on it (Bob
// rolls, brings the board down; Ann takes her score back, and eleven
// minutes later lets Alea play Bob's turn, which removes the ping of Bob
// and pings her), their replies to be written by TestRetakeSealedReplies.
func TestAddPingFixture(t *testing.T) {
	if os.Getenv("ALEA_ADD_PING_FIXTURE") == "" || race.Enabled {
		t.Skip("appends the ping fixture when ALEA_ADD_PING_FIXTURE is set")
	}
	at := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	h := harness(t)
	h.Now = func() time.Time { return at }
	r := post(t, h, table3(t, yachttable.CoachHints))
	r = asOK(t, h, ann, mustFind(t, r, 'r').CustomID)
	menu := mustFind(t, r, 's')
	r = asOK(t, h, ann, menu.CustomID, menu.Options[0].Value)
	msg := h.Message(mustFind(t, r, 'r').CustomID)
	c, _ := readCarrier(msg)
	g, err := openGame(testKey, c.State)
	if err != nil || g.Ping == 0 || c.Key == "" {
		t.Fatalf("the board keeps no ping or fingerprint: %v %+v", err, c)
	}
	msg.ID = "m1"
	roll := mustFind(t, r, 'r').CustomID
	fx := fixture{Name: "table-ping", Message: *msg, Presses: []fixturePress{
		{User: bob, CustomID: roll, Guild: "900", Channel: "901", At: at},
		{User: bob, CustomID: mustFind(t, r, 'D').CustomID, Guild: "900", Channel: "901", At: at},
		{User: ann, CustomID: mustFind(t, r, 'u').CustomID, Guild: "900", Channel: "901", At: at},
		{User: ann, CustomID: roll, At: at},
		{User: ann, CustomID: mustFind(t, r, 'p').CustomID, Guild: "900", Channel: "901", At: at.Add(11 * time.Minute)},
	}}
	fs := loadFixtures(t)
	for _, f := range fs {
		if f.Name == fx.Name {
			t.Fatal("the ping fixture is there already")
		}
	}
	fs = append(fs, fx)
	b, err := json.MarshalIndent(fs, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("testdata/sealed.json", append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}
