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
//	alea healthcheck             exit 0 when the running bot's /healthz answers OK
//	alea version                 print the version
package main

import (
	"fmt"
	"os"

	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands/all"
)

// version is stamped at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	os.Exit(realMain(os.Args[1:]))
}

func realMain(args []string) int {
	cmd := "serve"
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return serveMain(args, false)
	case "playground":
		return serveMain(args, true)
	case "run":
		return runner.Main(all.Registry(), args, os.Stdout, os.Stderr)
	case "healthcheck":
		return healthcheckMain(args)
	case "version":
		fmt.Println("alea", version)
		return 0
	case "help", "-h", "--help":
		fmt.Print(usage)
		return 0
	}
	fmt.Fprintf(os.Stderr, "alea: unknown subcommand %q\n\n%s", cmd, usage)
	return 2
}

const usage = `Usage:
  alea [serve]                  run the bot (the playground when no Discord settings are given)
  alea run [flags] '/command …' run one slash command locally and print the reply
        --locale en|ko|ja   reply language (default en)
        --format text|json|data
        --out DIR           write attachments into DIR
  alea playground               serve the local playground page
  alea healthcheck              exit 0 when the running bot's /healthz answers OK
  alea version                  print the version

Settings come from the environment and .env; see .env.example.
`
