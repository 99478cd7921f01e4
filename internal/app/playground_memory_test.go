package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/internal/fakediscord"
	"github.com/alea-bot/alea/internal/race"
	"github.com/alea-bot/alea/store"
)

// playgroundURL matches the address the playground logged.
var playgroundURL = regexp.MustCompile(`"msg":"playground","url":"(http://[0-9.:]+)/?"`)

// pgPost posts an interaction to the playground's API as its page does
// and returns the message it answers with, fetching a deferred reply.
func pgPost(t *testing.T, base string, n int, user string, data, msg map[string]any) map[string]any {
	t.Helper()
	token := fmt.Sprintf("mem-%d_x", n)
	typ := 2
	if msg != nil {
		typ = 3
	}
	in := map[string]any{"id": fmt.Sprint(900000 + n), "application_id": "1", "type": typ, "token": token, "version": 1,
		"locale": "en-US", "channel_id": "2", "data": data, "user": map[string]any{"id": user, "username": "u", "global_name": "U"}}
	if msg != nil {
		in["message"] = msg
	}
	body, _ := json.Marshal(in)
	resp, err := bottest.Client().Post(base+"/api/interactions", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST %s: %d %s", data, resp.StatusCode, b)
	}
	deadline := time.Now().Add(fakediscord.Wait)
	for isDeferred(b) {
		if time.Now().After(deadline) {
			t.Fatalf("no reply to %s within %s", data, fakediscord.Wait)
		}
		r, err := bottest.Client().Get(base + "/api/interactions/" + token + "/reply")
		if err != nil {
			t.Fatal(err)
		}
		next, _ := io.ReadAll(r.Body)
		r.Body.Close()
		if r.StatusCode == http.StatusOK {
			b = next
		} else if r.StatusCode != http.StatusNoContent {
			t.Fatalf("GET reply: %d %s", r.StatusCode, next)
		}
	}
	var out struct {
		Data    map[string]any `json:"data"`
		Message struct {
			ID       string `json:"id"`
			EditedAt string `json:"edited_timestamp"`
		} `json:"message"`
	}
	if err := json.Unmarshal(b, &out); err != nil || out.Data == nil {
		t.Fatalf("not a message: %v %s", err, b)
	}
	m := out.Data
	m["id"], m["edited_timestamp"], m["channel_id"] = out.Message.ID, out.Message.EditedAt, "2"
	return m
}

// isDeferred reports whether a response is a deferral (types 5 and 6).
func isDeferred(b []byte) bool {
	var r struct {
		Type int `json:"type"`
	}
	_ = json.Unmarshal(b, &r)
	return r.Type == 5 || r.Type == 6
}

