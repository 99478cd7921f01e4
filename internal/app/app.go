// Package app wires Alea together for alea serve: the dispatcher over every
// command, the transports the settings ask for, the health server, start-up
// and shutdown. Package main parses arguments and calls it; tests drive it
// without building the binary.
package app

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/endpoint"
	"github.com/alea-bot/alea/bot/gateway"
	"github.com/alea-bot/alea/bot/health"
	"github.com/alea-bot/alea/bot/playground"
	"github.com/alea-bot/alea/bot/rest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/config"
	"github.com/alea-bot/alea/engine/yacht/reach"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/store"
)

// Settings are what alea serve takes besides the configuration.
type Settings struct {
	// PlaygroundOnly serves the playground whatever the Discord settings
	// (alea playground).
	PlaygroundOnly bool
	// Version names the build in the REST calls' user agent.
	Version string
	// Notices receives what a person starting the bot reads: the
	// playground's address, or how to connect to Discord (default: discard).
	Notices io.Writer
	// Registry holds the commands served (default: every command,
	// keyed by stateKey); tests serve commands of their own.
	Registry *commands.Registry
	// DeferClock, when set, decides when an interaction is acknowledged
	// (bot.AnswerWhen); tests fire it by hand instead of waiting.
	DeferClock func(*commands.Request) <-chan time.Time
	// EndpointConns caps the connections the HTTP interactions endpoint
	// holds at once (default DefaultEndpointConns); at the cap, a new one
	// closes the oldest not being answered.
	EndpointConns int
	// GatewayClock paces the gateway's IDENTIFYs (default: the wall
	// clock); tests inject one that does not sleep.
	GatewayClock gateway.Clock
	// Store, when set, keeps finished games instead of the store
	// DATABASE_URL names (Run does not close it).
	Store store.Store
	// UseRecorder, when set, is handed the recorder Run makes of the
	// store (counted in the metrics, its failures logged and shown on
	// /readyz), for the commands of a test's own Registry to record
	// through; nil with memory off.
	UseRecorder func(store.Recorder)
}

// DefaultEndpointConns caps the HTTP endpoint's connections: far above
// what Discord needs at the global rate limit, far below the file limit.
const DefaultEndpointConns = 1024

// defaultShutdownGrace is SHUTDOWN_GRACE's default, for a Config built
// by hand.
const defaultShutdownGrace = 8 * time.Second

// startTimeout bounds connecting to the gateway and registering the
// commands at start.
const startTimeout = time.Minute

// notConfigured tells a newcomer, who lands on the playground, how to
// connect Alea to Discord.
const notConfigured = `Alea has no Discord settings, so it serves the playground instead (open the address below).
To connect to Discord, set one of these (in the environment or in a .env file; see .env.example):
  DISCORD_TOKEN=…            the bot token from the Developer Portal (gateway bot)
  DISCORD_PUBLIC_KEY=… and HTTP_ADDR=:8443
                             the application's public key, for the HTTP interactions endpoint
`

// running is a transport Run started.
type running struct {
	name string
	t    Transport
}

