package app

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/config"
	"github.com/alea-bot/alea/internal/fakediscord"
)

// alea register: one bulk overwrite over REST, printed, exit 0; Discord's
// refusal printed with its reason, exit 1; no token, exit 2. The
// application id is asked from Discord when DISCORD_APP_ID is empty.
func TestRegisterCommand(t *testing.T) {
	register := func(t *testing.T, env map[string]string) (int, string, string) {
		t.Helper()
		cfg, err := config.FromEnv(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), fakediscord.Wait)
		defer cancel()
		var stdout, stderr bytes.Buffer
		code := Register(ctx, cfg, "v-test", &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}
	names := []string{}
	for _, c := range all.Registry(all.Loopback()).Commands() {
		names = append(names, "/"+c.Name.En)
	}

	t.Run("guild", func(t *testing.T) {
		fake := fakediscord.New(t, fakediscord.Options{Token: lifecycleToken})
		code, out, errs := register(t, map[string]string{"DISCORD_TOKEN": lifecycleToken, "DISCORD_API_BASE": fake.URL, "DISCORD_GUILD_ID": "4242"})
		if code != 0 || errs != "" {
			t.Fatalf("exit %d, stderr %q", code, errs)
		}
		if _, n := fake.Registered("4242"); n != 1 {
			t.Fatalf("%d overwrites of guild 4242", n)
		}
		if !strings.Contains(out, "guild 4242") || !strings.Contains(out, fake.AppID()) || !strings.Contains(out, strings.Join(names, " ")) {
			t.Errorf("printed %q; want the guild, the application and %v", out, names)
		}
		for _, c := range fake.Calls() {
			if !strings.Contains(c.Auth, lifecycleToken) || c.Route == "/gateway" || c.Route == "/gateway/bot" {
				t.Errorf("call %s %s (authorised %v)", c.Method, c.Route, strings.Contains(c.Auth, lifecycleToken))
			}
		}
	})
	t.Run("global after a 429", func(t *testing.T) {
		fake := fakediscord.New(t, fakediscord.Options{Token: lifecycleToken})
		fake.InjectREST(fakediscord.Fault{Method: http.MethodPut, Status: 429, RetryAfter: time.Millisecond})
		code, out, errs := register(t, map[string]string{"DISCORD_TOKEN": lifecycleToken, "DISCORD_API_BASE": fake.URL, "DISCORD_APP_ID": fake.AppID()})
		if code != 0 || !strings.Contains(out, "globally") {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
		}
		if _, n := fake.Registered("global"); n != 1 {
			t.Fatalf("%d global overwrites", n)
		}
	})
	t.Run("refused", func(t *testing.T) {
		fake := fakediscord.New(t, fakediscord.Options{Token: lifecycleToken})
		fake.Revoke()
		code, out, errs := register(t, map[string]string{"DISCORD_TOKEN": lifecycleToken, "DISCORD_API_BASE": fake.URL})
		if code != 1 || out != "" || !strings.Contains(errs, "401") || !strings.Contains(errs, "Unauthorized") || strings.Contains(errs, lifecycleToken) {
			t.Fatalf("exit %d, stdout %q, stderr %q; want 1 and Discord's reason without the token", code, out, errs)
		}
	})
	t.Run("no token", func(t *testing.T) {
		code, _, errs := register(t, map[string]string{})
		if code != 2 || !strings.Contains(errs, "DISCORD_TOKEN") {
			t.Fatalf("exit %d, stderr %q", code, errs)
		}
	})
}
