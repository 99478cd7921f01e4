package app

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/commands/yachtwords"
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
		// The twelve dice emojis are uploaded, and only once: a second run
		// lists them and uploads nothing.
		var got []string
		for _, e := range fake.Emojis() {
			got = append(got, e.Name)
		}
		want := "alea_d1 alea_d2 alea_d3 alea_d4 alea_d5 alea_d6 alea_h1 alea_h2 alea_h3 alea_h4 alea_h5 alea_h6"
		if strings.Join(got, " ") != want || !strings.Contains(out, "Uploaded 12 dice emojis") {
			t.Errorf("emojis %v, printed %q", got, out)
		}
		code, out, errs = register(t, map[string]string{"DISCORD_TOKEN": lifecycleToken, "DISCORD_API_BASE": fake.URL, "DISCORD_GUILD_ID": "4242"})
		if code != 0 || errs != "" || len(fake.Emojis()) != 12 || !strings.Contains(out, "already there") {
			t.Errorf("again: exit %d, %d emojis, stdout %q, stderr %q", code, len(fake.Emojis()), out, errs)
		}
	})
	t.Run("some emojis there", func(t *testing.T) {
		fake := fakediscord.New(t, fakediscord.Options{Token: lifecycleToken})
		kept := fake.AddEmoji("alea_d3", []byte("\x89PNG\r\n\x1a\nold"))
		fake.AddEmoji("party", []byte("\x89PNG\r\n\x1a\nparty"))
		code, out, errs := register(t, map[string]string{"DISCORD_TOKEN": lifecycleToken, "DISCORD_API_BASE": fake.URL})
		if code != 0 || !strings.Contains(out, "Uploaded 11 dice emojis (1 was already there)") {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
		}
		ids := map[string]string{}
		for _, e := range fake.Emojis() {
			ids[e.Name] = e.ID
		}
		if len(ids) != 13 || ids["alea_d3"] != kept {
			t.Errorf("emojis %v", ids)
		}
	})
	t.Run("one emoji missing", func(t *testing.T) {
		fake := fakediscord.New(t, fakediscord.Options{Token: lifecycleToken})
		for _, n := range []string{"alea_d1", "alea_d2", "alea_d3", "alea_d4", "alea_d5", "alea_d6",
			"alea_h1", "alea_h2", "alea_h3", "alea_h4", "alea_h5"} {
			fake.AddEmoji(n, nil)
		}
		code, out, errs := register(t, map[string]string{"DISCORD_TOKEN": lifecycleToken, "DISCORD_API_BASE": fake.URL})
		if code != 0 || !strings.Contains(out, "Uploaded 1 dice emoji (11 were already there)") || len(fake.Emojis()) != 12 {
			t.Fatalf("exit %d, %d emojis, stdout %q, stderr %q", code, len(fake.Emojis()), out, errs)
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

// At start the bot draws dice with the application's emojis when all
// twelve are there, and with glyphs when some are missing, when Discord
// refuses the token or when there is no token.
func TestDiceFacesAtStart(t *testing.T) {
	cfgOf := func(t *testing.T, env map[string]string) config.Config {
		cfg, err := config.FromEnv(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
		if err != nil {
			t.Fatal(err)
		}
		return cfg
	}
	log := slog.New(slog.DiscardHandler)
	fake := fakediscord.New(t, fakediscord.Options{Token: lifecycleToken})
	env := map[string]string{"DISCORD_TOKEN": lifecycleToken, "DISCORD_API_BASE": fake.URL}
	if f := diceFaces(context.Background(), cfgOf(t, env), "t", log); f.Emojis() {
		t.Error("emojis without any uploaded")
	}
	var ids []string
	for face := 1; face <= 6; face++ {
		ids = append(ids, fake.AddEmoji(yachtwords.EmojiName(face, false), nil))
		fake.AddEmoji(yachtwords.EmojiName(face, true), nil)
	}
	f := diceFaces(context.Background(), cfgOf(t, env), "t", log)
	if got, want := f.Text([]int{1, 6}), "<:alea_d1:"+ids[0]+"><:alea_d6:"+ids[5]+">"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	fake.Revoke()
	if f := diceFaces(context.Background(), cfgOf(t, env), "t", log); f.Emojis() || f.Text([]int{2}) != "⚁ (2)" {
		t.Error("emojis with a refused token")
	}
	if f := diceFaces(context.Background(), cfgOf(t, map[string]string{}), "t", log); f.Emojis() {
		t.Error("emojis without a token")
	}
}
