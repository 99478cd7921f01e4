package bot

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"unicode/utf8"

	"github.com/alea-bot/alea/commands"
)

// fitReply returns r with every text Discord bounds shortened to its limit
// (ending in "…", a code block left open closed again), and the embeds cut
// to their 6000 characters in all, the descriptions and last fields
// giving way first. r itself is never changed (it may be in the cache);
// shortened says whether anything was. What shortening cannot mend (too
// many components, a bad custom_id) is left for ValidateReply to report.
func fitReply(r *commands.Reply) (out *commands.Reply, shortened bool) {
	c := *r
	fit := func(s string, max int) string {
		t := shorten(s, max)
		if t != s {
			shortened = true
		}
		return t
	}
	c.Content = fit(c.Content, commands.MaxContent)
	if len(c.Embeds) > 0 {
		c.Embeds = append([]commands.Embed(nil), c.Embeds...)
		for i := range c.Embeds {
			e := &c.Embeds[i]
			e.Title = fit(e.Title, commands.MaxEmbedTitle)
			e.Description = fit(e.Description, commands.MaxEmbedDescription)
			e.Footer = fit(e.Footer, commands.MaxEmbedFooter)
			if len(e.Fields) > 0 {
				e.Fields = append([]commands.Field(nil), e.Fields...)
				for j := range e.Fields {
					e.Fields[j].Name = fit(e.Fields[j].Name, commands.MaxFieldName)
					e.Fields[j].Value = fit(e.Fields[j].Value, commands.MaxFieldValue)
				}
			}
		}
		if over := embedsTotal(c.Embeds) - commands.MaxEmbedTotal; over > 0 {
			shortened = true
			trimEmbeds(c.Embeds, over)
		}
	}
	if len(c.Components) > 0 {
		c.Components = append([]commands.ActionRow(nil), c.Components...)
		for i, row := range c.Components {
			row = append(commands.ActionRow(nil), row...)
			for j := range row {
				row[j].Label = fit(row[j].Label, commands.MaxButtonLabel)
				row[j].Placeholder = fit(row[j].Placeholder, 150)
				if len(row[j].Options) > 0 {
					opts := append([]commands.SelectOption(nil), row[j].Options...)
					for k := range opts {
						opts[k].Label = fit(opts[k].Label, 100)
						opts[k].Description = fit(opts[k].Description, 100)
					}
					row[j].Options = opts
				}
			}
			c.Components[i] = row
		}
	}
	if len(c.Choices) > commands.MaxChoices {
		c.Choices, shortened = c.Choices[:commands.MaxChoices], true
	}
	if c.Modal != nil {
		m := *c.Modal
		m.Title = fit(m.Title, commands.MaxModalTitle)
		m.Inputs = append([]commands.TextInput(nil), m.Inputs...)
		for i := range m.Inputs {
			m.Inputs[i].Label = fit(m.Inputs[i].Label, 45)
		}
		c.Modal = &m
	}
	return &c, shortened
}

// embedsTotal counts the characters Discord adds up across embeds.
func embedsTotal(es []commands.Embed) int {
	n := 0
	for _, e := range es {
		n += utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description) + utf8.RuneCountInString(e.Footer)
		for _, f := range e.Fields {
			n += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
		}
	}
	return n
}

// trimEmbeds removes over characters: from the descriptions, last embed
// first, then from the field values (last first), the footers, the field
// names and the titles, keeping what Discord requires to be non-empty.
func trimEmbeds(es []commands.Embed, over int) {
	var texts []*string
	var keep []int
	add := func(s *string, k int) { texts, keep = append(texts, s), append(keep, k) }
	for i := len(es) - 1; i >= 0; i-- {
		add(&es[i].Description, 0)
	}
	for i := len(es) - 1; i >= 0; i-- {
		for j := len(es[i].Fields) - 1; j >= 0; j-- {
			add(&es[i].Fields[j].Value, 1)
		}
	}
	for i := len(es) - 1; i >= 0; i-- {
		add(&es[i].Footer, 0)
	}
	for i := len(es) - 1; i >= 0; i-- {
		for j := len(es[i].Fields) - 1; j >= 0; j-- {
			add(&es[i].Fields[j].Name, 1)
		}
	}
	for i := len(es) - 1; i >= 0; i-- {
		add(&es[i].Title, 0)
	}
	for i, s := range texts {
		if over <= 0 {
			return
		}
		n := utf8.RuneCountInString(*s)
		cut := min(over, n-max(keep[i], 1))
		if cut <= 0 {
			if keep[i] == 0 && n > 0 && over >= n {
				*s, over = "", over-n
			}
			continue
		}
		t := shorten(*s, n-cut)
		over -= n - utf8.RuneCountInString(t)
		*s = t
	}
}

