package commands

import (
	"context"
	"strings"
	"testing"
)

func okHandler(context.Context, *Request) (*Reply, error) { return &Reply{Content: "ok"}, nil }

func validCommand() *Command {
	lo, hi := Between(1, 10)
	return &Command{
		Name:        T("dice", "주사위", "サイコロ"),
		Description: T("Roll", "굴림", "振る"),
		Options: []Option{
			{Name: T("count", "개수", "個数"), Description: T("How many", "몇 개", "いくつ"), Type: Integer, Required: true, Min: lo, Max: hi},
			{Name: T("label", "", ""), Description: T("A label", "이름", "名前"), Type: String},
		},
		Handle: okHandler,
		Routes: []Route{{Pattern: "dice/1/{state}", Handle: okHandler}},
	}
}

func TestValidateCommandAcceptsAValidCommand(t *testing.T) {
	if err := ValidateCommand(validCommand()); err != nil {
		t.Fatal(err)
	}
}

func TestValidateCommandRejects(t *testing.T) {
	cases := map[string]func(c *Command){
		"upper case name":         func(c *Command) { c.Name.En = "Dice" },
		"space in name":           func(c *Command) { c.Name.En = "two words" },
		"long name":               func(c *Command) { c.Name.En = strings.Repeat("a", 33) },
		"upper-case localised":    func(c *Command) { c.Name.Ja = "サイコロX" },
		"empty description":       func(c *Command) { c.Description = Text{} },
		"long description":        func(c *Command) { c.Description.Ko = strings.Repeat("가", 101) },
		"required after optional": func(c *Command) { c.Options[0].Required, c.Options[1].Required = false, true },
		"duplicate option":        func(c *Command) { c.Options[1].Name = c.Options[0].Name },
		"26 choices": func(c *Command) {
			for i := 0; i < 26; i++ {
				c.Options[1].Choices = append(c.Options[1].Choices, Choice{Name: T("x", "", ""), Value: "x"})
			}
		},
		"choices with autocomplete": func(c *Command) {
			c.Options[1].Choices = []Choice{{Name: T("a", "", ""), Value: "a"}}
			c.Options[1].Autocomplete = true
		},
		"route of another command": func(c *Command) { c.Routes[0].Pattern = "orbs/{x}" },
		"no handler":               func(c *Command) { c.Handle = nil },
		"options and subcommands": func(c *Command) {
			c.Subcommands = []Subcommand{{Name: T("x", "", ""), Description: T("x", "x", "x")}}
		},
	}
	for name, breakIt := range cases {
		c := validCommand()
		breakIt(c)
		if err := ValidateCommand(c); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestValidateReplyLimits(t *testing.T) {
	button := func(id string) Component { return Component{Kind: Button, CustomID: id, Label: "b", Style: Primary} }
	fields := func(n int, value string) []Field {
		fs := make([]Field, n)
		for i := range fs {
			fs[i] = Field{Name: "f", Value: value}
		}
		return fs
	}
	ok := []*Reply{
		{Content: strings.Repeat("é", MaxContent)},
		{Embeds: []Embed{{Title: strings.Repeat("t", 256), Description: strings.Repeat("d", 4096), Fields: fields(1, strings.Repeat("v", 1024))}}},
		{Components: []ActionRow{{button("a"), button("b"), button("c"), button("d"), button("e")}}},
		{Embeds: []Embed{{Title: "x", Image: "a.png"}}, Files: []File{{Name: "a.png", Data: []byte{1}}}},
		{Modal: &Modal{CustomID: "m", Title: "Dice", Inputs: []TextInput{{CustomID: "d", Label: "Dice"}}}},
		{Components: []ActionRow{{button("a"), {Kind: Button, Label: "l", Style: Link, URL: "https://x"}, {Kind: Button, Label: "l", Style: Link, URL: "https://y"}},
			{{Kind: SelectMenu, CustomID: "s", Options: []SelectOption{{Label: "l", Value: "v"}, {Label: "l", Value: "w"}}}}}},
	}
	for i, r := range ok {
		if err := ValidateReply(r); err != nil {
			t.Errorf("valid reply %d rejected: %v", i, err)
		}
	}
	bad := map[string]*Reply{
		"content 2001":     {Content: strings.Repeat("a", MaxContent+1)},
		"title 257":        {Embeds: []Embed{{Title: strings.Repeat("t", 257)}}},
		"description 4097": {Embeds: []Embed{{Description: strings.Repeat("d", 4097)}}},
		"26 fields":        {Embeds: []Embed{{Title: "x", Fields: fields(26, "v")}}},
		"field value 1025": {Embeds: []Embed{{Title: "x", Fields: fields(1, strings.Repeat("v", 1025))}}},
		"6001 in all": {Embeds: []Embed{
			{Description: strings.Repeat("d", 4000)}, {Description: strings.Repeat("d", 2001)}}},
		"six buttons":        {Components: []ActionRow{{button("a"), button("b"), button("c"), button("d"), button("e"), button("f")}}},
		"six rows":           {Components: []ActionRow{{button("a")}, {button("b")}, {button("c")}, {button("d")}, {button("e")}, {button("f")}}},
		"custom_id 101":      {Components: []ActionRow{{button(strings.Repeat("x", 101))}}},
		"repeated id":        {Components: []ActionRow{{button("a"), button("a")}}},
		"id repeated later":  {Components: []ActionRow{{button("a"), button("b")}, {button("c"), button("b")}}},
		"repeated value":     {Components: []ActionRow{{{Kind: SelectMenu, CustomID: "s", Options: []SelectOption{{Label: "l", Value: "v"}, {Label: "m", Value: "w"}, {Label: "n", Value: "v"}}}}}},
		"field name 257":     {Embeds: []Embed{{Title: "x", Fields: []Field{{Name: strings.Repeat("n", 257), Value: "v"}}}}},
		"footer 2049":        {Embeds: []Embed{{Title: "x", Footer: strings.Repeat("f", 2049)}}},
		"select not alone":   {Components: []ActionRow{{button("a"), {Kind: SelectMenu, CustomID: "s", Options: []SelectOption{{Label: "l", Value: "v"}}}}}},
		"26 choices":         {Choices: make([]Choice, 26)},
		"image not attached": {Embeds: []Embed{{Title: "x", Image: "a.png"}}},
		"empty":              {},
		"modal title 46":     {Modal: &Modal{CustomID: "m", Title: strings.Repeat("t", 46), Inputs: []TextInput{{CustomID: "d", Label: "Dice"}}}},
	}
	for name, r := range bad {
		if err := ValidateReply(r); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestCoerce(t *testing.T) {
	defs := validCommand().Options
	got, err := Coerce(defs, map[string]any{"count": "7", "label": "x y"})
	if err != nil || got.Int("count", 0) != 7 || got.String("label", "") != "x y" {
		t.Fatalf("got %v, %v", got, err)
	}
	// Discord sends numbers as JSON numbers.
	got, err = Coerce(defs, map[string]any{"count": float64(3)})
	if err != nil || got.Int("count", 0) != 3 {
		t.Fatalf("got %v, %v", got, err)
	}
	for name, raw := range map[string]map[string]any{
		"missing required": {"label": "x"},
		"not a number":     {"count": "seven"},
		"below min":        {"count": "0"},
		"above max":        {"count": "11"},
		"fraction":         {"count": 2.5},
		"unknown option":   {"count": "1", "colour": "red"},
	} {
		_, err := Coerce(defs, raw)
		ue, ok := err.(*UserError)
		if !ok {
			t.Errorf("%s: error %v is not a *UserError", name, err)
			continue
		}
		for _, l := range Locales {
			if msg := ue.Localize(l); msg == "" || strings.Contains(msg, "%!") {
				t.Errorf("%s: bad %s message %q", name, l, msg)
			}
		}
		if ue.Localize(Korean) == ue.Localize(English) {
			t.Errorf("%s: Korean message is not translated", name)
		}
	}
}

func TestParseLocale(t *testing.T) {
	for in, want := range map[string]Locale{"ko": Korean, "ja": Japanese, "en-US": English, "en-GB": English, "fr": English, "": English, "KO": Korean} {
		if got := ParseLocale(in); got != want {
			t.Errorf("ParseLocale(%q) = %q, want %q", in, got, want)
		}
	}
}
