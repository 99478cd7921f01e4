package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/store"
)

// Exit statuses of alea run: answered, refused (bad input or over the
// time budget), unusable command line, internal failure.
const (
	exitAnswered = 0
	exitRejected = 1
	exitUsage    = 2
	exitInternal = 3
)

// runUsage introduces alea run's flags.
const runUsage = `usage: alea run [--locale en|ko|ja] [--format text|json|data] [--out DIR] [--as NAME] [--store URL] '/command option:value …'

The line is written as in Discord: /yacht-advise dice:"3 3 5 6 6". Names may
be typed as the command list shows them in any language
(/요트-조언 주사위:"3 3 5 6 6"); a value with spaces goes in double quotes.
The line comes from a pretend server whose members are three users, Ann
(its admin), Bob and Chloe, and you (an admin too): "@Ann" in a players
option seats Ann, and --as Ann runs the command as her. Memory is off
unless --store names where games are kept (sqlite:alea.db, the file the
playground keeps them in, or a postgres:// URL): then /stats and /review
read it, and a game finished here is recorded in it.

`

// Main runs `alea run` with args (the flags and the slash line) over the
// commands registry builds over the store --store names (store.Off's
// without it), printing the reply to stdout and problems to stderr, and
// returns the process's exit status.
func Main(registry func(store.Store) *commands.Registry, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	var msgs bytes.Buffer // the flag package's output: usage or a flag error
	fs.SetOutput(&msgs)
	locale := fs.String("locale", "en", "reply language: en, ko or ja")
	format := fs.String("format", "text", "output: text, json or data")
	out := fs.String("out", "", "directory for attachments")
	as := fs.String("as", "", "run as one of the local users: Ann, Bob or Chloe (default: you)")
	storeURL := fs.String("store", store.Off, "where finished games are kept: off, sqlite:PATH or postgres://…")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), runUsage)
		fs.PrintDefaults()
	}
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp), err == nil && fs.NArg() == 1 && fs.Arg(0) == "help":
		if err == nil {
			fs.Usage()
		}
		_, _ = msgs.WriteTo(stdout)
		return exitAnswered
	case err != nil:
		_, _ = msgs.WriteTo(stderr)
		return exitUsage
	}
	fs.SetOutput(stderr)
	if fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	loc := commands.Locale(strings.ToLower(*locale))
	if loc != commands.English && loc != commands.Korean && loc != commands.Japanese {
		fmt.Fprintf(stderr, "alea run: --locale must be en, ko or ja, not %q\n", *locale)
		return exitUsage
	}
	switch *format {
	case "text", "json", "data":
	default:
		fmt.Fprintf(stderr, "alea run: --format must be text, json or data, not %q\n", *format)
		return exitUsage
	}
	line := strings.Join(fs.Args(), " ")
	var asUser *bot.LocalUser
	if *as != "" {
		for _, u := range bot.LocalUsers() {
			if strings.EqualFold(u.Name, strings.TrimPrefix(*as, "@")) {
				asUser = &u
			}
		}
		if asUser == nil {
			fmt.Fprintf(stderr, "alea run: --as must be Ann, Bob or Chloe, not %q\n", *as)
			return exitUsage
		}
	}

	st, err := openStore(*storeURL)
	if err != nil {
		fmt.Fprintln(stderr, "alea run: --store:", err)
		return exitUsage
	}
	defer st.Close()
	reg := registry(st)
	d, err := bot.NewDispatcher(reg, runOptions(stderrLogger(stderr)))
	if err != nil {
		fmt.Fprintln(stderr, "alea run:", err)
		return exitInternal
	}
	req, err := SlashRequest(reg, line, loc)
	var reply *commands.Reply
	outcome := bot.Rejected
	if err != nil {
		var ue *commands.UserError
		if errors.As(err, &ue) {
			reply = &commands.Reply{Content: "❌ " + ue.Localize(loc), Ephemeral: true}
		} else {
			fmt.Fprintln(stderr, "alea run:", err)
			return exitInternal
		}
	} else {
		if asUser != nil {
			req.UserID, req.UserName = asUser.ID, asUser.Name
		}
		bot.InLocalServer(req)
		reply, outcome = d.Do(context.Background(), req)
	}
	if req == nil {
		req = &commands.Request{Kind: commands.KindCommand, Locale: loc}
	}
	switch *format {
	case "text":
		fmt.Fprint(stdout, mentionNames(bot.FormatTextIn(reply, loc)))
	case "json":
		b, err := FormatJSON(req, reply)
		if err != nil {
			fmt.Fprintln(stderr, "alea run:", err)
			return exitInternal
		}
		fmt.Fprintln(stdout, string(b))
	case "data":
		if outcome != bot.OK {
			fmt.Fprint(stderr, bot.FormatTextIn(reply, loc))
			break
		}
		b, err := json.MarshalIndent(reply.Data, "", "  ")
		if err != nil {
			fmt.Fprintln(stderr, "alea run:", err)
			return exitInternal
		}
		fmt.Fprintln(stdout, string(b))
	}
	if *out != "" && reply != nil {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			fmt.Fprintln(stderr, "alea run:", err)
			return exitInternal
		}
		for _, f := range reply.Files {
			p := filepath.Join(*out, filepath.Base(f.Name))
			if err := os.WriteFile(p, f.Data, 0o644); err != nil {
				fmt.Fprintln(stderr, "alea run:", err)
				return exitInternal
			}
			fmt.Fprintln(stderr, "wrote", p)
		}
	}
	switch outcome {
	case bot.OK:
		return exitAnswered
	case bot.Rejected, bot.TimedOut:
		return exitRejected
	}
	return exitInternal
}

// storeOpenTimeout bounds opening the store and migrating it.
const storeOpenTimeout = time.Minute

// openStore opens the store url names (store.Off: memory off).
func openStore(url string) (store.Store, error) {
	ctx, cancel := context.WithTimeout(context.Background(), storeOpenTimeout)
	defer cancel()
	return store.Open(ctx, url)
}

func stderrLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

// mentionNames writes the mentions of the local users in text as their
// names, "@Ann", as Discord shows a mention.
func mentionNames(text string) string {
	var pairs []string
	for _, u := range bot.LocalUsers() {
		pairs = append(pairs, "<@"+u.ID+">", "@"+u.Name, "<@!"+u.ID+">", "@"+u.Name)
	}
	return strings.NewReplacer(pairs...).Replace(text)
}

// runOptions are the middleware of one slash line answered at the
// terminal: a log line (errors only reach stderr), the reply captured
// when ready, panics recovered, Discord's limits, and the heavy-work
// gate and time budget of the command; no cache and no rate limit.
func runOptions(log *slog.Logger) bot.Options {
	return bot.Options{Logger: log,
		Middleware: []bot.Middleware{bot.LogInteractions(log), bot.Answer(log, 0), bot.RecoverPanics(log), bot.FitDiscordLimits(log)},
		Routed:     []bot.Middleware{bot.GateHeavyWork(bot.HeavyLimits{}), bot.LimitTime()}}
}
