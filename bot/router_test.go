package bot

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/alea-bot/alea/commands"
)

func TestMatch(t *testing.T) {
	for _, c := range []struct {
		pattern, id string
		ok          bool
		params      map[string]string
	}{
		{"orbs/1/{state}", "orbs/1/AbC9", true, map[string]string{"state": "AbC9"}},
		{"orbs/1/{state}", "orbs/1/", false, nil},
		{"orbs/1/{state}", "orbs/1", false, nil},
		{"orbs/1/{state}", "orbs/1/a/b", false, nil},
		{"orbs/1/{state}", "orbs/2/a", false, nil},
		{"orbs/1/{state}", "coins/1/a", false, nil},
		{"orbs/1/{a}/{b}", "orbs/1/x/y", true, map[string]string{"a": "x", "b": "y"}},
		{"yacht/1/{rest...}", "yacht/1/a/b/c", true, map[string]string{"rest": "a/b/c"}},
		{"yacht/1/{rest...}", "yacht/1/a", true, map[string]string{"rest": "a"}},
		{"yacht/1/{rest...}", "yacht/1", false, nil},
		{"help/menu", "help/menu", true, map[string]string{}},
		{"help/menu", "help/menu/", false, nil},
		{"help/menu", "help", false, nil},
	} {
		params, ok := match(strings.Split(c.pattern, "/"), strings.Split(c.id, "/"))
		if ok != c.ok {
			t.Errorf("%s ~ %s: matched %v, want %v", c.pattern, c.id, ok, c.ok)
			continue
		}
		if ok && len(params) != len(c.params) {
			t.Errorf("%s ~ %s: params %v, want %v", c.pattern, c.id, params, c.params)
		}
		for k, v := range c.params {
			if params[k] != v {
				t.Errorf("%s ~ %s: %s=%q, want %q", c.pattern, c.id, k, params[k], v)
			}
		}
	}
}

func routed(name string, patterns ...string) *commands.Command {
	c := cmd(name, ok(name))
	for _, p := range patterns {
		p := p
		c.Routes = append(c.Routes, commands.Route{Pattern: p, Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: p}, nil
		}})
	}
	return c
}

func TestRouterRejectsOverlapsAndBadDefinitions(t *testing.T) {
	for _, c := range []struct {
		name string
		cmds []*commands.Command
	}{
		{"same pattern twice", []*commands.Command{routed("a", "a/1/{x}", "a/1/{y}")}},
		{"param overlaps literal", []*commands.Command{routed("a", "a/1/{x}", "a/1/z")}},
		{"route of another command", []*commands.Command{routed("a", "b/1")}},
		{"upper-case name", []*commands.Command{cmd("Help", ok("x"))}},
		{"no handler", []*commands.Command{{Name: commands.T("x", "", ""), Description: commands.T("d", "", "")}}},
	} {
		if _, err := NewRouter(commands.NewRegistry(c.cmds...)); err == nil {
			t.Errorf("%s: accepted", c.name)
		}
	}
	if _, err := NewRouter(commands.NewRegistry(routed("a", "a/1/{x}", "a/2/{x}", "a/1/{x}/{y}"), routed("b", "b/{rest...}"))); err != nil {
		t.Fatalf("distinct routes refused: %v", err)
	}
}

