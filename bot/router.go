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

// errUnknown is returned for a slash command (or subcommand) that names
// no command.
func errUnknown(what string) *commands.UserError {
	return commands.Reject("Unknown command `%s`. Try `/help`.",
		"알 수 없는 명령어 `%s`입니다. `/도움말`을 입력해 보세요.",
		"不明なコマンド `%s` です。`/ヘルプ` を試してください。", what)
}

// errUnknownButton is returned for a button, menu or form whose
// custom_id no route of any command matches (a message from a command
// Alea no longer has, or a custom_id made by hand).
func errUnknownButton(what string) *commands.UserError {
	return commands.Reject("Alea does not know this button (`%s`). Run the command again.",
		"Alea가 모르는 버튼입니다 (`%s`). 명령어를 다시 실행해 주세요.",
		"Alea の知らないボタンです（`%s`）。コマンドをもう一度実行してください。", what)
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
// closest to typed when it looks like a typo of it (commands.Registry.Nearest).
func NearestCommand(reg *commands.Registry, typed string) *commands.Command {
	return reg.Nearest(typed)
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
		return nil, nil, errUnknownButton(shorten(req.CustomID, 40))
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
