package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const (
	token     = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789"
	publicKey = "e3c6a6b3d6f74be4c7e2a1b0a9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6"
)

func env(kv ...string) func(string) (string, bool) {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func TestDefaults(t *testing.T) {
	c, err := FromEnv(env())
	if err != nil {
		t.Fatal(err)
	}
	if c.Gateway() || c.Endpoint() {
		t.Fatal("no Discord settings, yet a transport is configured")
	}
	if c.APIBase != "https://discord.com" || c.ShardCount != 1 || c.ShardID != 0 || c.CacheTTL != 10*time.Minute ||
		c.CacheEntries != 2000 || c.LogLevel != slog.LevelInfo || c.LogFormat != "text" ||
		c.PlaygroundAddr != "127.0.0.1:8080" || c.PlaygroundPublic || c.HealthAddr != "127.0.0.1:9090" ||
		c.UserRate != 2 || c.GlobalRate != 50 || c.MaxHeavy != 0 {
		t.Fatalf("defaults: %+v", c)
	}
	// Every variable has a meaning, and the defaults table names each once.
	seen := map[string]bool{}
	for _, v := range Variables {
		if v.Meaning == "" || seen[v.Name] {
			t.Errorf("variable %s: empty meaning or listed twice", v.Name)
		}
		seen[v.Name] = true
	}
}

func TestGoodSettings(t *testing.T) {
	c, err := FromEnv(env(
		"DISCORD_TOKEN", "Bot "+token, "DISCORD_APP_ID", "123", "DISCORD_GUILD_ID", "456",
		"DISCORD_PUBLIC_KEY", strings.ToUpper(publicKey), "HTTP_ADDR", ":8443",
		"DISCORD_API_BASE", "http://127.0.0.1:3000/", "SHARD_ID", "2", "SHARD_COUNT", "3",
		"CACHE_TTL", "0", "CACHE_ENTRIES", "10", "LOG_LEVEL", "DEBUG", "LOG_FORMAT", "json",
		"PLAYGROUND_PUBLIC", "true", "HEALTH_ADDR", "0.0.0.0:9999", "RATE_PER_USER", "0.5", "RATE_GLOBAL", "300", "MAX_HEAVY", "4",
	))
	if err != nil {
		t.Fatal(err)
	}
	if c.Token.Reveal() != token {
		t.Errorf("the \"Bot \" prefix was not removed")
	}
	if !c.Gateway() || !c.Endpoint() || c.PublicKey != publicKey || c.APIBase != "http://127.0.0.1:3000" ||
		c.ShardID != 2 || c.ShardCount != 3 || c.CacheTTL != 0 || c.LogLevel != slog.LevelDebug || c.LogFormat != "json" ||
		!c.PlaygroundPublic || c.UserRate != 0.5 || c.GlobalRate != 300 || c.MaxHeavy != 4 {
		t.Fatalf("settings: %+v", c)
	}
}

func TestEachBadVariableIsNamed(t *testing.T) {
	for _, c := range []struct{ name, value string }{
		{"DISCORD_TOKEN", "abc def"},
		{"DISCORD_APP_ID", "12a"},
		{"DISCORD_GUILD_ID", "-5"},
		{"DISCORD_PUBLIC_KEY", "abcd"},
		{"DISCORD_PUBLIC_KEY", strings.Repeat("g", 64)},
		{"HTTP_ADDR", "8443"},
		{"HTTP_ADDR", ":99999"},
		{"DISCORD_API_BASE", "discord.com"},
		{"DISCORD_API_BASE", "ftp://x"},
		{"DISCORD_API_BASE", "https://discord.com/api/v9"},
		{"SHARD_ID", "x"},
		{"SHARD_ID", "-1"},
		{"SHARD_COUNT", "0"},
		{"CACHE_TTL", "10"},
		{"CACHE_TTL", "-1m"},
		{"CACHE_ENTRIES", "0"},
		{"LOG_LEVEL", "loud"},
		{"LOG_FORMAT", "xml"},
		{"PLAYGROUND_ADDR", "localhost"},
		{"PLAYGROUND_PUBLIC", "maybe"},
		{"HEALTH_ADDR", "x:y"},
		{"RATE_PER_USER", "0"},
		{"RATE_PER_USER", "fast"},
		{"RATE_GLOBAL", "0"},
		{"RATE_GLOBAL", "NaN"},
		{"RATE_GLOBAL", "1e9"},
		{"MAX_HEAVY", "-1"},
		{"MAX_HEAVY", "100000"},
		{"STATE_SECRET", "short"},
		{"STATE_SECRET", "sixteen chars but spaces"},
	} {
		kv := []string{c.name, c.value}
		// The endpoint pair goes together; give the partner a good value.
		switch c.name {
		case "DISCORD_PUBLIC_KEY":
			kv = append(kv, "HTTP_ADDR", ":8443", "STATE_SECRET", "0123456789abcdef0123")
		case "HTTP_ADDR":
			kv = append(kv, "DISCORD_PUBLIC_KEY", publicKey, "STATE_SECRET", "0123456789abcdef0123")
		}
		_, err := FromEnv(env(kv...))
		var ce *Error
		if !errors.As(err, &ce) {
			t.Errorf("%s=%q: accepted (%v)", c.name, c.value, err)
			continue
		}
		if len(ce.Problems) != 1 || !strings.HasPrefix(ce.Problems[0], c.name+"=") {
			t.Errorf("%s=%q: problems %q, want one naming %s", c.name, c.value, ce.Problems, c.name)
		}
	}
}

func TestProblemsAreReportedTogether(t *testing.T) {
	_, err := FromEnv(env("LOG_LEVEL", "loud", "SHARD_COUNT", "2", "SHARD_ID", "2", "DISCORD_PUBLIC_KEY", publicKey, "MAX_HEAVY", "x", "STATE_SECRET", "0123456789abcdef0123"))
	var ce *Error
	if !errors.As(err, &ce) {
		t.Fatal(err)
	}
	all := strings.Join(ce.Problems, "\n")
	for _, want := range []string{"LOG_LEVEL", "SHARD_ID=2 must be less than SHARD_COUNT=2", "DISCORD_PUBLIC_KEY and HTTP_ADDR go together", "MAX_HEAVY"} {
		if !strings.Contains(all, want) {
			t.Errorf("problems lack %q:\n%s", want, all)
		}
	}
	if !strings.HasPrefix(err.Error(), "configuration: ") {
		t.Errorf("error %q", err)
	}
}

func TestTokenIsNeverPrinted(t *testing.T) {
	c, err := FromEnv(env("DISCORD_TOKEN", token))
	if err != nil {
		t.Fatal(err)
	}
	secret := token[len(token)-20:]
	var outputs []string
	for _, format := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X"} {
		outputs = append(outputs, fmt.Sprintf(format, c), fmt.Sprintf(format, c.Token), fmt.Sprintf(format, &c))
	}
	outputs = append(outputs, fmt.Sprint(c), fmt.Sprintln(c.Token), c.Token.String())
	j, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	outputs = append(outputs, string(j))
	for _, h := range []func(*bytes.Buffer) slog.Handler{
		func(b *bytes.Buffer) slog.Handler { return slog.NewJSONHandler(b, nil) },
		func(b *bytes.Buffer) slog.Handler { return slog.NewTextHandler(b, nil) },
	} {
		var b bytes.Buffer
		log := slog.New(h(&b))
		log.Info("start", "token", c.Token, "config", c, "ptr", &c)
		log.Info("group", slog.Group("g", "token", c.Token))
		outputs = append(outputs, b.String())
	}
	for _, out := range outputs {
		if strings.Contains(out, secret) || strings.Contains(out, fmt.Sprintf("%x", secret)) || strings.Contains(out, fmt.Sprintf("%X", secret)) {
			t.Fatalf("the token leaked: %s", out)
		}
	}
	if !strings.Contains(fmt.Sprint(c.Token), "redacted") || !strings.Contains(string(j), "redacted") {
		t.Fatalf("the token is not marked as redacted: %s / %s", fmt.Sprint(c.Token), j)
	}
	// An empty token prints as empty, so logs do not claim one is set.
	if Secret("").String() != "" {
		t.Fatal("empty secret prints non-empty")
	}
	// A bad token is not echoed in the error either.
	_, err = FromEnv(env("DISCORD_TOKEN", token+" x"))
	if err == nil || strings.Contains(err.Error(), secret) {
		t.Fatalf("bad token error: %v", err)
	}
}

