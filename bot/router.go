package bot

import (
	"fmt"
	"strings"

	"github.com/alea-bot/alea/commands"
)

// Router resolves requests to commands and handlers: slash commands by
// their command path, components and modals by custom_id patterns.
type Router struct {
	reg    *commands.Registry
	routes []route
}

type route struct {
	cmd    *commands.Command
	segs   []string
	handle commands.HandlerFunc
}

// NewRouter validates every command of reg against Discord's limits and
// compiles their custom_id routes.
func NewRouter(reg *commands.Registry) (*Router, error) {
	r := &Router{reg: reg}
	for _, c := range reg.Commands() {
		if err := commands.ValidateCommand(c); err != nil {
			return nil, err
		}
		for _, rt := range c.Routes {
			segs := strings.Split(rt.Pattern, "/")
			for _, old := range r.routes {
				if samePattern(old.segs, segs) {
					return nil, fmt.Errorf("bot: routes %q and %q overlap", strings.Join(old.segs, "/"), rt.Pattern)
				}
			}
			r.routes = append(r.routes, route{cmd: c, segs: segs, handle: rt.Handle})
		}
	}
	return r, nil
}

// Registry returns the commands the router serves.
func (r *Router) Registry() *commands.Registry { return r.reg }

func samePattern(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && !isParam(a[i]) && !isParam(b[i]) {
			return false
		}
	}
	return true
}

func isParam(s string) bool { return strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") }

// errUnknown is returned for a request that names no command or route.
func errUnknown(what string) *commands.UserError {
	return commands.Reject("Unknown command or button `%s`. Try `/help`.",
		"알 수 없는 명령어 또는 버튼 `%s`입니다. `/도움말`을 입력해 보세요.",
		"不明なコマンドまたはボタン `%s` です。`/ヘルプ` を試してください。", what)
}

// UnknownCommand is the answer to a line whose command (the first word of
// typed, "/yaht-advise dice:…") is not one of reg's: the nearest command's
// name when it looks like a typo of one, else a pointer to /help.
func UnknownCommand(reg *commands.Registry, typed string) *commands.UserError {
	name, _, _ := strings.Cut(strings.TrimPrefix(typed, "/"), " ")
	if near := NearestCommand(reg, name); near != nil {
		return errDidYouMean(typed, near)
	}
	return errUnknown(typed)
}

// errDidYouMean is returned for a command name that is a typo of near's.
func errDidYouMean(what string, near *commands.Command) *commands.UserError {
	t := commands.T("Unknown command `%s`. Did you mean `/%s`?",
		"알 수 없는 명령어 `%s`입니다. `/%s`을(를) 입력하려던 건가요?",
		"不明なコマンド `%s` です。`/%s` のことですか？")
	return commands.RejectEach(func(l commands.Locale) string { return t.Format(l, what, near.Name.In(l)) })
}

// NearestCommand returns the command whose name, in any language, is
// closest to typed by edit distance (editDistance), when it is
// close enough to be a typo: at most 1 edit for names up to 4 letters, 2
// up to 8, 3 beyond. It returns nil when no name is that close.
func NearestCommand(reg *commands.Registry, typed string) *commands.Command {
	typed = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(typed), "/"))
	n := len([]rune(typed))
	limit := 3
	switch {
	case n <= 4:
		limit = 1
	case n <= 8:
		limit = 2
	}
	var best *commands.Command
	bestD := limit + 1
	for _, c := range reg.Commands() {
		for _, name := range []string{c.Name.En, c.Name.Ko, c.Name.Ja} {
			if name == "" {
				continue
			}
			if d := editDistance(typed, strings.ToLower(name)); d < bestD {
				best, bestD = c, d
			}
		}
	}
	return best
}

// editDistance is the edit distance between a and b in runes: insertions,
// deletions, substitutions and swaps of two neighbours ("hlep") count 1
// (the optimal string alignment distance).
func editDistance(a, b string) int {
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

// Resolve finds the command and handler for req. For slash commands it
// replaces req.Options by the typed, checked values (a *commands.UserError
// when they are wrong); for components and modals it sets req.Params and
// req.Command from the matching route.
func (r *Router) Resolve(req *commands.Request) (*commands.Command, commands.HandlerFunc, error) {
	switch req.Kind {
	case commands.KindCommand, commands.KindAutocomplete:
		name, _, _ := strings.Cut(req.Command, " ")
		c, ok := r.reg.Lookup(name)
		if !ok {
			return nil, nil, UnknownCommand(r.reg, "/"+req.Command)
		}
		defs, ok := r.reg.OptionsFor(req.Command)
		if !ok {
			return nil, nil, errUnknown("/" + req.Command)
		}
		if req.Kind == commands.KindAutocomplete {
			if c.Autocomplete == nil {
				return nil, nil, errUnknown("/" + req.Command)
			}
			return c, c.Autocomplete, nil
		}
		opts, err := commands.Coerce(defs, req.Options)
		if err != nil {
			return nil, nil, err
		}
		req.Options = opts
		return c, c.Handle, nil
	case commands.KindComponent, commands.KindModal:
		// A form's fields are typed text, read like options (Coerce): in
		// NFKC, so full-width dice "３３５６６" are dice.
		for k, v := range req.Fields {
			req.Fields[k] = commands.Normalize(v)
		}
		segs := strings.Split(req.CustomID, "/")
		for _, rt := range r.routes {
			if params, ok := match(rt.segs, segs); ok {
				req.Params = params
				req.Command = rt.cmd.Name.En
				return rt.cmd, rt.handle, nil
			}
		}
		return nil, nil, errUnknown(shorten(req.CustomID, 40))
	}
	return nil, nil, fmt.Errorf("bot: unknown interaction kind %d", req.Kind)
}

func match(pattern, segs []string) (map[string]string, bool) {
	params := map[string]string{}
	for i, p := range pattern {
		if strings.HasSuffix(p, "...}") && isParam(p) && i == len(pattern)-1 {
			if i >= len(segs) {
				return nil, false
			}
			params[p[1:len(p)-4]] = strings.Join(segs[i:], "/")
			return params, true
		}
		if i >= len(segs) {
			return nil, false
		}
		if isParam(p) {
			if segs[i] == "" {
				return nil, false
			}
			params[p[1:len(p)-1]] = segs[i]
		} else if p != segs[i] {
			return nil, false
		}
	}
	return params, len(segs) == len(pattern)
}
