package app

import (
	"context"
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
