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
	"testing"
	"time"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
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

func serveOutageBot(t *testing.T, databaseURL string) *outageBot {
	t.Helper()
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
		Settings{Registry: commands.NewRegistry(finish), UseRecorder: func(r store.Recorder) { mu.Lock(); rec = r; mu.Unlock() }})
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
	p := b.fake.Post(b.t, b.url, fakediscord.Interaction{Type: 2, Data: bottest.CommandData("finish",
		map[string]any{"name": "game", "type": 3, "value": id})})
	if p.Status != http.StatusOK {
		b.t.Fatalf("finish: %d %s", p.Status, p.Response)
	}
	var r struct {
		Data struct {
			Content string `json:"content"`
		} `json:"data"`
	}
	_ = json.Unmarshal(p.Response, &r)
	return r.Data.Content, p.ID
}

// /readyz and the metrics follow an outage of PostgreSQL, and every game
// is answered through it: before, the store is healthy and a game is
// recorded; with the server stopped, /readyz still answers 200 (games go
// on) and says the store is degraded and why, alea_store_healthy is 0, a
// game finished then is not recorded, counted as failed, and logged with
// its id and the interaction's; once the server is back, the store is
// healthy again, and recording the same game again succeeds and counts
// as a retry.
func TestReadyzAndMetricsFollowAStoreOutage(t *testing.T) {
	pg := storetest.StartPostgres(t, storetest.PostgresOptions{})
	b := serveOutageBot(t, pg.NewDatabase(t))
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
	if v := b.metric(`alea_store_healthy`); v != "1" {
		t.Fatalf("alea_store_healthy = %q after the outage", v)
	}
}

// A vanished SQLite file is noticed: moved away while Alea runs, /readyz
// says so (200: games go on) and alea_store_healthy is 0; put back, the
// store is healthy again.
func TestReadyzNoticesAVanishedSQLiteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "alea.db")
	b := serveOutageBot(t, "sqlite:"+path)
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
	if err := os.Rename(filepath.Join(dir, "moved.db"), path); err != nil {
		t.Fatal(err)
	}
	if code, body := b.get("/readyz"); code != 200 || body != "ready\nstore: sqlite\n" {
		t.Fatalf("/readyz with the file back: %d %q", code, body)
	}
}
