package commands

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Discord's limits. ValidateCommand and ValidateReply enforce
// them; tests run them over every command and reply.
const (
	MaxContent          = 2000
	MaxEmbeds           = 10
	MaxEmbedTitle       = 256
	MaxEmbedDescription = 4096
	MaxEmbedFields      = 25
	MaxFieldName        = 256
	MaxFieldValue       = 1024
	MaxEmbedFooter      = 2048
	MaxEmbedTotal       = 6000
	MaxActionRows       = 5
	MaxButtonsPerRow    = 5
	MaxSelectOptions    = 25
	MaxCustomID         = 100
	MaxButtonLabel      = 80
	MaxChoices          = 25
	MaxOptions          = 25
	MaxDescription      = 100
	MaxModalTitle       = 45
	MaxModalInputs      = 5
	MaxFiles            = 10
	MaxFileSize         = 8 << 20
)

var namePattern = regexp.MustCompile(`^[-_\p{L}\p{N}]{1,32}$`)

func checkName(where, name string) error {
	if !namePattern.MatchString(name) || strings.ToLower(name) != name {
		return fmt.Errorf("%s: name %q must match ^[-_\\p{L}\\p{N}]{1,32}$ in lower case", where, name)
	}
	return nil
}

func checkDescription(where string, d Text) error {
	for _, s := range []string{d.En, d.Ko, d.Ja} {
		if n := utf8.RuneCountInString(s); n > MaxDescription || s == "" && d.En == "" {
			return fmt.Errorf("%s: description %q must be 1 to %d characters", where, s, MaxDescription)
		}
	}
	return nil
}

func checkLocalizedName(where string, n Text) error {
	for _, s := range []string{n.En, n.Ko, n.Ja} {
		if s == "" && s != n.En {
			continue
		}
		if err := checkName(where, s); err != nil {
			return err
		}
	}
	return nil
}

// ValidateCommand checks a command's definition against Discord's limits:
// name pattern, description lengths, required options first, option and
// choice counts, and route patterns that start with the command's name.
func ValidateCommand(c *Command) error {
	where := "/" + c.Name.En
	if err := checkLocalizedName(where, c.Name); err != nil {
		return err
	}
	if err := checkDescription(where, c.Description); err != nil {
		return err
	}
	if c.Handle == nil {
		return fmt.Errorf("%s: no handler", where)
	}
	if len(c.Subcommands) > 0 && len(c.Options) > 0 {
		return fmt.Errorf("%s: options and subcommands cannot be mixed", where)
	}
	if len(c.Subcommands) > MaxOptions {
		return fmt.Errorf("%s: %d subcommands, at most %d", where, len(c.Subcommands), MaxOptions)
	}
	if err := checkOptions(where, c.Options); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, s := range c.Subcommands {
		sw := where + " " + s.Name.En
		if seen[s.Name.En] {
			return fmt.Errorf("%s: duplicate subcommand", sw)
		}
		seen[s.Name.En] = true
		if err := checkLocalizedName(sw, s.Name); err != nil {
			return err
		}
		if err := checkDescription(sw, s.Description); err != nil {
			return err
		}
		if err := checkOptions(sw, s.Options); err != nil {
			return err
		}
	}
	for _, r := range c.Routes {
		if first, _, _ := strings.Cut(r.Pattern, "/"); first != c.Name.En {
			return fmt.Errorf("%s: route %q must start with %q", where, r.Pattern, c.Name.En+"/")
		}
		if r.Handle == nil {
			return fmt.Errorf("%s: route %q has no handler", where, r.Pattern)
		}
	}
	return nil
}

func checkOptions(where string, opts []Option) error {
	if len(opts) > MaxOptions {
		return fmt.Errorf("%s: %d options, at most %d", where, len(opts), MaxOptions)
	}
	optional := false
	seen := map[string]bool{}
	for _, o := range opts {
		ow := where + " " + o.Name.En
		if seen[o.Name.En] {
			return fmt.Errorf("%s: duplicate option", ow)
		}
		seen[o.Name.En] = true
		if err := checkLocalizedName(ow, o.Name); err != nil {
			return err
		}
		if err := checkDescription(ow, o.Description); err != nil {
			return err
		}
		if o.Required && optional {
			return fmt.Errorf("%s: required options must come before optional ones", ow)
		}
		optional = optional || !o.Required
		if len(o.Choices) > MaxChoices {
			return fmt.Errorf("%s: %d choices, at most %d", ow, len(o.Choices), MaxChoices)
		}
		if len(o.Choices) > 0 && o.Autocomplete {
			return fmt.Errorf("%s: choices and autocomplete are exclusive", ow)
		}
		for _, ch := range o.Choices {
			for _, s := range []string{ch.Name.En, ch.Name.Ko, ch.Name.Ja} {
				if n := utf8.RuneCountInString(s); n > 100 || ch.Name.En == "" {
					return fmt.Errorf("%s: choice name %q must be 1 to 100 characters", ow, s)
				}
			}
		}
		switch o.Type {
		case String, Integer, Number, Boolean:
		default:
			return fmt.Errorf("%s: unknown option type %d", ow, o.Type)
		}
	}
	return nil
}