func TestLoadDotenv(t *testing.T) {
	dir := t.TempDir()
	if err := LoadDotenv(filepath.Join(dir, "missing.env")); err != nil {
		t.Fatalf("a missing .env is not an error: %v", err)
	}
	path := filepath.Join(dir, ".env")
	if err := os.WriteFile(path, []byte("ALEA_TEST_FROM_FILE=file\nALEA_TEST_SET=file\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("ALEA_TEST_SET", "env")
	t.Setenv("ALEA_TEST_FROM_FILE", "")
	os.Unsetenv("ALEA_TEST_FROM_FILE")
	if err := LoadDotenv(path); err != nil {
		t.Fatal(err)
	}
	if os.Getenv("ALEA_TEST_FROM_FILE") != "file" || os.Getenv("ALEA_TEST_SET") != "env" {
		t.Fatalf("from file %q, already set %q", os.Getenv("ALEA_TEST_FROM_FILE"), os.Getenv("ALEA_TEST_SET"))
	}
	if err := os.WriteFile(path, []byte("=broken\n\"unterminated"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := LoadDotenv(path); err == nil {
		t.Fatal("a broken .env was accepted")
	}
}

func TestStateKey(t *testing.T) {
	open := func(kv ...string) (sealed string, loopback bool) {
		c, err := FromEnv(env(kv...))
		if err != nil {
			t.Fatal(err)
		}
		m, lb := c.StateMaterial()
		return m.Reveal(), lb
	}
	secret, lb1 := open("STATE_SECRET", "0123456789abcdef0123")
	withToken, lb2 := open("STATE_SECRET", "0123456789abcdef0123", "DISCORD_TOKEN", token)
	fromToken, lb3 := open("DISCORD_TOKEN", token)
	endpoint, lb4 := open("DISCORD_PUBLIC_KEY", publicKey, "HTTP_ADDR", ":8443", "STATE_SECRET", "0123456789abcdef0123")
	none, lb5 := open()
	if secret != withToken {
		t.Error("STATE_SECRET does not win over the token")
	}
	if endpoint != secret {
		t.Error("the public key changes the key made from STATE_SECRET")
	}
	if secret == fromToken || fromToken == none || secret == none {
		t.Error("different sources give the same key")
	}
	if lb1 || lb2 || lb3 || lb4 || !lb5 {
		t.Errorf("loopback = %v %v %v %v %v, want only the last", lb1, lb2, lb3, lb4, lb5)
	}
	// A Config built by hand with the public key alone gets no key made
	// from it: the loopback key, which no deployment accepts (FromEnv
	// refuses that configuration).
	if _, lb := (Config{PublicKey: publicKey, HTTPAddr: ":8443"}).StateMaterial(); !lb {
		t.Error("a key was made from the public key")
	}
	if again, _ := open("DISCORD_TOKEN", token); again != fromToken {
		t.Error("the derived key is not the same on every replica")
	}
	c, _ := FromEnv(env("STATE_SECRET", "0123456789abcdef0123"))
	if strings.Contains(fmt.Sprintf("%v %+v", c, c), "0123456789abcdef") {
		t.Error("STATE_SECRET printed")
	}
}

// The HTTP endpoint seals game states with a secret: without STATE_SECRET
// or a token to derive one from, the start is refused, naming
// STATE_SECRET, since the public key is public (a key made from it lets
// anyone forge a state).
func TestEndpointNeedsASecret(t *testing.T) {
	_, err := FromEnv(env("DISCORD_PUBLIC_KEY", publicKey, "HTTP_ADDR", ":8443"))
	var ce *Error
	if !errors.As(err, &ce) || len(ce.Problems) != 1 || !strings.Contains(ce.Problems[0], "STATE_SECRET") {
		t.Fatalf("endpoint alone without a secret: %v, want one problem naming STATE_SECRET", err)
	}
	for _, ok := range [][]string{
		{"DISCORD_PUBLIC_KEY", publicKey, "HTTP_ADDR", ":8443", "STATE_SECRET", "0123456789abcdef0123"},
		{"DISCORD_PUBLIC_KEY", publicKey, "HTTP_ADDR", ":8443", "DISCORD_TOKEN", token, "DISCORD_GATEWAY", "false"},
	} {
		if _, err := FromEnv(env(ok...)); err != nil {
			t.Errorf("%q: %v", ok[4], err)
		}
	}
}

// GOMEMLIMIT is read as the Go runtime reads it (bytes with a binary
// suffix, or off), defaults to DefaultMemoryLimit, and is refused when it
// is not a size or leaves no room for HEAVY_MEMORY and TARGET_MEMORY.
func TestMemoryLimit(t *testing.T) {
	for s, want := range map[string]int64{"920MiB": 920 << 20, "2GiB": 2 << 30, "1048576": 1 << 20, "512KiB": 512 << 10, "100B": 100, "1TiB": 1 << 40, "off": 0} {
		if got, ok := ParseMemoryLimit(s); !ok || got != want {
			t.Errorf("ParseMemoryLimit(%q) = %d, %t; want %d", s, got, ok, want)
		}
	}
	for _, s := range []string{"", "920M", "920mib", "-1MiB", "0", "1.5GiB", "MiB", "99999999999TiB"} {
		if _, ok := ParseMemoryLimit(s); ok {
			t.Errorf("ParseMemoryLimit(%q) accepted", s)
		}
	}
	read := func(env map[string]string) (Config, error) {
		return FromEnv(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	}
	if c, err := read(nil); err != nil || c.MemoryLimit != 920<<20 {
		t.Errorf("default: %d %v", c.MemoryLimit, err)
	}
	if c, err := read(map[string]string{"GOMEMLIMIT": "off", "HEAVY_MEMORY": "4000"}); err != nil || c.MemoryLimit != 0 {
		t.Errorf("off: %d %v", c.MemoryLimit, err)
	}
	if c, err := read(map[string]string{"GOMEMLIMIT": "2GiB", "HEAVY_MEMORY": "1200"}); err != nil || c.MemoryLimit != 2<<30 {
		t.Errorf("2GiB with HEAVY_MEMORY=1200: %d %v", c.MemoryLimit, err)
	}
	if _, err := read(map[string]string{"GOMEMLIMIT": "1GB"}); err == nil || !strings.Contains(err.Error(), `GOMEMLIMIT="1GB" is not valid`) {
		t.Errorf("1GB: %v", err)
	}
	if _, err := read(map[string]string{"HEAVY_MEMORY": "600"}); err == nil || !strings.Contains(err.Error(), "GOMEMLIMIT=920MiB leaves no room for HEAVY_MEMORY (600 MB) and TARGET_MEMORY (512 MB)") {
		t.Errorf("HEAVY_MEMORY=600 under the default limit: %v", err)
	}
}