// Run serves until ctx ends (SIGINT or SIGTERM) or a server fails: the
// gateway when a token is set (and DISCORD_GATEWAY is not false), the HTTP
// interactions endpoint when a public key and address are set, the
// playground when neither is (or when asked for), and the health server
// always. With a token, the commands are registered over REST first. The
// tables are built while the transports connect. It returns nil after a
// clean stop, at most SHUTDOWN_GRACE after ctx ends, whatever Discord
// does (see shutdown).
func Run(ctx context.Context, cfg config.Config, log *slog.Logger, s Settings) error {
	if s.Notices == nil {
		s.Notices = io.Discard
	}
	memory, err := openStore(ctx, cfg, s, log)
	if err != nil {
		return err
	}
	if s.Store == nil {
		defer func() {
			if err := memory.Close(); err != nil {
				log.Warn("closing the store", "err", err)
			}
		}()
	}
	if memory.Engine() != "off" {
		// The advice asked outside games' boards is kept a day at most.
		go purgeAdvice(ctx, memory, log)
	}
	// /yacht-advise's kept target calculations, whose memory /metrics shows.
	kept := &reach.Solutions{Budget: int64(cfg.TargetMemoryMB) << 20}
	metrics := bot.NewMetrics()
	watch := newStoreWatch(memory, storeCheckTimeout)
	recordings := registerStoreMetrics(metrics, watch)
	registerTargetMetric(metrics, kept)
	// Every finished game is recorded through the watched store; with
	// memory off nothing records, and the games say so.
	var recorder store.Recorder
	if memory.Engine() != "off" {
		recorder = newWatchedRecorder(memory, log, watch, recordings)
	}
	if s.UseRecorder != nil {
		s.UseRecorder(recorder)
	}
	if s.Registry == nil {
		deps := all.Loopback()
		// From STATE_SECRET, else the token; the loopback key only when
		// neither is set (the local playground: config refuses an
		// endpoint without one of them).
		// The store reads back for /stats and /review, and records every
		// finished game (Yacht, solved orbs puzzles, coins games against
		// Alea); with memory off nothing records, and the games say so.
		deps.Store = memory
		deps.Recorder = recorder
		deps.StateKey = stateKey(cfg)
		deps.TargetSolutions = kept
		deps.OtherKey = newKeyWarning(log, time.Now).seen
		if !s.PlaygroundOnly {
			deps.DiceFaces = diceFaces(ctx, cfg, rest.UserAgent(s.Version), log)
		}
		s.Registry = all.Registry(deps)
	}
	if !s.PlaygroundOnly && cfg.StateSecret == "" && cfg.Token != "" {
		log.Warn("game states are sealed with a key derived from DISCORD_TOKEN: rotating the token ends every game in progress; set STATE_SECRET (e.g. `openssl rand -hex 32`)")
	}
	d, err := bot.NewDispatcher(s.Registry, DispatcherOptions(cfg, log, metrics, s.DeferClock))
	if err != nil {
		return err
	}
	userAgent := rest.UserAgent(s.Version)
	acked := bot.NewAcknowledged()

	// The first failure of anything started ends the bot.
	failures := make(chan error, 1)
	failed := func(err error) {
		select {
		case failures <- err:
		default:
		}
	}

	// Warm-up: the tables are built while the transports connect, so the
	// first user does not wait for them; a failed start stops the build.
	var warmed atomic.Bool
	warmDone := make(chan struct{})
	warmCtx, stopWarm := context.WithCancel(ctx)
	defer stopWarm()
	go func() {
		defer close(warmDone)
		bot.Warm(warmCtx, s.Registry, log, metrics)
		warmed.Store(warmCtx.Err() == nil)
	}()

	grace := cfg.ShutdownGrace
	if grace <= 0 { // a Config not read by config.FromEnv
		grace = defaultShutdownGrace
	}
	st := &stopper{grace: grace, log: log, d: d, acked: acked, stopWarm: stopWarm, warmDone: warmDone}
	defer st.shutdown()

	if !s.PlaygroundOnly {
		if err := registerAtStart(ctx, cfg, s.Registry, userAgent, log); err != nil {
			if ctx.Err() != nil {
				return nil // stopped while registering
			}
			return err
		}
	}
	transports, err := build(cfg, d, acked, log, s, userAgent)
	if err != nil {
		return err
	}
	for i, t := range transports {
		if err := t.t.Start(ctx, failed); err != nil {
			closeListeners(transports[i+1:])
			return err
		}
		st.started = append(st.started, t)
		if ctx.Err() != nil { // stopped while starting
			closeListeners(transports[i+1:])
			return nil
		}
	}
	ready := func() bool {
		if !warmed.Load() {
			return false
		}
		for _, r := range st.started {
			if !r.t.Ready() {
				return false
			}
		}
		return true
	}
	hln, err := net.Listen("tcp", cfg.HealthAddr)
	if err != nil {
		return fmt.Errorf("HEALTH_ADDR %s: %w", cfg.HealthAddr, err)
	}
	st.health = newHTTPTransport("health server", hln, health.Handler(ready, metrics.Registry, log, watch.readyLine), 10*time.Second, log)
	if err := st.health.Start(ctx, failed); err != nil {
		return err
	}
	log.Info("health endpoints", "addr", hln.Addr().String())

	select {
	case <-ctx.Done():
		return nil
	case err := <-failures:
		return err
	}
}