// ValidateReply checks a reply against Discord's message, embed, component,
// modal and autocomplete limits.
func ValidateReply(r *Reply) error {
	// The checks are split in functions so that each frame stays small:
	// the error paths' arguments made one frame of 2 KB, which grew the
	// stack of every goroutine answering an interaction.
	if r.Modal != nil {
		return validateModal(r.Modal)
	}
	if err := validateText(r); err != nil {
		return err
	}
	if err := validateComponents(r); err != nil {
		return err
	}
	return validateRest(r)
}

// validateModal checks a modal.
func validateModal(m *Modal) error {
	if n := utf8.RuneCountInString(m.Title); n < 1 || n > MaxModalTitle {
		return fmt.Errorf("modal title is %d characters, 1 to %d allowed", n, MaxModalTitle)
	}
	if err := checkCustomID(m.CustomID); err != nil {
		return err
	}
	if len(m.Inputs) < 1 || len(m.Inputs) > MaxModalInputs {
		return fmt.Errorf("modal has %d inputs, 1 to %d allowed", len(m.Inputs), MaxModalInputs)
	}
	for _, in := range m.Inputs {
		if err := checkCustomID(in.CustomID); err != nil {
			return err
		}
		if n := utf8.RuneCountInString(in.Label); n < 1 || n > 45 {
			return fmt.Errorf("modal input label %q must be 1 to 45 characters", in.Label)
		}
		if in.MaxLength > 4000 || in.MinLength > 4000 {
			return fmt.Errorf("modal input %q: lengths are at most 4000", in.CustomID)
		}
	}
	return nil
}

// validateText checks the choices, the content and the embeds.
func validateText(r *Reply) error {
	if len(r.Choices) > MaxChoices {
		return fmt.Errorf("%d autocomplete choices, at most %d", len(r.Choices), MaxChoices)
	}
	if n := utf8.RuneCountInString(r.Content); n > MaxContent {
		return fmt.Errorf("content is %d characters, at most %d", n, MaxContent)
	}
	if len(r.Embeds) > MaxEmbeds {
		return fmt.Errorf("%d embeds, at most %d", len(r.Embeds), MaxEmbeds)
	}
	total := 0
	for i, e := range r.Embeds {
		if n, ok := lenAtMost(e.Title, MaxEmbedTitle, &total); !ok {
			return fmt.Errorf("embed %d title is %d characters, at most %d", i, n, MaxEmbedTitle)
		}
		if n, ok := lenAtMost(e.Description, MaxEmbedDescription, &total); !ok {
			return fmt.Errorf("embed %d description is %d characters, at most %d", i, n, MaxEmbedDescription)
		}
		if n, ok := lenAtMost(e.Footer, MaxEmbedFooter, &total); !ok {
			return fmt.Errorf("embed %d footer is %d characters, at most %d", i, n, MaxEmbedFooter)
		}
		if len(e.Fields) > MaxEmbedFields {
			return fmt.Errorf("embed %d has %d fields, at most %d", i, len(e.Fields), MaxEmbedFields)
		}
		for j, f := range e.Fields {
			if f.Name == "" || f.Value == "" {
				return fmt.Errorf("embed %d field %d: name and value must not be empty", i, j)
			}
			if n, ok := lenAtMost(f.Name, MaxFieldName, &total); !ok {
				return fmt.Errorf("embed %d field %d name is %d characters, at most %d", i, j, n, MaxFieldName)
			}
			if n, ok := lenAtMost(f.Value, MaxFieldValue, &total); !ok {
				return fmt.Errorf("embed %d field %d value is %d characters, at most %d", i, j, n, MaxFieldValue)
			}
		}
		for _, img := range [...]string{e.Image, e.Thumbnail} {
			if img != "" && !hasFile(r.Files, img) {
				return fmt.Errorf("embed %d shows %q, which is not attached", i, img)
			}
		}
	}
	if total > MaxEmbedTotal {
		return fmt.Errorf("embeds hold %d characters in all, at most %d", total, MaxEmbedTotal)
	}
	return nil
}

