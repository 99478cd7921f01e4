package commands

import (
	"fmt"
	"sort"
	"strings"
)

// Registry is the set of commands the bot offers, in the order /help lists
// them.
type Registry struct {
	commands []*Command
	byName   map[string]*Command
}

// NewRegistry returns a registry holding cmds. It panics on a duplicate
// name: the registry is assembled by code, not by users.
func NewRegistry(cmds ...*Command) *Registry {
	r := &Registry{byName: map[string]*Command{}}
	for _, c := range cmds {
		r.Add(c)
	}
	return r
}

// Add adds a command.
func (r *Registry) Add(c *Command) {
	if _, dup := r.byName[c.Name.En]; dup {
		panic(fmt.Sprintf("commands: duplicate command %q", c.Name.En))
	}
	r.commands = append(r.commands, c)
	r.byName[c.Name.En] = c
}

// Commands returns the commands in registration order.
func (r *Registry) Commands() []*Command { return r.commands }

// Lookup returns the command named name.
func (r *Registry) Lookup(name string) (*Command, bool) {
	c, ok := r.byName[name]
	return c, ok
}

// Names returns the command names, sorted.
func (r *Registry) Names() []string {
	names := make([]string, 0, len(r.commands))
	for _, c := range r.commands {
		names = append(names, c.Name.En)
	}
	sort.Strings(names)
	return names
}

// OptionsFor returns the option definitions of a command path ("coins bw"),
// and false when the path names no command or subcommand.
func (r *Registry) OptionsFor(path string) ([]Option, bool) {
	name, sub, _ := strings.Cut(path, " ")
	c, ok := r.byName[name]
	if !ok {
		return nil, false
	}
	if len(c.Subcommands) == 0 {
		return c.Options, sub == ""
	}
	for _, s := range c.Subcommands {
		if s.Name.En == sub {
			return s.Options, true
		}
	}
	return nil, false
}