func TestResolve(t *testing.T) {
	sub := &commands.Command{
		Name:        commands.T("coins", "", ""),
		Description: commands.T("coin games", "", ""),
		Subcommands: []commands.Subcommand{
			{Name: commands.T("bw", "", ""), Description: commands.T("black/white", "", ""), Options: []commands.Option{
				{Name: commands.T("position", "", ""), Description: commands.T("p", "", ""), Type: commands.String, Required: true}}},
			{Name: commands.T("pile", "", ""), Description: commands.T("pile", "", "")},
		},
		Handle: ok("coins"),
	}
	r, err := NewRouter(commands.NewRegistry(routed("a", "a/1/{x}", "a/2/{rest...}"), sub))
	if err != nil {
		t.Fatal(err)
	}
	// A component: the command and the params come from the route.
	req := &commands.Request{Kind: commands.KindComponent, CustomID: "a/2/p/q"}
	c, h, err := r.Resolve(req)
	if err != nil || c.Name.En != "a" || req.Command != "a" || req.Params["rest"] != "p/q" {
		t.Fatalf("component: %v %+v", err, req)
	}
	if rep, _ := h(context.Background(), req); rep.Content != "a/2/{rest...}" {
		t.Fatalf("component resolved to %q", rep.Content)
	}
	// A modal goes through the same routes.
	req = &commands.Request{Kind: commands.KindModal, CustomID: "a/1/z"}
	if _, _, err := r.Resolve(req); err != nil || req.Params["x"] != "z" {
		t.Fatalf("modal: %v %+v", err, req)
	}
	// Subcommand options are checked and typed.
	req = &commands.Request{Kind: commands.KindCommand, Command: "coins bw", Options: commands.Options{"position": "BW"}}
	if _, _, err := r.Resolve(req); err != nil || req.Options.String("position", "") != "BW" {
		t.Fatalf("subcommand: %v", err)
	}
	req = &commands.Request{Kind: commands.KindCommand, Command: "coins bw", Options: commands.Options{}}
	if _, _, err := r.Resolve(req); !isUserError(err) {
		t.Fatalf("missing required option: %v", err)
	}
	req = &commands.Request{Kind: commands.KindCommand, Command: "a", Options: commands.Options{"n": 2.5}}
	if _, _, err := r.Resolve(req); !isUserError(err) {
		t.Fatalf("non-integer for an integer option: %v", err)
	}
	for _, bad := range []*commands.Request{
		{Kind: commands.KindCommand, Command: "nope"},
		{Kind: commands.KindCommand, Command: "coins"},      // subcommand missing
		{Kind: commands.KindCommand, Command: "coins nope"}, // unknown subcommand
		{Kind: commands.KindCommand, Command: "a extra"},    // no subcommands
		{Kind: commands.KindAutocomplete, Command: "a"},     // no autocomplete handler
		{Kind: commands.KindComponent, CustomID: "a/3/x"},   // no route
		{Kind: commands.KindComponent, CustomID: ""},        // empty
		{Kind: commands.KindModal, CustomID: "coins/1/x"},   // command without routes
	} {
		if _, _, err := r.Resolve(bad); !isUserError(err) {
			t.Errorf("%+v: %v, want a user error", bad, err)
		}
	}
	if _, _, err := r.Resolve(&commands.Request{Kind: 99}); err == nil || isUserError(err) {
		t.Errorf("unknown kind: %v, want an internal error", err)
	}
}

func isUserError(err error) bool {
	var ue *commands.UserError
	return errors.As(err, &ue)
}

