// Package config reads Alea's settings from the environment, with a .env
// file loaded first when present (variables already set win), and checks
// them all at start: a bad value is reported with the variable's name and
// the form it accepts. The Discord token is a Secret and never printed.
package config

import (
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/joho/godotenv"
)

// Secret is a value that must never appear in logs or output.
type Secret string

// String redacts the secret.
func (s Secret) String() string {
	if s == "" {
		return ""
	}
	return "[redacted]"
}

// GoString redacts the secret in %#v.
func (s Secret) GoString() string { return `config.Secret("[redacted]")` }

// LogValue redacts the secret in slog output.
func (s Secret) LogValue() slog.Value { return slog.StringValue(s.String()) }

// MarshalText redacts the secret in JSON and other encodings.
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Reveal returns the secret itself, for the one place that sends it.
func (s Secret) Reveal() string { return string(s) }

// Config holds every setting of the bot, read from the environment (each
// variable is described in .env.example).
type Config struct {
	Token            Secret        // DISCORD_TOKEN: the bot token; registers the commands, enables the gateway
	AppID            string        // DISCORD_APP_ID: optional, asked from Discord otherwise
	GuildID          string        // DISCORD_GUILD_ID: register commands to this guild only
	PublicKey        string        // DISCORD_PUBLIC_KEY: hex Ed25519 key; with HTTP_ADDR enables the endpoint
	HTTPAddr         string        // HTTP_ADDR: address of the HTTP interactions endpoint
	APIBase          string        // DISCORD_API_BASE: replaces https://discord.com in REST URLs
	ShardID          int           // SHARD_ID
	ShardCount       int           // SHARD_COUNT
	CacheTTL         time.Duration // CACHE_TTL
	CacheEntries     int           // CACHE_ENTRIES
	LogLevel         slog.Level    // LOG_LEVEL
	LogFormat        string        // LOG_FORMAT: text or json
	PlaygroundAddr   string        // PLAYGROUND_ADDR
	PlaygroundPublic bool          // PLAYGROUND_PUBLIC: allow a non-loopback playground address
	HealthAddr       string        // HEALTH_ADDR
	UserRate         float64       // RATE_PER_USER: requests per second per user
	GlobalRate       float64       // RATE_GLOBAL: interactions per second for the whole bot
	MaxHeavy         int           // MAX_HEAVY: heavy computations at once (0: CPUs)
	HeavyMemoryMB    int           // HEAVY_MEMORY: memory budget of heavy work at once, in MB (0: none)
	TargetMemoryMB   int           // TARGET_MEMORY: memory kept for target advice toward the targets last asked, in MB (0: none)
	MemoryLimit      int64         // GOMEMLIMIT: the Go runtime's soft memory limit, in bytes (0: off)

	// Lifecycle: which transports run, and how long stopping may take.
	UseGateway    bool          // DISCORD_GATEWAY: connect the gateway (default: when a token is set)
	ShutdownGrace time.Duration // SHUTDOWN_GRACE: the bound on the whole shutdown

	// Game state: the key of the MAC on every state in custom_ids and messages.
	StateSecret Secret // STATE_SECRET: key of the MAC on game states; empty: derived (StateMaterial)

	// Memory: where finished games are kept.
	DatabaseURL Secret // DATABASE_URL: sqlite:PATH, postgres://… or off (may hold a password: never logged whole)
}

// StateMaterial returns the secret material the key that seals game
// states is derived from (the wiring, internal/app, derives it): from
// STATE_SECRET, else DISCORD_TOKEN, each named so that different sources
// never give the same material. The public key, being public, never makes
// a key: an endpoint needs one of the two secrets (FromEnv). loopback
// reports that none is set: the fixed loopback key then seals states, good
// only for the local playground and the runner, since that key is no secret.
func (c Config) StateMaterial() (material Secret, loopback bool) {
	switch {
	case c.StateSecret != "":
		return Secret("STATE_SECRET:" + c.StateSecret.Reveal()), false
	case c.Token != "":
		return Secret("DISCORD_TOKEN:" + c.Token.Reveal()), false
	}
	return "", true
}

// Gateway reports whether the gateway transport is configured: a token,
// and DISCORD_GATEWAY not false.
func (c Config) Gateway() bool { return c.Token != "" && c.UseGateway }

// Registers reports whether alea serve registers the commands over REST
// at start: whenever a token is set, on shard 0 only.
func (c Config) Registers() bool { return c.Token != "" && c.ShardID == 0 }

// Endpoint reports whether the HTTP interactions endpoint is configured.
func (c Config) Endpoint() bool { return c.PublicKey != "" && c.HTTPAddr != "" }

