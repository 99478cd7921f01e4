package app

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/records"
	"github.com/alea-bot/alea/commands/review"
	"github.com/alea-bot/alea/commands/stats"
	"github.com/alea-bot/alea/internal/fakediscord"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// outageBot is alea serve with its HTTP endpoint, to which the fake
// Discord posts signed interactions, over a registry whose /finish
// records the game its option names through the recorder Run makes.
type outageBot struct {
	t      *testing.T
	fake   *fakediscord.Server
	r      *served
	url    string // the endpoint
	health string // the health server's base URL
}

// serveOutageBot serves an outageBot over the store databaseURL names.
// Its /stats and /review read the same store, their wait for it ended by
// wait (nil: after records.StoreWait); no answer is deferred.
func serveOutageBot(t *testing.T, databaseURL string, wait records.Wait) *outageBot {
	t.Helper()
	st, err := store.Open(context.Background(), databaseURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	fake := fakediscord.New(t, fakediscord.Options{Token: lifecycleToken})
	var mu sync.Mutex
	var rec store.Recorder
	finish := &commands.Command{Name: commands.T("finish", "", ""), Description: commands.T("Records a game", "", ""),
		Options: []commands.Option{{Name: commands.T("game", "", ""), Description: commands.T("its id", "", ""), Type: commands.String, Required: true}},
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			mu.Lock()
			r := rec
			mu.Unlock()
			at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
			_, err := r.Record(ctx, store.Game{ID: req.Options.String("game", ""), Kind: store.KindOrbs, Rules: "3x3", Started: at, Ended: at,
				Seats: []store.Seat{{User: req.UserID, Score: 4}}})
			if err != nil {
				return &commands.Reply{Content: "not recorded"}, nil
			}
			return &commands.Reply{Content: "recorded"}, nil
		}}
	r := serve(t, map[string]string{"DISCORD_PUBLIC_KEY": fakediscord.PublicKeyHex(), "HTTP_ADDR": "127.0.0.1:0", "STATE_SECRET": testStateSecret,
		"DISCORD_API_BASE": fake.URL, "HEALTH_ADDR": "127.0.0.1:0", "DATABASE_URL": databaseURL},
		Settings{Registry: commands.NewRegistry(finish, stats.Command(stats.Deps{Store: st, StoreWait: wait}), review.CommandWaiting(st, wait)),
			Store: st, UseRecorder: func(r store.Recorder) { mu.Lock(); rec = r; mu.Unlock() },
			DeferClock: func(*commands.Request) <-chan time.Time { return nil }})
	r.logs.Await(t, `"msg":"health endpoints"`)
	ep := endpointAddr.FindStringSubmatch(r.logs.String())
	h := healthAddr.FindStringSubmatch(r.logs.String())
	if ep == nil || h == nil {
		t.Fatalf("no addresses in the log:\n%s", r.logs)
	}
	return &outageBot{t: t, fake: fake, r: r, url: "http://" + ep[1] + "/interactions", health: "http://" + h[1]}
}

