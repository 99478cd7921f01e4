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

// Nearest returns the command whose name, in any language, is closest to
// typed ("yatch", "/요츠") by edit distance (EditDistance), when it is
// close enough to be a typo: at most 1 edit for names up to 4 letters, 2
// up to 8, 3 beyond. It returns nil when no name is that close.
func (r *Registry) Nearest(typed string) *Command {
	typed = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(typed), "/"))
	n := len([]rune(typed))
	limit := 3
	switch {
	case n <= 4:
		limit = 1
	case n <= 8:
		limit = 2
	}
	var best *Command
	bestD := limit + 1
	for _, c := range r.commands {
		for _, name := range []string{c.Name.En, c.Name.Ko, c.Name.Ja} {
			if name == "" {
				continue
			}
			if d := EditDistance(typed, strings.ToLower(name)); d < bestD {
				best, bestD = c, d
			}
		}
	}
	return best
}

// EditDistance is the edit distance between a and b in runes: insertions,
// deletions, substitutions and swaps of two neighbours ("hlep") count 1
// (the optimal string alignment distance).
func EditDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
