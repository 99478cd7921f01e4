package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alea-bot/alea/internal/fakediscord"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// endpointAddrInLog matches the address the HTTP endpoint logged, in the
// JSON and in the text log formats.
var endpointAddrInLog = regexp.MustCompile(`(?:"msg":"HTTP interactions endpoint","addr":"|msg="HTTP interactions endpoint" addr=)([0-9.:\[\]]+)`)

// replica is one `alea serve` process on the HTTP endpoint.
type replica struct {
	p    *process
	addr string
}

// memoryCluster is a fake Discord, one PostgreSQL, and alea serve
// processes on the HTTP endpoint sharing it, sealing with one key.
type memoryCluster struct {
	t        *testing.T
	fake     *fakediscord.Server
	priv     ed25519.PrivateKey
	replicas []*replica
	pg       *storetest.Postgres
	dbURL    string
	mu       sync.Mutex
	msgs     int
}

// startMemoryCluster builds the binary and starts n replicas.
func startMemoryCluster(t *testing.T, ctx context.Context, n int) *memoryCluster {
	t.Helper()
	pg := storetest.StartPostgres(t, storetest.PostgresOptions{})
	dbURL := pg.NewDatabase(t)
	bin := buildAlea(t, t.TempDir(), os.Environ())
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	c := &memoryCluster{t: t, fake: fakediscord.New(t, fakediscord.Options{Token: e2eToken}), priv: priv, pg: pg, dbURL: dbURL}
	for range n {
		home := t.TempDir()
		env := []string{"PATH=/usr/bin:/bin", "HOME=" + home, "DISCORD_PUBLIC_KEY=" + hex.EncodeToString(pub),
			"HTTP_ADDR=127.0.0.1:0", "HEALTH_ADDR=127.0.0.1:0", "DISCORD_API_BASE=" + c.fake.URL,
			"STATE_SECRET=the-replicas-share-this-state-secret", "DATABASE_URL=" + dbURL, "LOG_FORMAT=json",
			"RATE_PER_USER=1000", "RATE_GLOBAL=100000"} // a test plays faster than people
		p := startAlea(t, ctx, bin, home, env, "serve")
		p.output.Await(t, "HTTP interactions endpoint")
		m := endpointAddrInLog.FindStringSubmatch(p.output.String())
		if m == nil {
			t.Fatalf("no endpoint address in the output:\n%s", p.output)
		}
		c.replicas = append(c.replicas, &replica{p: p, addr: m[1]})
	}
	for _, r := range c.replicas {
		r.p.output.Await(t, `"engine":"postgres"`)
	}
	return c
}

// message is a bot message as Discord shows it and sends it back with a
// press: its data and an id.
type message map[string]any

// interact sends an interaction, signed as Discord signs it, to replica
// i, and returns the message it answers with (following a deferral to
// the edit the fake receives). user presses on msg when it is set.
func (c *memoryCluster) interact(i int, user string, data map[string]any, msg message) message {
	c.t.Helper()
	if msg != nil {
		return c.interactAs(i, 3, user, data, msg)
	}
	return c.interactAs(i, 2, user, data, nil)
}

// interactAs is interact with the interaction's type given: 2 a
// command, 3 a component, 5 a modal submitted (on msg).
func (c *memoryCluster) interactAs(i, typ int, user string, data map[string]any, msg message) message {
	c.t.Helper()
	in := fakediscord.Interaction{Type: typ, UserID: user, Data: data}
	if msg != nil {
		in.Message = map[string]any(msg)
	}
	body, token := c.fake.HTTPInteraction(in)
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req, _ := http.NewRequest(http.MethodPost, "http://"+c.replicas[i].addr+"/interactions", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Timestamp", ts)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(c.priv, append([]byte(ts), body...))))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		c.t.Fatalf("replica %d answered %d %s", i, resp.StatusCode, b)
	}
	c.fake.AnsweredOverHTTP(c.t, token, b)
	var r struct {
		Type int     `json:"type"`
		Data message `json:"data"`
	}
	if err := json.Unmarshal(b, &r); err != nil {
		c.t.Fatalf("response %s: %v", b, err)
	}
	out := r.Data
	if r.Type == 5 || r.Type == 6 { // deferred: the answer is the edit of the original
		// (after the follow-up, when the reply posts it first)
		var call fakediscord.Call
		for n := 1; !strings.HasSuffix(call.Route, "/messages/@original") || call.Method != http.MethodPatch; n++ {
			call = c.fake.Await(c.t, token, n)[n-1]
		}
		out = message{}
		if err := json.Unmarshal(call.JSON, &out); err != nil {
			c.t.Fatalf("edit %s: %v", call.JSON, err)
		}
	}
	if out == nil {
		c.t.Fatalf("no message in %s", b)
	}
	id, _ := msg["id"].(string)
	if msg == nil || r.Type == 4 {
		c.mu.Lock()
		c.msgs++
		id = fmt.Sprintf("%d", 500000+c.msgs)
		c.mu.Unlock()
	}
	out["id"] = id
	out["channel_id"] = "2"
	return out
}