// An unknown command points to /help by the name the player's picker shows.
func TestUnknownCommandNamesLocalisedHelp(t *testing.T) {
	var ue *commands.UserError
	if !errors.As(error(errUnknown("/nosuch")), &ue) {
		t.Fatal("errUnknown is not a user error")
	}
	for l, want := range map[commands.Locale]string{
		commands.English:  "Unknown command `/nosuch`. Try `/help`.",
		commands.Korean:   "알 수 없는 명령어 `/nosuch`입니다. `/도움말`을 입력해 보세요.",
		commands.Japanese: "不明なコマンド `/nosuch` です。`/ヘルプ` を試してください。",
	} {
		if got := ue.Localize(l); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
}

// A press no route knows is told it is a button Alea does not know, not
// a command.
func TestUnknownButtonIsNoCommand(t *testing.T) {
	r, err := NewRouter(commands.NewRegistry(routed("a", "a/1/{x}")))
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range []commands.Kind{commands.KindComponent, commands.KindModal} {
		_, _, err := r.Resolve(&commands.Request{Kind: kind, CustomID: "gone/1/x"})
		var ue *commands.UserError
		if !errors.As(err, &ue) {
			t.Fatalf("%v: %v, want a user error", kind, err)
		}
		for l, want := range map[commands.Locale]string{
			commands.English:  "Alea does not know this button (`gone/1/x`). Run the command again.",
			commands.Korean:   "Alea가 모르는 버튼입니다 (`gone/1/x`). 명령어를 다시 실행해 주세요.",
			commands.Japanese: "Alea の知らないボタンです（`gone/1/x`）。コマンドをもう一度実行してください。",
		} {
			if got := ue.Localize(l); got != want {
				t.Errorf("%v %s: %q, want %q", kind, l, got, want)
			}
		}
	}
}

// TestUnknownCommandSuggestsTheNearest: a typo of a command's name, in any
// language, is answered with that command's name in the reader's
// language; a name far from every command gets no suggestion.
func TestUnknownCommandSuggestsTheNearest(t *testing.T) {
	mk := func(en, ko, ja string) *commands.Command {
		return &commands.Command{Name: commands.T(en, ko, ja), Description: commands.T("d", "d", "d"),
			Handle: func(context.Context, *commands.Request) (*commands.Reply, error) {
				return &commands.Reply{Content: "x"}, nil
			}}
	}
	r, err := NewRouter(commands.NewRegistry(mk("yacht-advise", "요트-조언", "ヨット助言"), mk("yacht", "요트", "ヨット"), mk("help", "도움말", "ヘルプ"), mk("orbs", "구슬", "オーブ")))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		typed string
		want  map[commands.Locale]string // "" for no suggestion
	}{
		{"yaht-advise", map[commands.Locale]string{
			commands.English:  "Unknown command `/yaht-advise`. Did you mean `/yacht-advise`?",
			commands.Korean:   "알 수 없는 명령어 `/yaht-advise`입니다. `/요트-조언`을 입력하려던 건가요?",
			commands.Japanese: "不明なコマンド `/yaht-advise` です。`/ヨット助言` のことですか？",
		}},
		{"요트조언", map[commands.Locale]string{commands.English: "Did you mean `/yacht-advise`?"}},
		{"hlep", map[commands.Locale]string{commands.Korean: "`/도움말`을 입력하려던 건가요?"}},
		{"orb", map[commands.Locale]string{commands.Japanese: "`/オーブ` のことですか？"}},
		{"trialrulez-and-more", map[commands.Locale]string{commands.English: ""}},
		{"xyz", map[commands.Locale]string{commands.English: ""}},
	} {
		_, _, err := r.Resolve(&commands.Request{Kind: commands.KindCommand, Command: c.typed})
		var ue *commands.UserError
		if !errors.As(err, &ue) {
			t.Fatalf("%s: %v", c.typed, err)
		}
		for l, want := range c.want {
			got := ue.Localize(l)
			switch {
			case want == "" && strings.Contains(got, "Did you mean"):
				t.Errorf("%s: suggests something: %q", c.typed, got)
			case want != "" && !strings.Contains(got, want):
				t.Errorf("%s in %s: %q, want %q", c.typed, l, got, want)
			}
		}
	}
	if d := commands.EditDistance("kitten", "sitting"); d != 3 || commands.EditDistance("hlep", "help") != 1 {
		t.Errorf("commands.EditDistance(kitten, sitting) = %d, want 3", d)
	}
	if d := commands.EditDistance("요트-조언", "요트조언"); d != 1 {
		t.Errorf("editDistance in Hangul = %d, want 1", d)
	}
}

// TestModalFieldsAreReadInNFKC: what a Japanese or Korean keyboard types in
// a form (full-width digits) reaches the handler as ASCII.
func TestModalFieldsAreReadInNFKC(t *testing.T) {
	r, err := NewRouter(commands.NewRegistry(routed("a", "a/1/{x}")))
	if err != nil {
		t.Fatal(err)
	}
	req := &commands.Request{Kind: commands.KindModal, CustomID: "a/1/x", Fields: map[string]string{"dice": "３　３　５　６　６", "name": "花子"}}
	if _, _, err := r.Resolve(req); err != nil {
		t.Fatal(err)
	}
	if req.Fields["dice"] != "3 3 5 6 6" || req.Fields["name"] != "花子" {
		t.Errorf("fields %q", req.Fields)
	}
}
