package app

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/config"
	"github.com/alea-bot/alea/internal/fakediscord"
	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// healthAddr matches the address the health server logged.
var healthAddr = regexp.MustCompile(`"msg":"health endpoints","addr":"([0-9.:]+)"`)

// Run opens the store DATABASE_URL names, logs it, names it on /readyz
// and in the metrics, and closes it on the way out.
func TestRunOpensTheStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	r := serve(t, map[string]string{"PLAYGROUND_ADDR": "127.0.0.1:0", "HEALTH_ADDR": "127.0.0.1:0", "DATABASE_URL": "sqlite:" + path},
		Settings{Registry: bottest.Commands(nil)})
	r.logs.Await(t, `"msg":"health endpoints"`)
	m := healthAddr.FindStringSubmatch(r.logs.String())
	if m == nil {
		t.Fatalf("no health address in the log:\n%s", r.logs)
	}
	get := func(p string) string {
		resp, err := bottest.Client().Get("http://" + m[1] + p)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	if body := get("/readyz"); !strings.Contains(body, "\nstore: sqlite\n") {
		t.Errorf("/readyz = %q, want a line store: sqlite", body)
	}
	if body := get("/metrics"); !strings.Contains(body, `alea_store_info{engine="sqlite"} 1`) {
		t.Errorf("/metrics lacks alea_store_info{engine=\"sqlite\"} 1")
	}
	if body := get("/metrics"); !strings.Contains(body, "\nalea_target_kept_bytes 0\n") {
		t.Errorf("/metrics lacks the memory of the kept target calculations")
	}
	if !strings.Contains(r.logs.String(), `"msg":"store","engine":"sqlite"`) {
		t.Errorf("the log does not name the store:\n%s", r.logs)
	}
	if _, err := r.stop(t, 20*time.Second); err != nil {
		t.Fatalf("Run: %v", err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the SQLite file was not created: %v", err)
	}
}

// A store that cannot be opened stops the start with an error naming
// DATABASE_URL and never the password.
func TestRunFailsWithoutTheStore(t *testing.T) {
	const secret = "s3cret-of-the-test"
	cfg, err := config.FromEnv(func(k string) (string, bool) {
		v, ok := map[string]string{"PLAYGROUND_ADDR": "127.0.0.1:0", "HEALTH_ADDR": "127.0.0.1:0",
			"DATABASE_URL": "postgres://alea:" + secret + "@127.0.0.1:1/alea?connect_timeout=5"}[k]
		return v, ok
	})
	if err != nil {
		t.Fatal(err)
	}
	logs := &bottest.Log{}
	ctx, cancel := context.WithTimeout(context.Background(), fakediscord.Wait)
	defer cancel()
	err = Run(ctx, cfg, slog.New(slog.NewJSONHandler(logs, nil)), Settings{Registry: bottest.Commands(nil)})
	if err == nil || !strings.Contains(err.Error(), "DATABASE_URL") || strings.Contains(err.Error(), secret) || strings.Contains(logs.String(), secret) {
		t.Fatalf("Run: %v\nlog:\n%s", err, logs)
	}
}

// A game the store could not record is logged with its id and the
// store's error; a game recorded, or declined because recording is off,
// is not.
func TestRecordFailuresAreLogged(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "alea.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetRecording(ctx, "quiet", false); err != nil {
		t.Fatal(err)
	}
	logs := &bottest.Log{}
	rec := newWatchedRecorder(st, slog.New(slog.NewJSONHandler(logs, nil)), nil, nil)
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	game := func(id, guild string) store.Game {
		return store.Game{ID: id, Kind: store.KindOrbs, Guild: guild, Rules: "3x3", Started: at, Ended: at, Seats: []store.Seat{{User: "1", Score: 4}}}
	}
	if ok, err := rec.Record(ctx, game("aaaaaaaaaaab", "")); !ok || err != nil {
		t.Fatal(ok, err)
	}
	if _, err := rec.Record(ctx, game("aaaaaaaaaaac", "quiet")); !errors.Is(err, store.ErrRecordingOff) {
		t.Fatal(err)
	}
	if logs.String() != "" {
		t.Errorf("logged without a fault:\n%s", logs)
	}
	st.Close() // the database goes away
	if ok, err := rec.Record(ctx, game("aaaaaaaaaaad", "")); ok || err == nil {
		t.Fatal(ok, err)
	}
	if l := logs.String(); !strings.Contains(l, `"level":"WARN","msg":"a finished game was not recorded; its final board offers Record","game":"aaaaaaaaaaad","kind":"orbs","err":"store (sqlite)`) {
		t.Errorf("the failure is not logged as it should be:\n%s", l)
	}
}

// A corrupt SQLite file, a read-only one and a wrong PostgreSQL password
// stop the start, without a panic, with an error (which main logs as
// "alea stopped") naming DATABASE_URL and what is wrong, and never the
// password.
func TestRunRefusesABadStore(t *testing.T) {
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt.db")
	if err := os.WriteFile(corrupt, []byte(strings.Repeat("this is not a database\n", 400)), 0o600); err != nil {
		t.Fatal(err)
	}
	ro := filepath.Join(dir, "ro.db")
	st, err := store.Open(context.Background(), "sqlite:"+ro)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	const secret = "not-the-password-of-the-test"
	cases := []struct{ what, url, want string }{
		{"corrupt", "sqlite:" + corrupt, "not an SQLite database"},
		{"read-only", "sqlite:" + ro + "?mode=ro", "cannot write the file"},
		{"wrong password", "", "password"},
	}
	for _, c := range cases {
		t.Run(c.what, func(t *testing.T) {
			url := c.url
			if url == "" {
				pg := storetest.StartPostgres(t, storetest.PostgresOptions{})
				url = pg.URL("postgres", secret)
			}
			cfg, err := config.FromEnv(func(k string) (string, bool) {
				v, ok := map[string]string{"PLAYGROUND_ADDR": "127.0.0.1:0", "HEALTH_ADDR": "127.0.0.1:0", "DATABASE_URL": url}[k]
				return v, ok
			})
			if err != nil {
				t.Fatal(err)
			}
			logs := &bottest.Log{}
			ctx, cancel := context.WithTimeout(context.Background(), fakediscord.Wait)
			defer cancel()
			err = Run(ctx, cfg, slog.New(slog.NewJSONHandler(logs, nil)), Settings{Registry: bottest.Commands(nil)})
			if err == nil || !strings.Contains(err.Error(), "DATABASE_URL") || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Run: %v; want an error naming DATABASE_URL and %q", err, c.want)
			}
			if strings.Contains(err.Error(), secret) || strings.Contains(logs.String(), secret) {
				t.Fatalf("the password is shown: %v\n%s", err, logs)
			}
		})
	}
}