// text is everything a message says (content, embeds), for searching.
func (m message) text() string {
	b, _ := json.Marshal(map[string]any{"content": m["content"], "embeds": m["embeds"]})
	// JSON-escaped text is searched as such: unescape the common runes.
	return strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&").Replace(string(b))
}

// component returns the custom_id of the message's first component whose
// custom_id starts with prefix, and a select menu's first value.
func (m message) component(prefix string) (id, value string, ok bool) {
	rows, _ := m["components"].([]any)
	for _, row := range rows {
		cs, _ := row.(map[string]any)["components"].([]any)
		for _, x := range cs {
			c := x.(map[string]any)
			cid, _ := c["custom_id"].(string)
			if strings.HasPrefix(cid, prefix) {
				if opts, ok := c["options"].([]any); ok && len(opts) > 0 {
					value, _ = opts[0].(map[string]any)["value"].(string)
				}
				return cid, value, true
			}
		}
	}
	return "", "", false
}

// press is the data of pressing custom_id (a menu's value when set).
func press(id, value string) map[string]any {
	if value != "" {
		return map[string]any{"custom_id": id, "component_type": 3, "values": []string{value}}
	}
	return map[string]any{"custom_id": id, "component_type": 2}
}

// yachtStart is /yacht start with players.
func yachtStart(players string) map[string]any {
	return map[string]any{"id": "1", "name": "yacht", "type": 1, "options": []any{map[string]any{"name": "start", "type": 1,
		"options": []any{map[string]any{"name": "players", "type": 3, "value": players}}}}}
}

// playToLastScore plays a one-seat Yacht game of user, each press on the
// next replica in turn, rolling once and scoring the first category
// offered, until one category is left; it returns the board before the
// last scoring (rolled) and the last scoring's press.
func (c *memoryCluster) playToLastScore(user string, first int, between func(turn int)) (message, map[string]any) {
	c.t.Helper()
	next := first
	on := func() int { next = (next + 1) % len(c.replicas); return next }
	m := c.interact(on(), user, yachtStart("<@"+user+">"), nil)
	for turn := 1; ; turn++ {
		if between != nil {
			between(turn)
		}
		roll, _, ok := m.component("yacht/2/r/")
		if !ok {
			c.t.Fatalf("turn %d: no roll button:\n%s", turn, m.text())
		}
		m = c.interact(on(), user, press(roll, ""), m)
		menu, value, ok := m.component("yacht/2/s/")
		if !ok {
			c.t.Fatalf("turn %d: no scoring menu:\n%s", turn, m.text())
		}
		rows, _ := m["components"].([]any)
		options := 0
		for _, row := range rows {
			for _, x := range row.(map[string]any)["components"].([]any) {
				if id, _ := x.(map[string]any)["custom_id"].(string); id == menu {
					options = len(x.(map[string]any)["options"].([]any))
				}
			}
		}
		if options == 1 {
			return m, press(menu, value)
		}
		m = c.interact(on(), user, press(menu, value), m)
		if turn > 20 {
			c.t.Fatal("the game does not end")
		}
	}
}

// reviewID is the game id of a final board's Review button ("" when none).
func reviewID(m message) string {
	id, _, _ := m.component("review/1/")
	return strings.TrimPrefix(id, "review/1/")
}

