package fakediscord

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// commandName is Discord's pattern for command and option names.
var commandName = regexp.MustCompile(`^[-_\p{L}\p{N}]{1,32}$`)

// CheckCommands checks the body of a bulk overwrite of application
// commands (a JSON array of command objects) against Discord's rules for
// chat-input commands: at most 100 commands with distinct names; names
// matching ^[-_\p{L}\p{N}]{1,32}$ in lower case (localized names too);
// descriptions of 1–100 characters (localized ones too); at most 25
// options per level, required ones first; at most 25 choices of 1–100
// characters, not together with autocomplete; subcommands nested at most
// two deep; integration_types, when given, a non-empty list of distinct
// 0 (server install) and 1 (user install), and contexts, when given, of
// distinct 0 (server), 1 (DM with the bot) and 2 (private channel). It
// reads only the JSON.
func CheckCommands(raw []byte) error {
	var cmds []map[string]any
	if err := json.Unmarshal(raw, &cmds); err != nil {
		return fmt.Errorf("not a JSON array of commands: %v", err)
	}
	if len(cmds) > 100 {
		return fmt.Errorf("%d commands, Discord allows 100", len(cmds))
	}
	seen := map[string]bool{}
	for _, c := range cmds {
		name, _ := c["name"].(string)
		if t, ok := c["type"].(float64); ok && t != 1 {
			return fmt.Errorf("command %q: type %v is not a chat-input command", name, t)
		}
		if err := checkNamed("command "+name, c); err != nil {
			return err
		}
		if seen[name] {
			return fmt.Errorf("command %q is defined twice", name)
		}
		seen[name] = true
		if err := checkEnum("command "+name+": integration_types", c["integration_types"], 1); err != nil {
			return err
		}
		if err := checkEnum("command "+name+": contexts", c["contexts"], 2); err != nil {
			return err
		}
		if err := checkOptions("command "+name, list(c["options"]), 0); err != nil {
			return err
		}
	}
	return nil
}

// checkNamed checks the name, description and their localizations of a
// command or option.
func checkNamed(what string, m map[string]any) error {
	names := []any{m["name"]}
	for _, v := range obj(m["name_localizations"]) {
		names = append(names, v)
	}
	for _, n := range names {
		s, _ := n.(string)
		if !commandName.MatchString(s) {
			return fmt.Errorf("%s: name %q does not match ^[-_\\p{L}\\p{N}]{1,32}$", what, s)
		}
		if strings.ToLower(s) != s {
			return fmt.Errorf("%s: name %q is not lower case", what, s)
		}
	}
	descs := []any{m["description"]}
	for _, v := range obj(m["description_localizations"]) {
		descs = append(descs, v)
	}
	for _, d := range descs {
		if n := runes(d); n < 1 || n > 100 {
			return fmt.Errorf("%s: description %q has %d characters, Discord allows 1–100", what, d, n)
		}
	}
	return nil
}

// checkOptions checks one level of options; depth counts the subcommand
// levels above it.
func checkOptions(what string, opts []any, depth int) error {
	if len(opts) > 25 {
		return fmt.Errorf("%s: %d options, Discord allows 25", what, len(opts))
	}
	optional := false
	subs, plain := 0, 0
	names := map[string]bool{}
	for _, o := range opts {
		o := obj(o)
		name, _ := o["name"].(string)
		here := what + " option " + name
		if err := checkNamed(here, o); err != nil {
			return err
		}
		if names[name] {
			return fmt.Errorf("%s: option %q appears twice", what, name)
		}
		names[name] = true
		t, _ := o["type"].(float64)
		switch {
		case t == 1 || t == 2:
			subs++
			if t == 2 && depth > 0 || t == 1 && depth > 1 {
				return fmt.Errorf("%s: subcommands nested too deep", here)
			}
			if err := checkOptions(here, list(o["options"]), depth+1); err != nil {
				return err
			}
			continue
		case t >= 3 && t <= 11:
			plain++
		default:
			return fmt.Errorf("%s: option type %v is not one Discord knows", here, o["type"])
		}
		required, _ := o["required"].(bool)
		if required && optional {
			return fmt.Errorf("%s: a required option follows an optional one", here)
		}
		optional = optional || !required
		choices := list(o["choices"])
		if len(choices) > 25 {
			return fmt.Errorf("%s: %d choices, Discord allows 25", here, len(choices))
		}
		if auto, _ := o["autocomplete"].(bool); auto && len(choices) > 0 {
			return fmt.Errorf("%s: autocomplete together with choices", here)
		}
		for _, ch := range choices {
			ch := obj(ch)
			if n := runes(ch["name"]); n < 1 || n > 100 {
				return fmt.Errorf("%s: choice name %q has %d characters, Discord allows 1–100", here, ch["name"], n)
			}
			for _, v := range obj(ch["name_localizations"]) {
				if n := runes(v); n < 1 || n > 100 {
					return fmt.Errorf("%s: localized choice name %q has %d characters", here, v, n)
				}
			}
			if s, ok := ch["value"].(string); ok && (utf8.RuneCountInString(s) < 1 || utf8.RuneCountInString(s) > 100) {
				return fmt.Errorf("%s: choice value %q has %d characters, Discord allows 1–100", here, s, utf8.RuneCountInString(s))
			}
		}
		for _, k := range []string{"min_length", "max_length"} {
			if v, ok := o[k].(float64); ok && (v < 0 || v > 6000) {
				return fmt.Errorf("%s: %s %v, Discord allows 0–6000", here, k, v)
			}
		}
	}
	if subs > 0 && plain > 0 {
		return fmt.Errorf("%s: subcommands mixed with plain options", what)
	}
	return nil
}

// checkEnum checks an optional list of distinct integers from 0 to max.
func checkEnum(what string, v any, max int) error {
	if v == nil {
		return nil
	}
	l, ok := v.([]any)
	if !ok || len(l) == 0 {
		return fmt.Errorf("%s: %v is not a non-empty list", what, v)
	}
	seen := map[float64]bool{}
	for _, e := range l {
		n, ok := e.(float64)
		if !ok || n != float64(int(n)) || n < 0 || n > float64(max) || seen[n] {
			return fmt.Errorf("%s: %v is not one of 0–%d, each once", what, e, max)
		}
		seen[n] = true
	}
	return nil
}
