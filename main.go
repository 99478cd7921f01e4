// Command alea is a Discord bot that answers board-game probability
// questions exactly: dice rules for any probability (/trialrule), the
// optimal Yacht move (/yacht-advise), the To the Moon orb puzzle (/orbs)
// and coin games (/coins).
//
// Usage:
//
//	alea [serve]                 run the bot (the playground when no Discord settings are given)
//	alea run [flags] '/command'  run one slash command locally and print the reply
//	alea playground              serve the local playground page
//	alea register                register the slash commands with Discord over REST
//	alea healthcheck             exit 0 when the running bot's /healthz answers OK
//	alea version                 print the version
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/config"
	"github.com/alea-bot/alea/internal/app"
	"github.com/alea-bot/alea/store"
)

// version is stamped at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	os.Exit(realMain(os.Args[1:]))
}

func realMain(args []string) int {
	cmd := "serve"
	if len(args) > 0 && args[0] != "" && (args[0][0] != '-' || isHelp(args[0])) {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return serveMain(args, false)
	case "playground":
		return serveMain(args, true)
	case "run":
		return runner.Main(runRegistry, args, os.Stdout, os.Stderr)
	case "register":
		return registerMain(args)
	case "healthcheck":
		return healthcheckMain(args)
	case "version":
		fmt.Println("alea", version)
		return 0
	}
	if isHelp(cmd) {
		fmt.Print(usage)
		return 0
	}
	fmt.Fprintf(os.Stderr, "alea: unknown subcommand %q\n\n%s", cmd, usage)
	return 2
}

// runRegistry is every command, over st for alea run --store: it reads
// the finished games st keeps and records those finished there (st keeps
// nothing with memory off). The advice log is written before the line's
// reply is printed, as the process ends then.
func runRegistry(st store.Store) *commands.Registry {
	d := all.Loopback()
	if st.Engine() != "off" {
		d.Store, d.Recorder = st, st
		d.AdviceGo = func(write func()) { write() }
	}
	return all.Registry(d)
}

const usage = `Usage:
  alea [serve]                  run the bot (the playground when no Discord settings are given)
  alea run [flags] '/command …' run one slash command locally and print the reply
        --locale en|ko|ja   reply language (default en)
        --format text|json|data
        --out DIR           write attachments into DIR
        --as NAME           run as Ann, Bob or Chloe (local users; "@Ann" in players seats Ann)
        --store URL         keep and read finished games there (sqlite:alea.db, postgres://…; default off)
  alea playground               serve the local playground page
  alea register                 register the slash commands with Discord (DISCORD_TOKEN;
                                to DISCORD_GUILD_ID when set, else globally), then exit
  alea healthcheck [ADDR]       exit 0 when the running bot's /healthz answers OK
  alea version                  print the version

Settings come from the environment and .env; see .env.example.
`

// isHelp reports whether arg asks for the usage.
func isHelp(arg string) bool {
	switch arg {
	case "help", "-h", "-help", "--help":
		return true
	}
	return false
}

// settings reads .env and the environment.
func settings() (config.Config, bool) {
	if err := config.LoadDotenv(""); err != nil {
		fmt.Fprintln(os.Stderr, "alea:", err)
		return config.Config{}, false
	}
	cfg, err := config.FromEnv(os.LookupEnv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "alea:", err)
		fmt.Fprintln(os.Stderr, "See .env.example for every setting and its form.")
		return cfg, false
	}
	return cfg, true
}

// serveMain runs the bot until SIGINT or SIGTERM.
func serveMain(args []string, playgroundOnly bool) int {
	if len(args) == 1 && isHelp(args[0]) {
		fmt.Print(usage)
		return 0
	}
	if len(args) > 0 {
		name := "serve"
		if playgroundOnly {
			name = "playground"
		}
		fmt.Fprintf(os.Stderr, "alea: %s takes no arguments, but was given %q.\n\n%s", name, strings.Join(args, " "), usage)
		return 2
	}
	cfg, ok := settings()
	if !ok {
		return 2
	}
	log := cfg.Logger(os.Stderr)
	if cfg.MemoryLimit > 0 {
		// The runtime read GOMEMLIMIT from the environment at start, but
		// not from .env, nor its default.
		debug.SetMemoryLimit(cfg.MemoryLimit)
		log.Info("memory limit", "GOMEMLIMIT", cfg.MemoryLimit>>20, "unit", "MiB")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := app.Run(ctx, cfg, log, app.Settings{PlaygroundOnly: playgroundOnly, Version: version, Notices: os.Stderr}); err != nil {
		log.Error("alea stopped", "err", err)
		return 1
	}
	log.Info("alea stopped cleanly")
	return 0
}

// registerMain registers the commands over REST and exits: 0 when
// registered, 1 when Discord refused, 2 on bad settings.
func registerMain(args []string) int {
	if len(args) > 0 {
		fmt.Fprintf(os.Stderr, "alea: unexpected arguments %q\n", args)
		return 2
	}
	cfg, ok := settings()
	if !ok {
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return app.Register(ctx, cfg, version, os.Stdout, os.Stderr)
}

// healthcheckMain asks the running bot's /healthz, at HEALTH_ADDR or the
// address given, for Docker's HEALTHCHECK in an image without curl.
func healthcheckMain(args []string) int {
	cfg, ok := settings()
	if !ok {
		return 2
	}
	addr := cfg.HealthAddr
	if len(args) > 0 {
		addr = args[0]
	}
	return app.Healthcheck(addr, os.Stderr)
}