// Three `alea serve` processes on the HTTP endpoint, one PostgreSQL:
// Yacht games played at once, their presses spread over the replicas and
// each game's last scoring sent to all three at the same moment (a
// double click, a retry), and games Alea plays alone started on each;
// every game is recorded exactly once, every final board says so with its
// Review button, and the standings are the same from every replica.
func TestReplicasRecordEachGameOnce(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	defer func(w time.Duration) { fakediscord.Wait = w }(fakediscord.Wait)
	fakediscord.Wait = 2 * time.Minute
	c := startMemoryCluster(t, ctx, 3)

	users := []string{"311111111111111111", "322222222222222222", "333333333333333333", "344444444444444444",
		"366666666666666666", "377777777777777777"}
	ids := make([][]string, len(users))
	var wg sync.WaitGroup
	for u, user := range users {
		wg.Go(func() {
			board, last := c.playToLastScore(user, u, nil)
			finals := make([]message, len(c.replicas))
			var race sync.WaitGroup
			for i := range c.replicas {
				race.Go(func() { finals[i] = c.interact(i, user, last, board) })
			}
			race.Wait()
			for i, f := range finals {
				if !strings.Contains(f.text(), "Result recorded.") {
					t.Errorf("%s on replica %d: the final board does not say recorded:\n%s", user, i, f.text())
				}
				ids[u] = append(ids[u], reviewID(f))
			}
		})
	}
	wg.Wait()
	var alone []string
	for i := range c.replicas {
		alone = append(alone, reviewID(c.interact(i, users[0], yachtStart("alea"), nil)))
	}
	if t.Failed() {
		t.FailNow()
	}

	st, err := store.Open(ctx, c.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	want := map[string]bool{}
	for u, g := range ids {
		if g[0] == "" || g[1] != g[0] || g[2] != g[0] {
			t.Errorf("%s: the replicas' final boards name games %q", users[u], g)
		}
		want[g[0]] = true
	}
	for _, id := range alone {
		want[id] = true
	}
	if len(want) != len(users)+len(c.replicas) {
		t.Fatalf("%d distinct games, want %d", len(want), len(users)+len(c.replicas))
	}
	for id := range want {
		if g, ok, err := st.Game(ctx, id); err != nil || !ok || g.Kind != store.KindYacht {
			t.Errorf("game %s: %v %v %+v", id, ok, err, g)
		}
	}
	for _, user := range users {
		h, err := st.History(ctx, store.HistoryQuery{User: user, Limit: 50})
		if err != nil || len(h.Games) != 1 {
			t.Errorf("%s: %d games recorded (%v), want 1", user, len(h.Games), err)
		}
	}
	var total int
	if err := countGames(ctx, c.dbURL, &total); err != nil {
		t.Fatal(err)
	}
	if total != len(want) {
		t.Errorf("the database holds %d games, want %d", total, len(want))
	}

	// The standings, asked of every replica, are the same.
	standings := map[string]any{"id": "2", "name": "stats", "type": 1, "options": []any{map[string]any{"name": "standings", "type": 1}}}
	var seen []string
	for i := range c.replicas {
		m := c.interact(i, users[0], standings, nil)
		seen = append(seen, m.text())
		for _, u := range users {
			if !strings.Contains(seen[i], "<@"+u+">") {
				t.Errorf("replica %d: the standings do not name %s:\n%s", i, u, seen[i])
			}
		}
	}
	if !reflect.DeepEqual(seen[0], seen[1]) || !reflect.DeepEqual(seen[0], seen[2]) {
		t.Errorf("the standings differ between replicas:\n%s\n%s\n%s", seen[0], seen[1], seen[2])
	}
	for _, r := range c.replicas {
		if err := r.p.terminate(t, 30*time.Second); err != nil {
			t.Errorf("exit: %v", err)
		}
	}
}

// countGames counts the games the database holds.
func countGames(ctx context.Context, url string, n *int) error {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return err
	}
	defer db.Close()
	return db.QueryRowContext(ctx, "SELECT count(*) FROM games").Scan(n)
}