// Variables lists every setting with its default and meaning, in the order
// of .env.example.
var Variables = []struct{ Name, Default, Meaning string }{
	{"DISCORD_TOKEN", "", "bot token; registers the commands and connects to the gateway (never logged)"},
	{"DISCORD_APP_ID", "", "application id; asked from Discord with the token when empty"},
	{"DISCORD_GUILD_ID", "", "register commands to this guild only (instant); empty: globally"},
	{"DISCORD_PUBLIC_KEY", "", "application public key (64 hex digits) for the HTTP endpoint"},
	{"HTTP_ADDR", "", "listen address of the HTTP interactions endpoint, e.g. :8443"},
	{"DISCORD_API_BASE", "https://discord.com", "base URL replacing https://discord.com in REST calls"},
	{"SHARD_ID", "0", "this process's shard, 0 ≤ SHARD_ID < SHARD_COUNT"},
	{"SHARD_COUNT", "1", "number of gateway shards"},
	{"CACHE_TTL", "10m", "how long computed replies are cached (Go duration; 0 disables)"},
	{"CACHE_ENTRIES", "2000", "most replies kept in the cache"},
	{"LOG_LEVEL", "info", "debug, info, warn or error"},
	{"LOG_FORMAT", "text", "text or json"},
	{"PLAYGROUND_ADDR", "127.0.0.1:8080", "listen address of the local playground"},
	{"PLAYGROUND_PUBLIC", "false", "allow the playground on a non-loopback address (no authentication!)"},
	{"HEALTH_ADDR", "127.0.0.1:9090", "listen address of /healthz, /readyz and /metrics"},
	{"RATE_PER_USER", "2", "requests per second each user may make (bursts of 8)"},
	{"RATE_GLOBAL", "50", "interactions per second for the whole bot (bursts of twice that)"},
	{"MAX_HEAVY", "0", "heavy computations at once; 0 means one per CPU"},
	{"HEAVY_MEMORY", "400", "memory budget of the heavy computations running at once, in MB (a Yatzy /yacht-stats counts 280, a Yacht one 60); more wait their turn; 0: no budget"},
	{"TARGET_MEMORY", "512", "memory kept for Yatzy and Yahtzee target advice, in MB: the calculations toward the targets last asked, so that later turns of a game are answered at once (one from the empty Yatzy sheet keeps about 370 MB); 0: none kept"},
	{"GOMEMLIMIT", DefaultMemoryLimit, "soft memory limit of the Go runtime (a number of bytes with B, KiB, MiB or GiB), which the garbage collector keeps the heap under; it must leave room for HEAVY_MEMORY and TARGET_MEMORY; off: none (the heap may grow to about twice what it keeps)"},
	{"DISCORD_GATEWAY", "", "true or false; false serves the HTTP endpoint alone with a token; empty: true when DISCORD_TOKEN is set"},
	{"SHUTDOWN_GRACE", "8s", "the most a shutdown may take, whatever Discord does (Go duration, 100ms to 10m)"},
	{"STATE_SECRET", "", "key of the MAC on game states (16+ characters, the same on every replica); empty: derived from the token; the HTTP endpoint without a token needs it (never logged)"},
	{"DATABASE_URL", "sqlite:alea.db", "where finished games are kept: sqlite:PATH (an SQLite file), postgres://user:password@host/db, or off (password never logged)"},
}

// Error lists every bad setting found.
type Error struct{ Problems []string }

func (e *Error) Error() string {
	return "configuration: " + strings.Join(e.Problems, "; ")
}

// LoadDotenv loads path (".env" when empty) into the environment if it
// exists, without overriding variables already set.
func LoadDotenv(path string) error {
	if path == "" {
		path = ".env"
	}
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err := godotenv.Load(path); err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	return nil
}

