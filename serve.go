package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/time/rate"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/config"
)

// serveMain runs the bot until SIGINT or SIGTERM: the gateway when a token
// is set, the HTTP interactions endpoint when a public key and address are
// set, the playground when neither is (or when asked for), and the health
// server always.
func serveMain(args []string, playgroundOnly bool) int {
	if len(args) > 0 {
		fmt.Fprintf(os.Stderr, "alea: unexpected arguments %q\n", args)
		return 2
	}
	if err := config.LoadDotenv(""); err != nil {
		fmt.Fprintln(os.Stderr, "alea:", err)
		return 2
	}
	cfg, err := config.FromEnv(os.LookupEnv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "alea:", err)
		fmt.Fprintln(os.Stderr, "See .env.example for every setting and its form.")
		return 2
	}
	log := cfg.Logger(os.Stderr)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, cfg, log, playgroundOnly); err != nil {
		log.Error("alea stopped", "err", err)
		return 1
	}
	log.Info("alea stopped cleanly")
	return 0
}

// notConfigured tells a newcomer, who lands on the playground, how to
// connect Alea to Discord.
const notConfigured = `Alea has no Discord settings, so it serves the playground instead (open the address below).
To connect to Discord, set one of these (in the environment or in a .env file; see .env.example):
  DISCORD_TOKEN=…            the bot token from the Developer Portal (gateway bot)
  DISCORD_PUBLIC_KEY=… and HTTP_ADDR=:8443
                             the application's public key, for the HTTP interactions endpoint
`

// startPlayground serves the playground on PLAYGROUND_ADDR until ctx ends
// and returns its readiness check and the function that stops it.
func startPlayground(ctx context.Context, cfg config.Config, d *bot.Dispatcher, log *slog.Logger, errs chan<- error) (ready func() bool, stop func(), err error) {
	pg, err := bot.NewPlayground(d, bot.PlaygroundOptions{Logger: log})
	if err != nil {
		return nil, nil, err
	}
	ln, loopback, err := bot.ListenPlayground(cfg.PlaygroundAddr, cfg.PlaygroundPublic)
	if err != nil {
		return nil, nil, fmt.Errorf("PLAYGROUND_ADDR: %w", err)
	}
	// The write timeout leaves room for the 25 s long poll of a deferred reply.
	stop = startHTTP(ctx, "playground", ln, pg, 40*time.Second, 5*time.Second, log, errs)
	url := "http://" + ln.Addr().String() + "/"
	if loopback {
		fmt.Fprintf(os.Stderr, "Playground: %s  (this machine only; no authentication)\n", url)
	} else {
		fmt.Fprintf(os.Stderr, "WARNING: the playground listens on %s, beyond this machine, with no authentication (PLAYGROUND_PUBLIC=true).\n", ln.Addr())
	}
	log.Info("playground", "url", url, "loopback", loopback)
	return pg.Ready, stop, nil
}

func serve(ctx context.Context, cfg config.Config, log *slog.Logger, playgroundOnly bool) error {
	metrics := bot.NewMetrics()
	deps := all.Loopback()
	deps.StateKey, _ = cfg.StateKey()
	d, err := bot.NewDispatcher(all.Registry(deps), bot.Options{
		Logger:       log,
		CacheTTL:     cacheTTL(cfg),
		CacheEntries: cfg.CacheEntries,
		UserRate:     rate.Limit(cfg.UserRate),
		UserBurst:    8,
		MaxHeavy:     cfg.MaxHeavy,
		Metrics:      metrics,
	})
	if err != nil {
		return err
	}
	var (
		warmed atomic.Bool
		wg     sync.WaitGroup
		errs   = make(chan error, 4)
	)
	// The tables are built while the transports connect, so the first
	// user does not wait for them; a start that fails stops the build.
	warmCtx, stopWarm := context.WithCancel(ctx)
	defer wg.Wait()
	defer stopWarm()
	wg.Add(1)
	go func() {
		defer wg.Done()
		d.Warm(warmCtx)
		warmed.Store(warmCtx.Err() == nil)
	}()
	// readiness checks, one per transport started below.
	var readiness []func() bool
	ready := func() bool {
		if !warmed.Load() {
			return false
		}
		for _, r := range readiness {
			if !r() {
				return false
			}
		}
		return true
	}

	started := 0
	// --- transports: each block starts one and adds its readiness check ---
	if !playgroundOnly && cfg.Gateway() {
		started++
		gw, err := bot.NewGateway(d, bot.GatewayOptions{Token: cfg.Token.Reveal(), AppID: cfg.AppID, GuildID: cfg.GuildID,
			APIBase: cfg.APIBase, ShardID: cfg.ShardID, ShardCount: cfg.ShardCount, Logger: log, UserAgent: userAgent})
		if err != nil {
			return err
		}
		log.Info("gateway transport", "shard", cfg.ShardID, "shards", cfg.ShardCount, "guild", cfg.GuildID)
		// Connect and register the commands, or fail now (bad token,
		// refused commands, Discord unreachable for a minute). Stopped
		// meanwhile (SIGTERM), shut down as usual below.
		octx, cancel := context.WithTimeout(ctx, time.Minute)
		err = gw.Open(octx)
		cancel()
		if err != nil && ctx.Err() == nil {
			return fmt.Errorf("gateway: %w", err)
		}
		var once sync.Once
		stopGateway := func() {
			once.Do(func() {
				// Closing the session stops new interactions; those in
				// flight are answered through REST (d.Close waits for them).
				sctx, cancel := context.WithTimeout(context.Background(), 25*time.Second)
				defer cancel()
				if err := gw.Close(sctx); err != nil {
					log.Warn("gateway shutdown", "err", err)
				}
			})
		}
		defer stopGateway()
		go func() { <-ctx.Done(); stopGateway() }()
		readiness = append(readiness, gw.Ready)
	}
	if !playgroundOnly && cfg.Endpoint() {
		started++
		key, err := bot.ParsePublicKey(cfg.PublicKey)
		if err != nil {
			return fmt.Errorf("DISCORD_PUBLIC_KEY: %w", err)
		}
		ep, err := bot.NewEndpoint(d, bot.EndpointOptions{PublicKey: key, APIBase: cfg.APIBase, Logger: log, UserAgent: userAgent})
		if err != nil {
			return err
		}
		ln, err := net.Listen("tcp", cfg.HTTPAddr)
		if err != nil {
			return fmt.Errorf("HTTP_ADDR %s: %w", cfg.HTTPAddr, err)
		}
		// Discord waits 3 s for the first response; the dispatcher answers
		// or defers after 1.5 s, so the write timeout only cuts off bad
		// clients. Replies in flight get 25 s at shutdown.
		defer startHTTP(ctx, "HTTP endpoint", ln, ep, 15*time.Second, 25*time.Second, log, errs)()
		readiness = append(readiness, ep.Ready)
		log.Info("HTTP interactions endpoint", "addr", ln.Addr().String(), "path", bot.Path)
	}
	if playgroundOnly || started == 0 {
		// The playground: without Discord settings, or when asked for.
		if !playgroundOnly {
			fmt.Fprint(os.Stderr, notConfigured)
		}
		pgReady, stopPlayground, err := startPlayground(ctx, cfg, d, log, errs)
		if err != nil {
			return err
		}
		defer stopPlayground()
		readiness = append(readiness, pgReady)
	}
	// --- end of transports ---

	health, err := startHealth(cfg.HealthAddr, ready, metrics, log)
	if err != nil {
		return err
	}
	var runErr error
	select {
	case <-ctx.Done():
	case runErr = <-errs:
	}
	log.Info("shutting down")
	shutdown, cancel := context.WithTimeout(context.Background(), 25*time.Second)
	defer cancel()
	if err := d.Close(shutdown); err != nil {
		log.Warn("interactions still in flight at shutdown", "err", err)
	}
	_ = health.Shutdown(shutdown)
	return runErr
}