// coinsPlay is /coins play black:b white:w against the perfect bot.
func coinsPlay(b, w int) map[string]any {
	return map[string]any{"id": "3", "name": "coins", "type": 1, "options": []any{map[string]any{"name": "play", "type": 1,
		"options": []any{map[string]any{"name": "black", "type": 4, "value": b}, map[string]any{"name": "white", "type": 4, "value": w}}}}}
}

// firstEnabled is the custom_id of a message's first enabled button whose
// custom_id starts with prefix.
func (m message) firstEnabled(prefix string) string {
	rows, _ := m["components"].([]any)
	for _, row := range rows {
		for _, x := range row.(map[string]any)["components"].([]any) {
			c := x.(map[string]any)
			id, _ := c["custom_id"].(string)
			if off, _ := c["disabled"].(bool); !off && strings.HasPrefix(id, prefix) {
				return id
			}
		}
	}
	return ""
}

// The database stops in the middle of a Yacht game and of a /coins game
// and starts again: the games go on while it is down; their final boards
// say they are not recorded and offer Record, and the replicas log it;
// once the database is back,
// Record (pressed on another replica) records each once, and pressing it
// again adds nothing.
func TestDatabaseStoppedMidGame(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	defer func(w time.Duration) { fakediscord.Wait = w }(fakediscord.Wait)
	fakediscord.Wait = 2 * time.Minute
	c := startMemoryCluster(t, ctx, 2)
	const user = "355555555555555555"

	coins := c.interact(0, user, coinsPlay(4, 4), nil)
	board, last := c.playToLastScore(user, 0, func(turn int) {
		if turn == 5 {
			if err := c.pg.Stop(); err != nil {
				t.Fatal(err)
			}
		}
	})
	final := c.interact(0, user, last, board)
	if !strings.Contains(final.text(), "Not recorded") || reviewID(final) != "" {
		t.Fatalf("the final board with the database down:\n%s", final.text())
	}
	record, _, ok := final.component("yacht/2/R/")
	if !ok {
		t.Fatalf("no Record button:\n%s", final.text())
	}
	for range 20 {
		move := coins.firstEnabled("coins/2/move/")
		if move == "" {
			break
		}
		coins = c.interact(1, user, press(move, ""), coins)
	}
	coinsRecord, _, ok := coins.component("coins/2/rec/")
	if !strings.Contains(coins.text(), "Not recorded") || !ok {
		t.Fatalf("the coins game's end with the database down:\n%s", coins.text())
	}

	// The operator reads it too: each replica logs the game it could not
	// record, with the store's error.
	for i, kind := range []string{"yacht", "coins"} {
		out := c.replicas[i].p.output
		out.Await(t, `"kind":"`+kind+`","err":"store (postgres)`)
		if !strings.Contains(out.String(), `"msg":"a finished game was not recorded; its final board offers Record"`) {
			t.Errorf("replica %d does not log the %s game it could not record:\n%s", i, kind, out)
		}
	}

	if err := c.pg.Start(); err != nil {
		t.Fatal(err)
	}
	var id string
	for i := range 2 { // twice: the second adds nothing
		again := c.interact(1-i, user, press(record, ""), final)
		if !strings.Contains(again.text(), "Result recorded.") || reviewID(again) == "" {
			t.Fatalf("Record after the restart, on replica %d:\n%s", 1-i, again.text())
		}
		id = reviewID(again)
		coinsAgain := c.interact(i, user, press(coinsRecord, ""), coins)
		if !strings.Contains(coinsAgain.text(), "Result recorded.") {
			t.Fatalf("the coins game's Record after the restart:\n%s", coinsAgain.text())
		}
	}
	st, err := store.Open(ctx, c.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h, err := st.History(ctx, store.HistoryQuery{User: user, Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, g := range h.Games {
		kinds[g.Game.Kind]++
	}
	if len(h.Games) != 2 || kinds[store.KindYacht] != 1 || kinds[store.KindCoins] != 1 {
		t.Fatalf("recorded %v, want one Yacht game and one coins game", kinds)
	}
	if g, ok, err := st.Game(ctx, id); err != nil || !ok || len(g.Seats) != 1 || g.Seats[0].User != user {
		t.Errorf("the Yacht game %s: %v %v %+v", id, ok, err, g)
	}
}
