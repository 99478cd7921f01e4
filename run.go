package main

import (
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

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
)

// Exit statuses of alea run (SPEC §4).
const (
	exitAnswered = 0
	exitRejected = 1
	exitUsage    = 2
	exitInternal = 3
)

func runMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	locale := fs.String("locale", "en", "reply language: en, ko or ja")
	format := fs.String("format", "text", "output: text, json or data")
	out := fs.String("out", "", "directory for attachments")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: alea run [--locale en|ko|ja] [--format text|json|data] [--out DIR] '/command option:value …'")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
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

	reg := all.Registry(all.Loopback())
	d, err := bot.NewDispatcher(reg, bot.Options{CacheTTL: -1, UserRate: -1, GlobalRate: -1, Logger: stderrLogger(stderr)})
	if err != nil {
		fmt.Fprintln(stderr, "alea run:", err)
		return exitInternal
	}
	req, err := bot.SlashRequest(reg, line, loc)
	var reply *commands.Reply
	outcome := bot.Rejected
	if err != nil {
		var ue *commands.UserError
		if ok := asUserError(err, &ue); ok {
			reply = &commands.Reply{Content: "❌ " + ue.Localize(loc), Ephemeral: true}
		} else {
			fmt.Fprintln(stderr, "alea run:", err)
			return exitInternal
		}
	} else {
		reply, outcome = d.Do(context.Background(), req)
	}
	if req == nil {
		req = &commands.Request{Kind: commands.KindCommand, Locale: loc}
	}
	switch *format {
	case "text":
		fmt.Fprint(stdout, bot.FormatText(reply))
	case "json":
		b, err := bot.FormatJSON(req, reply)
		if err != nil {
			fmt.Fprintln(stderr, "alea run:", err)
			return exitInternal
		}
		fmt.Fprintln(stdout, string(b))
	case "data":
		if outcome != bot.OK {
			fmt.Fprint(stderr, bot.FormatText(reply))
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

func asUserError(err error, target **commands.UserError) bool {
	return errors.As(err, target)
}

func stderrLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn}))
}