// FromEnv reads and validates the settings with lookup (os.LookupEnv in
// production). All problems are reported together.
func FromEnv(lookup func(string) (string, bool)) (Config, error) {
	get := func(name string) string {
		v, _ := lookup(name)
		v = strings.TrimSpace(v)
		if v == "" {
			for _, d := range Variables {
				if d.Name == name {
					return d.Default
				}
			}
		}
		return v
	}
	var problems []string
	bad := func(name, val, want string) {
		if name == "DISCORD_TOKEN" || name == "DISCORD_PUBLIC_KEY" || name == "STATE_SECRET" {
			val = "…"
		}
		problems = append(problems, fmt.Sprintf("%s=%q is not valid: %s", name, val, want))
	}
	var c Config
	// A pasted "Bot " prefix (the Authorization header's form) is dropped
	// before the token is checked.
	c.Token = Secret(strings.TrimPrefix(get("DISCORD_TOKEN"), "Bot "))
	if strings.ContainsAny(string(c.Token), " \t\n") {
		bad("DISCORD_TOKEN", "", "a bot token has no spaces (copy it from the Developer Portal's Bot page)")
	}
	snowflake := func(name string) string {
		v := get(name)
		if v != "" {
			if _, err := strconv.ParseUint(v, 10, 64); err != nil {
				bad(name, v, "a Discord id (digits only)")
			}
		}
		return v
	}
	c.AppID = snowflake("DISCORD_APP_ID")
	c.GuildID = snowflake("DISCORD_GUILD_ID")
	c.PublicKey = strings.ToLower(get("DISCORD_PUBLIC_KEY"))
	if c.PublicKey != "" {
		if b, err := hex.DecodeString(c.PublicKey); err != nil || len(b) != 32 {
			bad("DISCORD_PUBLIC_KEY", c.PublicKey, "64 hexadecimal digits (the application's public key)")
		}
	}
	addr := func(name string) string {
		v := get(name)
		if v != "" {
			if _, port, err := net.SplitHostPort(v); err != nil || port == "" {
				bad(name, v, "host:port, e.g. 127.0.0.1:8080 or :8443")
			} else if p, err := strconv.Atoi(port); err != nil || p < 0 || p > 65535 {
				bad(name, v, "a port from 0 to 65535")
			}
		}
		return v
	}
	c.HTTPAddr = addr("HTTP_ADDR")
	if (c.PublicKey == "") != (c.HTTPAddr == "") {
		problems = append(problems, "DISCORD_PUBLIC_KEY and HTTP_ADDR go together: set both to serve the HTTP interactions endpoint, or neither")
	}
	c.APIBase = strings.TrimRight(get("DISCORD_API_BASE"), "/")
	if u, err := url.Parse(c.APIBase); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
		bad("DISCORD_API_BASE", c.APIBase, "an http(s) URL without a path, e.g. https://discord.com or http://127.0.0.1:3000")
	}
	intVar := func(name string, min, max int) int {
		v := get(name)
		n, err := strconv.Atoi(v)
		if err != nil || n < min || n > max {
			bad(name, v, fmt.Sprintf("a whole number from %d to %d", min, max))
		}
		return n
	}
	c.ShardCount = intVar("SHARD_COUNT", 1, 1<<16)
	c.ShardID = intVar("SHARD_ID", 0, 1<<16)
	if c.ShardCount > 0 && c.ShardID >= c.ShardCount {
		problems = append(problems, fmt.Sprintf("SHARD_ID=%d must be less than SHARD_COUNT=%d", c.ShardID, c.ShardCount))
	}
	if v := get("CACHE_TTL"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			bad("CACHE_TTL", v, "a Go duration such as 10m, 1h or 0 (no cache)")
		}
		c.CacheTTL = d
	}
	c.CacheEntries = intVar("CACHE_ENTRIES", 1, 1_000_000)
	switch v := strings.ToLower(get("LOG_LEVEL")); v {
	case "debug":
		c.LogLevel = slog.LevelDebug
	case "info":
		c.LogLevel = slog.LevelInfo
	case "warn", "warning":
		c.LogLevel = slog.LevelWarn
	case "error":
		c.LogLevel = slog.LevelError
	default:
		bad("LOG_LEVEL", v, "debug, info, warn or error")
	}
	c.LogFormat = strings.ToLower(get("LOG_FORMAT"))
	if c.LogFormat != "text" && c.LogFormat != "json" {
		bad("LOG_FORMAT", c.LogFormat, "text or json")
	}
	c.PlaygroundAddr = addr("PLAYGROUND_ADDR")
	pub, err := strconv.ParseBool(get("PLAYGROUND_PUBLIC"))
	if err != nil {
		bad("PLAYGROUND_PUBLIC", get("PLAYGROUND_PUBLIC"), "true or false")
	}
	c.PlaygroundPublic = pub
	c.HealthAddr = addr("HEALTH_ADDR")
	if v := get("RATE_PER_USER"); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f <= 0 || f > 1000 {
			bad("RATE_PER_USER", v, "a number of requests per second, more than 0 and at most 1000")
		}
		c.UserRate = f
	}
	if v := get("RATE_GLOBAL"); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f >= 1 && f <= 100000) {
			bad("RATE_GLOBAL", v, "a number of interactions per second for the whole bot, from 1 to 100000")
		}
		c.GlobalRate = f
	}
	c.MaxHeavy = intVar("MAX_HEAVY", 0, 1024)
	c.HeavyMemoryMB = intVar("HEAVY_MEMORY", 0, 1<<20)
	c.TargetMemoryMB = intVar("TARGET_MEMORY", 0, 1<<20)
	if v := get("GOMEMLIMIT"); v != "" {
		limit, ok := ParseMemoryLimit(v)
		switch {
		case !ok:
			bad("GOMEMLIMIT", v, "a size such as 920MiB or 2GiB (B, KiB, MiB, GiB, TiB), or off")
		case limit > 0 && int64(c.HeavyMemoryMB+c.TargetMemoryMB)*1_000_000 >= limit:
			problems = append(problems, fmt.Sprintf("GOMEMLIMIT=%s leaves no room for HEAVY_MEMORY (%d MB) and TARGET_MEMORY (%d MB), which the bot fills: raise GOMEMLIMIT (and the container with it), or lower them", v, c.HeavyMemoryMB, c.TargetMemoryMB))
		}
		c.MemoryLimit = limit
	}
	problems = append(problems, c.readLifecycle(get)...)
	c.StateSecret = Secret(get("STATE_SECRET"))
	if n := len(c.StateSecret); n > 0 && (n < 16 || n > 512 || strings.ContainsAny(c.StateSecret.Reveal(), " \t\n")) {
		bad("STATE_SECRET", "", "16 to 512 characters without spaces, the same on every replica (e.g. the output of `openssl rand -hex 32`)")
	}
	if c.PublicKey != "" && c.HTTPAddr != "" && c.StateSecret == "" && c.Token == "" {
		// The public key is public: a key made from it would let anyone
		// forge a game's state.
		problems = append(problems, "the HTTP endpoint needs STATE_SECRET (16+ random characters, e.g. the output of `openssl rand -hex 32`), or DISCORD_TOKEN to derive the key from: game states are sealed with a secret key, and the public key is public")
	}
	c.DatabaseURL = Secret(get("DATABASE_URL"))
	if !validDatabaseURL(c.DatabaseURL.Reveal()) {
		// The value may hold a password: it is not repeated.
		problems = append(problems, "DATABASE_URL is not valid: want off, sqlite:PATH (e.g. sqlite:alea.db) or postgres://user:password@host/db")
	}
	if len(problems) > 0 {
		return c, &Error{Problems: problems}
	}
	return c, nil
}