// `alea playground` (and `alea serve` without Discord settings) keeps its
// games in the SQLite file alea.db of the working directory by default: a
// Yacht game played through the playground's HTTP API ends recorded, with
// a Review button that opens it, /stats history lists it, and the file
// holds it once after the process stops.
func TestPlaygroundRecordsIntoTheWorkingDirectory(t *testing.T) {
	if race.Enabled {
		t.Skip("a whole game needs the full Yacht table; played in the non-race run")
	}
	dir := t.TempDir()
	t.Chdir(dir)
	r := serve(t, map[string]string{"PLAYGROUND_ADDR": "127.0.0.1:0", "HEALTH_ADDR": "127.0.0.1:0"}, Settings{PlaygroundOnly: true})
	r.logs.Await(t, `"msg":"playground"`)
	m := playgroundURL.FindStringSubmatch(r.logs.String())
	if m == nil {
		t.Fatalf("no playground address in the log:\n%s", r.logs)
	}
	const user = "123456789012345678"
	opt := func(name, value string) map[string]any {
		return map[string]any{"name": name, "type": 3, "value": value}
	}
	start := map[string]any{"id": "1", "name": "yacht", "type": 1, "options": []any{
		map[string]any{"name": "start", "type": 1, "options": []any{opt("players", "alea")}}}}
	board := pgPost(t, m[1], 1, user, start, nil)
	text, _ := json.Marshal(board)
	if !strings.Contains(string(text), "Result recorded") {
		t.Fatalf("the final board does not say it was recorded:\n%s", text)
	}
	review := regexp.MustCompile(`"custom_id":"(review/1/[A-Za-z0-9]+)"`).FindStringSubmatch(string(text))
	if review == nil {
		t.Fatalf("no Review button:\n%s", text)
	}
	opened := pgPost(t, m[1], 2, user, map[string]any{"custom_id": review[1], "component_type": 2}, board)
	if b, _ := json.Marshal(opened); !strings.Contains(string(b), "Alea") {
		t.Errorf("the review does not show the game:\n%s", b)
	}
	if _, err := r.stop(t, 20*time.Second); err != nil {
		t.Fatalf("Run: %v", err)
	}
	st, err := store.Open(context.Background(), "sqlite:"+dir+"/alea.db")
	if err != nil {
		t.Fatalf("the working directory's alea.db: %v", err)
	}
	defer st.Close()
	g, ok, err := st.Game(context.Background(), strings.TrimPrefix(review[1], "review/1/"))
	if err != nil || !ok || g.Kind != store.KindYacht || len(g.Seats) != 1 || !g.Seats[0].Alea {
		t.Fatalf("stored game %+v, %v, %v", g, ok, err)
	}
}

// Through the gateway the wiring is the same: a Yacht game Alea plays
// alone and a coins game against Alea (one coin, Alea first) end recorded
// in the SQLite file DATABASE_URL names, and their final messages say so.
func TestGatewayRecordsGames(t *testing.T) {
	if race.Enabled {
		t.Skip("a whole game needs the full Yacht table; played in the non-race run")
	}
	const token = "OTk5OTk5OTk5OTk5OTk5OTk5.GmEmO.fake-token-of-the-memory-test_12345678"
	fake := fakediscord.New(t, fakediscord.Options{Token: token})
	path := t.TempDir() + "/games.db"
	r := serve(t, map[string]string{"DISCORD_TOKEN": token, "DISCORD_API_BASE": fake.URL, "DISCORD_GUILD_ID": "4242",
		"HEALTH_ADDR": "127.0.0.1:0", "DATABASE_URL": "sqlite:" + path}, Settings{GatewayClock: noWaitClock{}})
	fake.AwaitReady(t, 1)
	const user = "123456789012345678"
	coins := map[string]any{"id": "3", "name": "coins", "type": 1, "options": []any{map[string]any{"name": "play", "type": 1,
		"options": []any{map[string]any{"name": "black", "type": 4, "value": 1}, map[string]any{"name": "white", "type": 4, "value": 0},
			map[string]any{"name": "first", "type": 3, "value": "bot"}}}}}
	yacht := map[string]any{"id": "1", "name": "yacht", "type": 1, "options": []any{map[string]any{"name": "start", "type": 1,
		"options": []any{map[string]any{"name": "players", "type": 3, "value": "alea"}}}}}
	var yachtID string
	for _, data := range []map[string]any{yacht, coins} {
		tok := fake.Interact(t, fakediscord.Interaction{Type: 2, UserID: user, Data: data})
		call := fake.Await(t, tok, 1)[0]
		if call.Status != 204 || !strings.Contains(string(call.JSON), "Result recorded.") {
			t.Fatalf("%s answered %d %s (%s)", data["name"], call.Status, call.JSON, call.Problem)
		}
		if m := regexp.MustCompile(`"custom_id":"review/1/([a-z2-7]+)"`).FindSubmatch(call.JSON); m != nil {
			yachtID = string(m[1])
		}
	}
	if _, err := r.stop(t, 20*time.Second); err != nil {
		t.Fatalf("Run: %v", err)
	}
	st, err := store.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if g, ok, err := st.Game(context.Background(), yachtID); err != nil || !ok || g.Kind != store.KindYacht || !g.Seats[0].Alea {
		t.Errorf("the Yacht game %q: %v %v %+v", yachtID, ok, err, g)
	}
	h, err := st.History(context.Background(), store.HistoryQuery{User: user})
	if err != nil || len(h.Games) != 1 || h.Games[0].Game.Kind != store.KindCoins || h.Games[0].Game.Guild != "42" {
		t.Fatalf("the user's games: %+v %v", h.Games, err)
	}
}

