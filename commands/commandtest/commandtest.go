// Package commandtest runs commands in tests exactly as the bot does:
// through the router, option checks, middleware and Discord-limit checks of
// package bot, without any transport.
package commandtest

import (
	"context"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
)

// Harness runs slash commands, button clicks and modal submissions.
type Harness struct {
	t testing.TB
	// Dispatcher is the dispatcher the harness drives (no cache, no rate
	// limit, no deferral).
	Dispatcher *bot.Dispatcher
	// Registry holds the commands under test.
	Registry *commands.Registry
	// Locale of the requests (default English).
	Locale commands.Locale
	// User is the user id of requests that name none: clicks and modal
	// submissions (default "tester"; slash lines run as the runner's
	// "local").
	User string
}

// New returns a harness for cmds. It fails the test when a definition
// breaks Discord's limits.
func New(t testing.TB, cmds ...*commands.Command) *Harness {
	t.Helper()
	reg := commands.NewRegistry(cmds...)
	d, err := bot.NewDispatcher(reg, bot.Options{CacheTTL: -1, UserRate: -1, GlobalRate: -1, DeferAfter: time.Hour})
	if err != nil {
		t.Fatalf("commandtest: %v", err)
	}
	return &Harness{t: t, Dispatcher: d, Registry: reg, Locale: commands.English, User: "tester"}
}

// Do runs a request and returns the reply and how it ended. A reply over
// Discord's limits ends as bot.Internal.
func (h *Harness) Do(req *commands.Request) (*commands.Reply, bot.Outcome) {
	h.t.Helper()
	if req.Locale == "" {
		req.Locale = h.Locale
	}
	if req.ID == "" {
		req.ID = "test"
	}
	if req.UserID == "" {
		req.UserID = h.User
	}
	return h.Dispatcher.Do(context.Background(), req)
}

// Run runs a slash line such as `/orbs grid:"110/011"`. A line the runner
// cannot read ends as bot.Rejected.
func (h *Harness) Run(line string) (*commands.Reply, bot.Outcome) {
	h.t.Helper()
	req, err := bot.SlashRequest(h.Registry, line, h.Locale)
	if err != nil {
		if ue, ok := err.(*commands.UserError); ok {
			return &commands.Reply{Content: ue.Localize(h.Locale), Ephemeral: true}, bot.Rejected
		}
		h.t.Fatalf("commandtest: %v", err)
	}
	return h.Do(req)
}

// MustRun runs a slash line and fails the test unless it was answered.
func (h *Harness) MustRun(line string) *commands.Reply {
	h.t.Helper()
	r, out := h.Run(line)
	if out != bot.OK {
		h.t.Fatalf("%s: outcome %s: %s", line, out, bot.FormatText(r))
	}
	return r
}

// Click presses the component with customID (values: a select menu's
// chosen values).
func (h *Harness) Click(customID string, values ...string) (*commands.Reply, bot.Outcome) {
	h.t.Helper()
	return h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: customID, Values: values})
}

// Submit submits the modal customID with its text fields.
func (h *Harness) Submit(customID string, fields map[string]string) (*commands.Reply, bot.Outcome) {
	h.t.Helper()
	return h.Do(&commands.Request{Kind: commands.KindModal, CustomID: customID, Fields: fields})
}

// Buttons returns every component of a reply by label (emoji and label
// joined by a space when both are set), for clicking in tests.
func Buttons(r *commands.Reply) map[string]commands.Component {
	out := map[string]commands.Component{}
	for _, row := range r.Components {
		for _, c := range row {
			label := c.Label
			if c.Emoji != "" && c.Label != "" {
				label = c.Emoji + " " + c.Label
			} else if c.Emoji != "" {
				label = c.Emoji
			}
			out[label] = c
		}
	}
	return out
}