// validateComponents checks the action rows.
func validateComponents(r *Reply) error {
	if len(r.Components) > MaxActionRows {
		return fmt.Errorf("%d action rows, at most %d", len(r.Components), MaxActionRows)
	}
	// A message holds at most 25 components and a menu 25 options: the
	// repeats are found by comparing with the earlier ones (no map).
	for i, row := range r.Components {
		if len(row) == 0 {
			return fmt.Errorf("action row %d is empty", i)
		}
		for j, c := range row {
			switch c.Kind {
			case Button:
				if len(row) > MaxButtonsPerRow {
					return fmt.Errorf("action row %d has %d buttons, at most %d", i, len(row), MaxButtonsPerRow)
				}
				if c.Label == "" && c.Emoji == "" {
					return fmt.Errorf("a button in row %d has neither label nor emoji", i)
				}
				if n := utf8.RuneCountInString(c.Label); n > MaxButtonLabel {
					return fmt.Errorf("button label %q is %d characters, at most %d", c.Label, n, MaxButtonLabel)
				}
				if c.Style == Link {
					if c.URL == "" {
						return fmt.Errorf("link button %q has no URL", c.Label)
					}
					continue
				}
				if c.Style < Primary || c.Style > Danger {
					return fmt.Errorf("button %q has style %d", c.Label, c.Style)
				}
			case SelectMenu:
				if len(row) != 1 {
					return fmt.Errorf("a select menu must be alone in its action row (row %d)", i)
				}
				if len(c.Options) < 1 || len(c.Options) > MaxSelectOptions {
					return fmt.Errorf("select menu has %d options, 1 to %d allowed", len(c.Options), MaxSelectOptions)
				}
				if c.MaxValues > len(c.Options) || c.MinValues > c.MaxValues && c.MaxValues > 0 {
					return fmt.Errorf("select menu min/max values %d/%d do not fit %d options", c.MinValues, c.MaxValues, len(c.Options))
				}
				if utf8.RuneCountInString(c.Placeholder) > 150 {
					return fmt.Errorf("select placeholder is over 150 characters")
				}
				for k, o := range c.Options {
					if o.Label == "" || utf8.RuneCountInString(o.Label) > 100 || o.Value == "" || utf8.RuneCountInString(o.Value) > 100 || utf8.RuneCountInString(o.Description) > 100 {
						return fmt.Errorf("select option %q/%q: label and value 1 to 100 characters, description at most 100", o.Label, o.Value)
					}
					for _, p := range c.Options[:k] {
						if p.Value == o.Value {
							return fmt.Errorf("select option value %q repeats", o.Value)
						}
					}
				}
			default:
				return fmt.Errorf("unknown component kind %d", c.Kind)
			}
			if err := checkCustomID(c.CustomID); err != nil {
				return err
			}
			if customIDBefore(r.Components, i, j, c.CustomID) {
				return fmt.Errorf("custom_id %q repeats in one message", c.CustomID)
			}
		}
	}
	return nil
}

// validateRest checks the mentions and the files, and that the reply is
// not empty.
func validateRest(r *Reply) error {
	if r.AllowedMentions != nil && len(r.AllowedMentions.Users) > 100 {
		return fmt.Errorf("%d users in allowed_mentions, at most 100", len(r.AllowedMentions.Users))
	}
	if len(r.Files) > MaxFiles {
		return fmt.Errorf("%d files, at most %d", len(r.Files), MaxFiles)
	}
	for _, f := range r.Files {
		if f.Name == "" || len(f.Data) > MaxFileSize {
			return fmt.Errorf("file %q: a name and at most %d bytes", f.Name, MaxFileSize)
		}
	}
	if r.Content == "" && len(r.Embeds) == 0 && len(r.Files) == 0 && len(r.Components) == 0 && len(r.Choices) == 0 && !r.Update {
		return fmt.Errorf("empty reply")
	}
	return nil
}

func checkCustomID(id string) error {
	if id == "" || len(id) > MaxCustomID {
		return fmt.Errorf("custom_id %q must be 1 to %d characters", id, MaxCustomID)
	}
	return nil
}

// lenAtMost counts the characters of s into total and reports whether
// they are at most max.
func lenAtMost(s string, max int, total *int) (int, bool) {
	n := utf8.RuneCountInString(s)
	*total += n
	return n, n <= max
}

// customIDBefore reports whether a component before component j of row
// `row` (in reading order) has custom_id id (link buttons have none).
func customIDBefore(rows []ActionRow, row, j int, id string) bool {
	for i, r := range rows[:row+1] {
		if i == row {
			r = r[:j]
		}
		for _, c := range r {
			if c.CustomID == id && (c.Kind != Button || c.Style != Link) {
				return true
			}
		}
	}
	return false
}

func hasFile(files []File, name string) bool {
	for _, f := range files {
		if f.Name == name {
			return true
		}
	}
	return false
}