// shorten returns s when it has at most max characters; otherwise its
// first characters and "…", max in all, with a code block the cut left
// open closed again.
func shorten(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	if max <= 1 {
		return string([]rune(s)[:max])
	}
	rs := []rune(s)
	t := string(rs[:max-1]) + "…"
	if strings.Count(t, "```")%2 == 1 && max > 8 {
		t = string(rs[:max-5]) + "…\n```"
	}
	return t
}

// logText is s for a log line: at most max bytes of it (whole
// characters), then how long it was. Custom_ids and option values come
// from users and may be kilobytes long.
func logText(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s…(%d bytes)", s[:cut], len(s))
}

// logInputRunes bounds each field of a request in a log line.
const logInputRunes = 64

// LogInput is a field of a request (an interaction id, a command name, a
// user id) as a log line shows it: at most 64 runes, the rest cut with
// an ellipsis, so a forged request cannot write kilobyte lines.
func LogInput(s string) string {
	n := 0
	for i := range s {
		if n == logInputRunes {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// Bounds of user text in log lines.
const (
	logIDBytes  = 120 // custom_ids
	logErrBytes = 500 // errors and panics, which may quote input
)

// FitDiscordLimits fits every reply to Discord's limits on its way out
// (errors included): texts over a limit are shortened (logged as a
// warning); a reply that still breaks one is replaced by the
// internal-error reply (logged as a bug); a follow-up that is not a
// public message without files within the limits is dropped (logged).
// The reply the handler made is never changed (the cache may hold it).
func FitDiscordLimits(log *slog.Logger) Middleware {
	log = orDiscard(log)
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, req *commands.Request) Result {
			return fitResult(log, req, next(ctx, req))
		}
	}
}

// fitResult fits res's reply to Discord's limits (FitDiscordLimits).
func fitResult(log *slog.Logger, req *commands.Request, res Result) Result {
	if res.Reply == nil {
		return res
	}
	fitted, shortened := fitReply(res.Reply)
	if err := commands.ValidateReply(fitted); err != nil {
		log.Error("reply breaks a Discord limit", "interaction", LogInput(req.ID), "command", LogInput(req.Command),
			"outcome", string(res.Outcome), "err", logText(err.Error(), logErrBytes))
		out := internalError(req)
		out.Deferred = res.Deferred
		return out
	}
	if shortened {
		log.Warn("reply shortened to fit Discord's limits", "interaction", LogInput(req.ID), "command", LogInput(req.Command), "outcome", string(res.Outcome))
	}
	if f := fitted.FollowUp; f != nil {
		if err := commands.ValidateReply(f); err != nil || f.Ephemeral || f.Modal != nil || len(f.Files) > 0 || f.FollowUp != nil {
			log.Error("follow-up message dropped: not a public message without files within Discord's limits", "interaction", LogInput(req.ID), "command", LogInput(req.Command))
			c := *fitted
			c.FollowUp, c.AfterFollowUp = nil, nil
			fitted = &c
		}
	}
	if after := fitted.AfterFollowUp; after != nil {
		// What is delivered once the follow-up is posted passes the same
		// limits; one that breaks them leaves the message as it is.
		c := *fitted
		c.AfterFollowUp = func(id string) *commands.Reply {
			r := after(id)
			if r == nil {
				return nil
			}
			f, _ := fitReply(r)
			if err := commands.ValidateReply(f); err != nil {
				log.Error("reply after the follow-up breaks a Discord limit; the message is left as it is", "interaction", LogInput(req.ID),
					"command", LogInput(req.Command), "err", logText(err.Error(), logErrBytes))
				return nil
			}
			return f
		}
		fitted = &c
	}
	res.Reply = fitted
	return res
}