// userAgent names Alea in its REST calls, as Discord asks.
var userAgent = "DiscordBot (https://github.com/alea-bot/alea, " + version + ")"

// startHTTP serves h on ln until ctx ends, marking it serving meanwhile,
// and returns the function that stops it (once, giving requests in flight
// grace to finish). An error of the server ends the bot through errs.
func startHTTP(ctx context.Context, name string, ln net.Listener, h interface {
	http.Handler
	SetServing(bool)
}, writeTimeout, grace time.Duration, log *slog.Logger, errs chan<- error) (stop func()) {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		WriteTimeout: writeTimeout, IdleTimeout: 120 * time.Second, MaxHeaderBytes: 16 << 10,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	var once sync.Once
	stop = func() {
		once.Do(func() {
			h.SetServing(false)
			sctx, cancel := context.WithTimeout(context.Background(), grace)
			defer cancel()
			if err := srv.Shutdown(sctx); err != nil {
				log.Warn(name+" shutdown", "err", err)
			}
		})
	}
	go func() { <-ctx.Done(); stop() }()
	h.SetServing(true)
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			h.SetServing(false)
			select {
			case errs <- fmt.Errorf("%s: %w", name, err):
			default:
			}
		}
	}()
	return stop
}

func cacheTTL(cfg config.Config) time.Duration {
	if cfg.CacheTTL == 0 {
		return -1
	}
	return cfg.CacheTTL
}

// startHealth serves /healthz (alive), /readyz (commands registered and
// start-up tables built) and /metrics on addr.
func startHealth(addr string, ready func() bool, m *bot.Metrics, log *slog.Logger) (*http.Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("HEALTH_ADDR %s: %w", addr, err)
	}
	srv := &http.Server{Handler: bot.HealthHandler(ready, m), ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout: 10 * time.Second, WriteTimeout: 10 * time.Second, IdleTimeout: 60 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("health server", "err", err)
		}
	}()
	log.Info("health endpoints", "addr", ln.Addr().String())
	return srv, nil
}

// healthcheckMain asks the running bot's /healthz (HEALTH_ADDR) and exits
// 0 when it answers 200, for Docker's HEALTHCHECK in an image without curl.
func healthcheckMain(args []string) int {
	_ = config.LoadDotenv("")
	addr := os.Getenv("HEALTH_ADDR")
	if addr == "" {
		addr = "127.0.0.1:9090"
	}
	if len(args) > 0 {
		addr = args[0]
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "healthcheck: HEALTH_ADDR:", err)
		return 2
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	client := &http.Client{Timeout: 3 * time.Second}
	resp, err := client.Get("http://" + net.JoinHostPort(host, port) + "/healthz")
	if err != nil {
		fmt.Fprintln(os.Stderr, "healthcheck:", err)
		return 1
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		fmt.Fprintln(os.Stderr, "healthcheck: status", resp.Status)
		return 1
	}
	return 0
}