// build makes the transports cfg asks for, in the order they start.
// Listeners are opened here, so a taken address fails before anything
// starts.
func build(cfg config.Config, d *bot.Dispatcher, acked *bot.Acknowledged, log *slog.Logger, s Settings, userAgent string) ([]running, error) {
	var out []running
	if !s.PlaygroundOnly && cfg.Gateway() {
		gw, err := gateway.New(d, gateway.Options{Token: cfg.Token.Reveal(), APIBase: cfg.APIBase,
			ShardID: cfg.ShardID, ShardCount: cfg.ShardCount, Logger: log, UserAgent: userAgent, Acknowledged: acked,
			Clock: s.GatewayClock})
		if err != nil {
			return nil, err
		}
		quiet := gateway.RouteLibraryLogs(log, cfg.Token.Reveal())
		log.Info("gateway transport", "shard", cfg.ShardID, "shards", cfg.ShardCount)
		out = append(out, running{name: "gateway", t: &gatewayTransport{gw: gw, openTimeout: startTimeout, quiet: quiet}})
	}
	if !s.PlaygroundOnly && cfg.Endpoint() {
		key, err := endpoint.ParsePublicKey(cfg.PublicKey)
		if err != nil {
			return nil, fmt.Errorf("DISCORD_PUBLIC_KEY: %w", err)
		}
		ep, err := endpoint.New(d, endpoint.Options{PublicKey: key, APIBase: cfg.APIBase, Logger: log, UserAgent: userAgent, Acknowledged: acked,
			BotToken: cfg.Token.Reveal()})
		if err != nil {
			return nil, err
		}
		ln, err := net.Listen("tcp", cfg.HTTPAddr)
		if err != nil {
			closeListeners(out)
			return nil, fmt.Errorf("HTTP_ADDR %s: %w", cfg.HTTPAddr, err)
		}
		conns := s.EndpointConns
		if conns <= 0 {
			conns = DefaultEndpointConns
		}
		// At the cap, a new connection closes the oldest one not being
		// answered (slow headers or body, idle), so slow clients cannot
		// keep Discord's requests out.
		sl := newShedListener(ln, conns)
		// Discord waits 3 s for the first response; the dispatcher answers
		// or defers after 1.5 s, so the write timeout only cuts off bad
		// clients.
		ht := newHTTPTransport("HTTP endpoint", sl, sl.handler(ep), 15*time.Second, log)
		ht.srv.ConnContext, ht.srv.ConnState = sl.connContext, sl.connState
		out = append(out, running{name: "HTTP endpoint", t: ht})
		log.Info("HTTP interactions endpoint", "addr", ln.Addr().String(), "path", endpoint.Path, "max_connections", conns)
	}
	if s.PlaygroundOnly || len(out) == 0 {
		if !s.PlaygroundOnly {
			fmt.Fprint(s.Notices, notConfigured)
		}
		t, err := buildPlayground(cfg, d, log, s.Notices)
		if err != nil {
			closeListeners(out)
			return nil, err
		}
		out = append(out, running{name: "playground", t: t})
	}
	return out, nil
}

// closeListeners releases the listeners of transports never started.
func closeListeners(rs []running) {
	for _, r := range rs {
		if h, ok := r.t.(*httpTransport); ok {
			_ = h.ln.Close()
		}
	}
}

// buildPlayground listens on PLAYGROUND_ADDR for the playground.
func buildPlayground(cfg config.Config, d *bot.Dispatcher, log *slog.Logger, notices io.Writer) (Transport, error) {
	// Served beyond this machine on purpose, it answers any Host name;
	// otherwise loopback names only (no DNS rebinding).
	pg, err := playground.New(d, playground.Options{Logger: log,
		AnyHost: cfg.PlaygroundPublic && !playground.IsLoopbackAddr(cfg.PlaygroundAddr)})
	if err != nil {
		return nil, err
	}
	ln, loopback, err := playground.Listen(cfg.PlaygroundAddr, cfg.PlaygroundPublic)
	if err != nil {
		return nil, fmt.Errorf("PLAYGROUND_ADDR: %w", err)
	}
	url := "http://" + ln.Addr().String() + "/"
	if loopback {
		fmt.Fprintf(notices, "Playground: %s  (this machine only; no authentication)\n", url)
	} else {
		fmt.Fprintf(notices, "WARNING: the playground listens on %s, beyond this machine, with no authentication (PLAYGROUND_PUBLIC=true).\n", ln.Addr())
	}
	log.Info("playground", "url", url, "loopback", loopback)
	// The write timeout leaves room for the 25 s long poll of a deferred reply.
	return newHTTPTransport("playground", ln, pg, 40*time.Second, log), nil
}

// Healthcheck asks the /healthz of the bot whose health server listens on
// addr (HEALTH_ADDR; a wildcard host means this machine) and returns the
// exit status of alea healthcheck: 0 when it answers 200, 1 when the bot
// is down or unhealthy, 2 when addr is not host:port.
func Healthcheck(addr string, stderr io.Writer) int {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		fmt.Fprintln(stderr, "healthcheck: HEALTH_ADDR:", err)
		return 2
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	client := &http.Client{Timeout: 3 * time.Second}
	resp, err := client.Get("http://" + net.JoinHostPort(host, port) + "/healthz")
	if err != nil {
		fmt.Fprintln(stderr, "healthcheck:", err)
		return 1
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		fmt.Fprintln(stderr, "healthcheck: status", resp.Status)
		return 1
	}
	return 0
}

// stateKey is the key that seals game states, derived from the
// configuration's secret material (the loopback key when there is none).
func stateKey(cfg config.Config) seal.Key {
	if m, loopback := cfg.StateMaterial(); !loopback {
		return seal.NewKey(m.Reveal())
	}
	return seal.Loopback()
}