// readLifecycle reads DISCORD_GATEWAY and SHUTDOWN_GRACE (after the
// Discord settings) and returns the problems found.
func (c *Config) readLifecycle(get func(string) string) []string {
	var problems []string
	c.UseGateway = c.Token != ""
	if v := get("DISCORD_GATEWAY"); v != "" {
		on, err := strconv.ParseBool(v)
		switch {
		case err != nil:
			problems = append(problems, fmt.Sprintf("DISCORD_GATEWAY=%q is not valid: true or false", v))
		case on && c.Token == "":
			problems = append(problems, "DISCORD_GATEWAY=true needs DISCORD_TOKEN (the bot token)")
		case !on && c.Token != "" && !c.Endpoint():
			problems = append(problems, "DISCORD_GATEWAY=false serves the HTTP interactions endpoint alone: set DISCORD_PUBLIC_KEY and HTTP_ADDR too")
		}
		c.UseGateway = on && c.Token != ""
	}
	v := get("SHUTDOWN_GRACE")
	d, err := time.ParseDuration(v)
	if err != nil || d < 100*time.Millisecond || d > 10*time.Minute {
		problems = append(problems, fmt.Sprintf("SHUTDOWN_GRACE=%q is not valid: a Go duration from 100ms to 10m, such as 8s", v))
	}
	c.ShutdownGrace = d
	return problems
}

// Logger returns the slog logger the settings ask for, writing to w.
func (c Config) Logger(w *os.File) *slog.Logger {
	opts := &slog.HandlerOptions{Level: c.LogLevel}
	if c.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// validDatabaseURL reports whether u names a store Alea can open: off,
// sqlite:PATH or a postgres:// (postgresql://) URL. The store opens it;
// this checks the setting's form at start, before anything is opened.
func validDatabaseURL(u string) bool {
	switch {
	case u == "off", strings.HasPrefix(u, "sqlite:") && len(u) > len("sqlite:"):
		return true
	case strings.HasPrefix(u, "postgres://"), strings.HasPrefix(u, "postgresql://"):
		_, err := url.Parse(u)
		return err == nil
	}
	return false
}

// DefaultMemoryLimit is GOMEMLIMIT's default, for the container the
// documentation sizes (1.1 GB): HEAVY_MEMORY and TARGET_MEMORY's defaults
// (912 MB) and the rest of the bot, less what lives outside Go's heap
// (the exact distributions' probabilities).
const DefaultMemoryLimit = "920MiB"

// ParseMemoryLimit reads a size as the Go runtime reads GOMEMLIMIT: a
// whole number of bytes, with the suffix B, KiB, MiB, GiB or TiB or none;
// "off" is no limit (0).
func ParseMemoryLimit(s string) (int64, bool) {
	if s == "off" {
		return 0, true
	}
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40}, {"B", 1}} {
		if rest, ok := strings.CutSuffix(s, u.suffix); ok {
			s, mult = rest, u.mult
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 || n > (1<<62)/mult {
		return 0, false
	}
	return n * mult, true
}
