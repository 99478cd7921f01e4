// Package bottest runs commands in tests exactly as the bot does: through
// the router, option checks, middleware and Discord-limit checks of package
// bot, without any transport. It also holds what the transports' tests
// share: small commands that exercise every reply path, interactions as
// Discord sends them, and a log sink.
package bottest

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/runner"
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
	// last is the last request run and its reply, for Reusable.
	last      *commands.Request
	lastReply *commands.Reply
	// User is the user id of requests that name none: clicks and modal
	// submissions (default "tester"; slash lines run as the runner's
	// "local").
	User string
	// Now is the clock that stamps messages' EditedAt (default: a fixed
	// instant; tests move it to make time pass).
	Now func() time.Time

	// live maps each custom_id on a message to that message, as Discord
	// keeps them: a reply that updates a message replaces its components.
	live map[string]*commands.Message
	sent int // messages posted
	// followUp is the id of the last follow-up posted first.
	followUp string
}

// New returns a harness for cmds. It fails the test when a definition
// breaks Discord's limits.
func New(t testing.TB, cmds ...*commands.Command) *Harness {
	t.Helper()
	reg := commands.NewRegistry(cmds...)
	d, err := bot.NewDispatcher(reg, Limits{DeferAfter: time.Hour}.Options())
	if err != nil {
		t.Fatalf("bottest: %v", err)
	}
	epoch := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	return &Harness{t: t, Dispatcher: d, Registry: reg, Locale: commands.English, User: "tester",
		Now: func() time.Time { return epoch }, live: map[string]*commands.Message{}}
}

// Do runs a request and returns the reply and how it ended. A reply over
// Discord's limits ends as bot.Internal. A component or modal request
// without a Message gets the live message holding its custom_id, as
// Discord sends it; a public reply becomes a live message (a new one, or
// the one it updates).
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
	if req.Message == nil && (req.Kind == commands.KindComponent || req.Kind == commands.KindModal) {
		if m := h.live[req.CustomID]; m != nil {
			req.Message = copyMessage(m)
		}
	}
	r, out := h.Dispatcher.Do(context.Background(), req)
	if out == bot.OK && r != nil && r.FollowUp != nil && r.AfterFollowUp != nil && req.Kind == commands.KindComponent {
		// As a transport does: the follow-up first, a new message, then
		// what its id asks in place of the reply (the follow-up and the
		// removals kept on it, for the test to read).
		h.sent++
		h.followUp = strconv.Itoa(900000000000000000 + h.sent)
		h.show(&commands.Message{ID: h.followUp}, r.FollowUp)
		if next := r.AfterFollowUp(h.followUp); next != nil {
			c := *next
			c.FollowUp, c.Remove, c.AfterFollowUp = r.FollowUp, r.Remove, nil
			r = &c
		} else {
			r = &commands.Reply{FollowUp: r.FollowUp, Remove: r.Remove, Ephemeral: true}
		}
	}
	h.last, h.lastReply = req, r
	if out == bot.OK && r != nil && r.Modal != nil && req.Message != nil {
		// The modal's submission comes with the message that opened it.
		if m := h.live[req.CustomID]; m != nil {
			h.live[r.Modal.CustomID] = m
		}
	}
	if out == bot.OK && r != nil && !r.Ephemeral && r.Modal == nil {
		msg := &commands.Message{}
		if r.Update && req.Message != nil {
			if m := h.live[req.CustomID]; m != nil && m.ID == req.Message.ID {
				msg = m
			}
			msg.ID = req.Message.ID
		}
		if msg.ID == "" {
			h.sent++
			msg.ID = fmt.Sprintf("m%d", h.sent)
		}
		h.show(msg, r)
	}
	return r, out
}

// FollowUpID is the message id of the last follow-up posted first
// (commands.Reply.AfterFollowUp), "" when none.
func (h *Harness) FollowUpID() string { return h.followUp }

// Reusable reports whether the bot, with its cache on, would serve the
// reply to the last request again to an equal request: whether the
// command opted in to caching (commands.Caching), admits this request
// and keeps this reply.
func (h *Harness) Reusable() bool {
	h.t.Helper()
	if h.last == nil || h.lastReply == nil {
		h.t.Fatal("bottest: Reusable before any request")
	}
	name, _, _ := strings.Cut(h.last.Command, " ")
	cmd, ok := h.Registry.Lookup(name)
	if !ok {
		return false
	}
	return bot.Reusable(cmd, h.last, h.lastReply)
}

// show makes r the content of the live message msg.
func (h *Harness) show(msg *commands.Message, r *commands.Reply) {
	for id, m := range h.live {
		if m == msg {
			delete(h.live, id)
		}
	}
	msg.Content, msg.Embeds, msg.Components, msg.EditedAt = r.Content, r.Embeds, r.Components, h.Now()
	for _, row := range r.Components {
		for _, c := range row {
			if c.CustomID != "" {
				h.live[c.CustomID] = msg
			}
		}
	}
}

// Post makes r a live message, as if the bot had sent it (a state built
// by a test), and returns a copy of it.
func (h *Harness) Post(r *commands.Reply) *commands.Message {
	h.sent++
	msg := &commands.Message{ID: fmt.Sprintf("m%d", h.sent)}
	h.show(msg, r)
	return copyMessage(msg)
}

// Message returns a copy of the live message that holds customID, or nil.
func (h *Harness) Message(customID string) *commands.Message {
	if m := h.live[customID]; m != nil {
		return copyMessage(m)
	}
	return nil
}

// MessageOf returns r as the message it would be, for requests built by
// hand (a replayed or forged press).
func MessageOf(r *commands.Reply, editedAt time.Time) *commands.Message {
	return &commands.Message{ID: "crafted", Content: r.Content, Embeds: r.Embeds, Components: r.Components, EditedAt: editedAt}
}

func copyMessage(m *commands.Message) *commands.Message {
	c := *m
	return &c
}

// Run runs a slash line such as `/orbs grid:"110/011"`. A line the runner
// cannot read ends as bot.Rejected.
func (h *Harness) Run(line string) (*commands.Reply, bot.Outcome) {
	h.t.Helper()
	req, err := runner.SlashRequest(h.Registry, line, h.Locale)
	if err != nil {
		if ue, ok := err.(*commands.UserError); ok {
			return &commands.Reply{Content: ue.Localize(h.Locale), Ephemeral: true}, bot.Rejected
		}
		h.t.Fatalf("bottest: %v", err)
	}
	return h.Do(req)
}

// Says runs line in each locale of want and fails the test when the reply,
// as a person reads it (bot.FormatTextIn), lacks one of that locale's
// sentences or holds one of not. It returns the replies' texts by locale,
// for further checks.
func (h *Harness) Says(line string, want map[commands.Locale][]string, not ...string) map[commands.Locale]string {
	h.t.Helper()
	texts := map[commands.Locale]string{}
	for loc, ws := range want {
		h.Locale = loc
		r, _ := h.Run(line)
		text := bot.FormatTextIn(r, loc)
		texts[loc] = text
		for _, w := range ws {
			if !strings.Contains(text, w) {
				h.t.Errorf("%s %s: no %q in\n%s", loc, line, w, text)
			}
		}
		for _, w := range not {
			if strings.Contains(text, w) {
				h.t.Errorf("%s %s: %q in\n%s", loc, line, w, text)
			}
		}
	}
	return texts
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
