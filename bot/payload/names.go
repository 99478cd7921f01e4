package payload

import (
	"strings"

	"github.com/alea-bot/alea/commands"
)

// A player picks commands, subcommands and options by the names shown in
// their language (/요트-조언 주사위:…); Discord then sends the canonical,
// English names. The stand-ins for Discord's picker — the runner's typed
// line and the playground's message box — read typed names with the same
// rule: a name matches its English name or any localisation, ignoring
// case. The playground's page applies it in the browser to the command
// definitions (GET /api/commands: name and name_localizations); the
// functions below apply it on the server.

// nameIs reports whether typed names n.
func nameIs(n commands.Text, typed string) bool {
	for _, s := range []string{n.En, n.Ko, n.Ja} {
		if s != "" && strings.EqualFold(s, typed) {
			return true
		}
	}
	return false
}

// LookupCommand finds the command a player typed by any of its names.
func LookupCommand(reg *commands.Registry, typed string) (*commands.Command, bool) {
	if c, ok := reg.Lookup(typed); ok {
		return c, true
	}
	for _, c := range reg.Commands() {
		if nameIs(c.Name, typed) {
			return c, true
		}
	}
	return nil, false
}

// LookupSubcommand finds the subcommand of c a player typed by any of its
// names.
func LookupSubcommand(c *commands.Command, typed string) (*commands.Subcommand, bool) {
	for i := range c.Subcommands {
		if nameIs(c.Subcommands[i].Name, typed) {
			return &c.Subcommands[i], true
		}
	}
	return nil, false
}

// LookupOption finds the option among defs a player typed by any of its
// names.
func LookupOption(defs []commands.Option, typed string) (*commands.Option, bool) {
	for i := range defs {
		if nameIs(defs[i].Name, typed) {
			return &defs[i], true
		}
	}
	return nil, false
}