// get returns the status and body of a health endpoint.
func (b *outageBot) get(path string) (int, string) {
	b.t.Helper()
	resp, err := bottest.Client().Get(b.health + path)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// metric is the value of a line of /metrics ("" when absent).
func (b *outageBot) metric(name string) string {
	b.t.Helper()
	_, body := b.get("/metrics")
	m := regexp.MustCompile("(?m)^" + regexp.QuoteMeta(name) + " (.*)$").FindStringSubmatch(body)
	if m == nil {
		return ""
	}
	return m[1]
}

// finish records game id through the endpoint and returns the reply and
// the interaction's id.
func (b *outageBot) finish(id string) (content, interaction string) {
	b.t.Helper()
	return b.ask(bottest.CommandData("finish", map[string]any{"name": "game", "type": 3, "value": id}))
}

// standings asks /stats standings through the endpoint.
func (b *outageBot) standings() string {
	b.t.Helper()
	got, _ := b.ask(bottest.CommandData("stats", map[string]any{"name": "standings", "type": 1}))
	return got
}

// review asks /review of game id through the endpoint.
func (b *outageBot) review(id string) string {
	b.t.Helper()
	got, _ := b.ask(bottest.CommandData("review", map[string]any{"name": "game", "type": 3, "value": id}))
	return got
}

// ask posts a command with data and returns the reply's content and the
// interaction's id.
func (b *outageBot) ask(data map[string]any) (content, interaction string) {
	b.t.Helper()
	p := b.fake.Post(b.t, b.url, fakediscord.Interaction{Type: 2, Data: data})
	if p.Status != http.StatusOK {
		b.t.Fatalf("%s: %d %s", data["name"], p.Status, p.Response)
	}
	var r struct {
		Data struct {
			Content string `json:"content"`
		} `json:"data"`
	}
	_ = json.Unmarshal(p.Response, &r)
	if r.Data.Content == "" { // an embed
		return string(p.Response), p.ID
	}
	return r.Data.Content, p.ID
}

// unavailable is what /stats and /review answer when the store fails.
const unavailable = "Alea's memory is unavailable right now, so this cannot be answered. Games go on as usual; please try again in a little while."

// /readyz and the metrics follow an outage of PostgreSQL, and every game
// is answered through it: before, the store is healthy and a game is
// recorded; with the server stopped, /readyz still answers 200 (games go
// on) and says the store is degraded and why, alea_store_healthy is 0,
// /stats and /review say the memory is unavailable right now, a
// game finished then is not recorded, counted as failed, and logged with
// its id and the interaction's; once the server is back, the store is
// healthy again, and recording the same game again succeeds and counts
// as a retry.
func TestReadyzAndMetricsFollowAStoreOutage(t *testing.T) {
	pg := storetest.StartPostgres(t, storetest.PostgresOptions{})
	b := serveOutageBot(t, pg.NewDatabase(t), nil)
	if code, body := b.get("/readyz"); code != 200 || body != "ready\nstore: postgres\n" {
		t.Fatalf("/readyz before: %d %q", code, body)
	}
	if got, _ := b.finish("aaaaaaaaaaab"); got != "recorded" {
		t.Fatalf("before the outage: %q", got)
	}
	if v := b.metric(`alea_store_healthy`); v != "1" {
		t.Fatalf("alea_store_healthy = %q before the outage", v)
	}

	if err := pg.Stop(); err != nil {
		t.Fatal(err)
	}
	restarted := false
	defer func() {
		if !restarted {
			pg.Start()
		}
	}()
	code, body := b.get("/readyz")
	if code != 200 || !strings.HasPrefix(body, "ready\nstore: postgres degraded: ") {
		t.Fatalf("/readyz during the outage: %d %q", code, body)
	}
	if v := b.metric(`alea_store_healthy`); v != "0" {
		t.Fatalf("alea_store_healthy = %q during the outage", v)
	}
	// /stats and /review say the memory is unavailable, at once.
	if got := b.standings(); got != unavailable {
		t.Errorf("/stats standings during the outage: %q", got)
	}
	if got := b.review("aaaaaaaaaaab"); got != unavailable {
		t.Errorf("/review during the outage: %q", got)
	}
	got, interaction := b.finish("aaaaaaaaaaac")
	if got != "not recorded" {
		t.Fatalf("during the outage: %q", got)
	}
	if v := b.metric(`alea_recordings_total{kind="orbs",result="failed"}`); v != "1" {
		t.Fatalf("failed recordings %q, want 1", v)
	}
	warned := false
	for _, line := range strings.Split(b.r.logs.String(), "\n") {
		warned = warned || strings.Contains(line, `"msg":"a finished game was not recorded; its final board offers Record","game":"aaaaaaaaaaac"`) &&
			strings.Contains(line, `"interaction":"`+interaction+`"`)
	}
	if !warned {
		t.Errorf("the failure is not logged with its game and interaction:\n%s", b.r.logs)
	}

	if err := pg.Start(); err != nil {
		t.Fatal(err)
	}
	restarted = true
	if got, _ := b.finish("aaaaaaaaaaac"); got != "recorded" {
		t.Fatalf("recording again after the outage: %q", got)
	}
	if v := b.metric(`alea_recording_retries_total{kind="orbs",result="recorded"}`); v != "1" {
		t.Fatalf("retries recorded %q, want 1", v)
	}
	if v := b.metric(`alea_recordings_total{kind="orbs",result="recorded"}`); v != "2" {
		t.Fatalf("recordings %q, want 2", v)
	}
	if code, body := b.get("/readyz"); code != 200 || body != "ready\nstore: postgres\n" {
		t.Fatalf("/readyz after: %d %q", code, body)
	}
	if got := b.review("aaaaaaaaaaac"); got == unavailable || got == "" || strings.Contains(got, "Internal") {
		t.Errorf("/review after the outage: %q", got)
	}
	if v := b.metric(`alea_store_healthy`); v != "1" {
		t.Fatalf("alea_store_healthy = %q after the outage", v)
	}
}

// A vanished SQLite file is noticed: moved away while Alea runs, /readyz
// says so (200: games go on) and alea_store_healthy is 0; put back, the
// store is healthy again; deleted, it is gone again.
func TestReadyzNoticesAVanishedSQLiteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "alea.db")
	b := serveOutageBot(t, "sqlite:"+path, nil)
	if code, body := b.get("/readyz"); code != 200 || body != "ready\nstore: sqlite\n" {
		t.Fatalf("/readyz before: %d %q", code, body)
	}
	if err := os.Rename(path, filepath.Join(dir, "moved.db")); err != nil {
		t.Fatal(err)
	}
	code, body := b.get("/readyz")
	if code != 200 || !strings.HasPrefix(body, "ready\nstore: sqlite degraded: ") || !strings.Contains(body, path+" is gone (deleted or moved)") {
		t.Fatalf("/readyz with the file gone: %d %q", code, body)
	}
	if v := b.metric(`alea_store_healthy`); v != "0" {
		t.Fatalf("alea_store_healthy = %q with the file gone", v)
	}
	// A game is not recorded into it (it would be lost), and is logged.
	if got, _ := b.finish("aaaaaaaaaaad"); got != "not recorded" {
		t.Fatalf("a game finished with the file gone: %q", got)
	}
	if v := b.metric(`alea_recordings_total{kind="orbs",result="failed"}`); v != "1" {
		t.Fatalf("failed recordings %q with the file gone, want 1", v)
	}
	if err := os.Rename(filepath.Join(dir, "moved.db"), path); err != nil {
		t.Fatal(err)
	}
	if got, _ := b.finish("aaaaaaaaaaad"); got != "recorded" {
		t.Fatalf("recording again with the file back: %q", got)
	}
	if code, body := b.get("/readyz"); code != 200 || body != "ready\nstore: sqlite\n" {
		t.Fatalf("/readyz with the file back: %d %q", code, body)
	}
	// Deleted while open: SQLite goes on with the unlinked file, Alea says
	// it is gone.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	code, body = b.get("/readyz")
	if code != 200 || !strings.Contains(body, path+" is gone (deleted or moved)") {
		t.Fatalf("/readyz with the file deleted: %d %q", code, body)
	}
	if v := b.metric(`alea_store_healthy`); v != "0" {
		t.Fatalf("alea_store_healthy = %q with the file deleted", v)
	}
}