// The playground is a pretend server: with games of Ann and Bob recorded
// in its server (as its tables record them), /stats standings, asked
// through its API as the page asks (no server in the interaction), ranks
// them; Ann, its admin, finds the server's settings with the recording
// switch and the wipe, and wiping empties the standings.
func TestPlaygroundAnswersStandings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "alea.db")
	st, err := store.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	users := bot.LocalUsers()
	ann, bob := users[0].ID, users[1].ID
	end := time.Now().UTC().Add(-time.Hour).Truncate(time.Second)
	for i, annWins := range []bool{true, true, false} {
		g := store.Game{ID: fmt.Sprintf("pgstandings%d", i), Kind: store.KindYacht, Guild: bot.LocalServerID, Channel: "2", Rules: "yacht",
			Started: end.Add(-10 * time.Minute), Ended: end, Seats: []store.Seat{
				{User: ann, Score: 150, Decisions: 30, Lost: 12, Winner: annWins, Starter: true},
				{User: bob, Score: 140, Decisions: 30, Lost: 20, Winner: !annWins}}}
		if _, err := st.Record(context.Background(), g); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	r := serve(t, map[string]string{"PLAYGROUND_ADDR": "127.0.0.1:0", "HEALTH_ADDR": "127.0.0.1:0", "DATABASE_URL": "sqlite:" + path},
		Settings{PlaygroundOnly: true})
	r.logs.Await(t, `"msg":"playground"`)
	m := playgroundURL.FindStringSubmatch(r.logs.String())
	if m == nil {
		t.Fatalf("no playground address in the log:\n%s", r.logs)
	}
	sub := func(name string) map[string]any {
		return map[string]any{"id": "1", "name": "stats", "type": 1, "options": []any{map[string]any{"name": name, "type": 1}}}
	}
	text := func(v any) string {
		var b strings.Builder
		e := json.NewEncoder(&b)
		e.SetEscapeHTML(false)
		_ = e.Encode(v)
		return b.String()
	}

	standings := text(pgPost(t, m[1], 1, ann, sub("standings"), nil))
	if !strings.Contains(standings, "`1.` <@"+ann+">") || !strings.Contains(standings, "`2.` <@"+bob+">") {
		t.Fatalf("the standings do not rank Ann (2 wins) above Bob (1):\n%s", standings)
	}

	settings := pgPost(t, m[1], 2, ann, sub("server"), nil)
	wipe := regexp.MustCompile(`"custom_id":"(stats/1/wipe/` + bot.LocalServerID + `)"`).FindStringSubmatch(text(settings))
	if wipe == nil {
		t.Fatalf("Ann, the admin, is not offered the wipe:\n%s", text(settings))
	}
	ask := pgPost(t, m[1], 3, ann, map[string]any{"custom_id": wipe[1], "component_type": 2}, settings)
	confirm := regexp.MustCompile(`"custom_id":"(stats/1/wiped/` + bot.LocalServerID + `)"`).FindStringSubmatch(text(ask))
	if confirm == nil {
		t.Fatalf("no confirmation of the wipe:\n%s", text(ask))
	}
	pgPost(t, m[1], 4, ann, map[string]any{"custom_id": confirm[1], "component_type": 2}, ask)
	if after := text(pgPost(t, m[1], 5, bob, sub("standings"), nil)); strings.Contains(after, "<@"+ann+">") {
		t.Errorf("the standings after the wipe:\n%s", after)
	}
}
