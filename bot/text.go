package bot

import (
	"fmt"
	"strings"

	"github.com/alea-bot/alea/commands"
)

// FormatText renders a reply as a person reads it: content, embeds,
// buttons and menus, attachments by name.
func FormatText(r *commands.Reply) string {
	var b strings.Builder
	if r.Ephemeral {
		b.WriteString("(only you can see this)\n")
	}
	if r.Modal != nil {
		fmt.Fprintf(&b, "[form] %s\n", r.Modal.Title)
		for _, in := range r.Modal.Inputs {
			fmt.Fprintf(&b, "  %s: %s\n", in.Label, in.Value)
		}
	}
	if r.Content != "" {
		b.WriteString(r.Content)
		b.WriteString("\n")
	}
	for _, e := range r.Embeds {
		if e.Title != "" {
			fmt.Fprintf(&b, "\n== %s ==\n", e.Title)
		}
		if e.Description != "" {
			b.WriteString(e.Description)
			b.WriteString("\n")
		}
		for _, f := range e.Fields {
			fmt.Fprintf(&b, "\n-- %s --\n%s\n", f.Name, f.Value)
		}
		if e.Image != "" {
			fmt.Fprintf(&b, "[image: %s]\n", e.Image)
		}
		if e.Footer != "" {
			fmt.Fprintf(&b, "\n%s\n", e.Footer)
		}
	}
	for _, row := range r.Components {
		var parts []string
		for _, c := range row {
			switch c.Kind {
			case commands.Button:
				label := strings.TrimSpace(c.Emoji + " " + c.Label)
				if c.Disabled {
					label += " (disabled)"
				}
				parts = append(parts, "["+label+"]")
			case commands.SelectMenu:
				var opts []string
				for _, o := range c.Options {
					opts = append(opts, o.Label)
				}
				parts = append(parts, fmt.Sprintf("[menu: %s ▾ %s]", c.Placeholder, strings.Join(opts, " | ")))
			}
		}
		b.WriteString(strings.Join(parts, " "))
		b.WriteString("\n")
	}
	for _, c := range r.Choices {
		fmt.Fprintf(&b, "• %s = %v\n", c.Name.En, c.Value)
	}
	for _, f := range r.Files {
		fmt.Fprintf(&b, "[attachment: %s, %d bytes]\n", f.Name, len(f.Data))
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}