// A frozen store is said to be unavailable when the wait for it ends, not
// at the command's time budget: with every table of the standings locked
// by another session (PostgreSQL answers nothing until it lets go), /stats
// standings waits for the lock, and once its wait fires (by hand, here,
// when the server shows the query waiting) it answers that the memory is
// unavailable right now; the lock released, it answers the standings.
func TestAFrozenStoreIsUnavailableToStats(t *testing.T) {
	pg := storetest.StartPostgres(t, storetest.PostgresOptions{})
	url := pg.NewDatabase(t)
	fire := make(chan time.Time)
	var fired atomic.Bool
	b := serveOutageBot(t, url, func() <-chan time.Time {
		if fired.Load() {
			return nil
		}
		return fire
	})
	ctx := context.Background()
	locker, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer locker.Close(ctx)
	tx, err := locker.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, `LOCK TABLE games, seats, seat_sums, guild_settings IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	answered := make(chan string, 1)
	go func() { answered <- b.standings() }()
	watcher, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer watcher.Close(ctx)
	deadline := time.Now().Add(fakediscord.Wait)
	for {
		var waiting int
		if err := watcher.QueryRow(ctx, `SELECT count(*) FROM pg_locks WHERE NOT granted`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the standings never waited for the lock")
		}
	}
	fired.Store(true)
	close(fire)
	select {
	case got := <-answered:
		if got != unavailable {
			t.Errorf("/stats standings of a frozen store: %q", got)
		}
	case <-time.After(fakediscord.Wait):
		t.Fatal("no answer once the wait fired")
	}
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if got := b.standings(); !strings.Contains(got, "Standings") {
		t.Errorf("/stats standings once the lock is released: %q", got)
	}
}
