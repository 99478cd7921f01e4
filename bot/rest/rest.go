// Package rest delivers replies through Discord's REST API for one
// interaction: its callback and its webhook, authorised by the
// interaction's token alone.
package rest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/payload"
	"github.com/alea-bot/alea/commands"
)

// DefaultAPIBase is where Discord's API is.
const DefaultAPIBase = "https://discord.com"

// DefaultUserAgent names Alea in REST calls when no version is stamped.
const DefaultUserAgent = "DiscordBot (https://github.com/alea-bot/alea, dev)"

// UserAgent names Alea at version in its REST calls, as Discord asks.
func UserAgent(version string) string {
	return "DiscordBot (https://github.com/alea-bot/alea, " + version + ")"
}

// Client sends what the transports deliver through Discord's REST API for
// one interaction: its callback (the gateway's first response) and its
// webhook (edits of the original response and follow-ups). Both are
// authorised by the interaction's token alone; no bot token is sent.
type Client struct {
	base      string // e.g. https://discord.com, no trailing slash
	client    *http.Client
	userAgent string
	log       *slog.Logger
	clock     Clock
	// botToken, when set ("Bot …"), removes messages the interaction's
	// webhook cannot, where Alea is in the server.
	botToken string
}

// WithBotToken lets c remove, with the bot token, the messages the
// interaction's webhook cannot remove (Remove), and returns c. An empty
// token leaves c without.
func (c *Client) WithBotToken(token string) *Client {
	if token != "" {
		c.botToken = "Bot " + strings.TrimPrefix(token, "Bot ")
	}
	return c
}

// Clock is the time a Client plans its retries by.
type Clock interface {
	Now() time.Time
	// Sleep waits d, or until ctx ends (then it returns ctx's error).
	Sleep(ctx context.Context, d time.Duration) error
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// WithClock makes c plan its retries by clk instead of the real time,
// and returns c.
func (c *Client) WithClock(clk Clock) *Client {
	c.clock = clk
	return c
}

// Retries. Discord refuses the first response to an interaction after
// 3 s from its creation: the callback is never sent later than
// FirstResponseWindow after the interaction's receipt, retries included.
// Edits and follow-ups, valid for 15 minutes, retry longer.
const (
	FirstResponseWindow = 2800 * time.Millisecond
	webhookAttempts     = 5
	webhookMaxWait      = time.Minute
	firstBackoff        = 250 * time.Millisecond
)

// NewClient returns a client calling base (DefaultAPIBase when empty)
// through hc, naming itself userAgent (DefaultUserAgent when empty).
func NewClient(base string, hc *http.Client, userAgent string, log *slog.Logger) *Client {
	if base == "" {
		base = DefaultAPIBase
	}
	if userAgent == "" {
		userAgent = DefaultUserAgent
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Client{base: strings.TrimRight(base, "/"), client: hc, userAgent: userAgent, log: log, clock: realClock{}}
}

// Ref names an interaction for its REST calls.
type Ref struct {
	ID, AppID, Token string
	// Received is when the interaction arrived, which starts Discord's
	// 3-second window for the first response (zero: when Callback is
	// called).
	Received time.Time
}

// Callback answers the interaction with its first response, JSON or
// multipart (files), retrying a 429 or a 5xx only while the retry can
// still be sent within FirstResponseWindow of the receipt; past it, it
// gives up and logs it.
func (c *Client) Callback(ctx context.Context, ref Ref, ctype string, body []byte) error {
	received := ref.Received
	if received.IsZero() {
		received = c.clock.Now()
	}
	p := RetryPolicy{Deadline: received.Add(FirstResponseWindow), Attempts: webhookAttempts, MaxWait: FirstResponseWindow}
	err := c.Do(ctx, Call{Method: http.MethodPost, Path: "/interactions/" + ref.ID + "/" + ref.Token + "/callback",
		Where: "POST interactions/" + ref.ID + "/…/callback", ContentType: ctype, Body: body}, p)
	if errors.Is(err, errWindow) {
		c.log.Warn("first response not sent: Discord's 3-second window is over", "interaction", bot.LogInput(ref.ID), "err", err)
	}
	return err
}

// errWindow reports a first response given up because a retry would
// have been sent past FirstResponseWindow.
var errWindow = errors.New("past the 3-second window for the first response")

// Deliver sends a reply to an acknowledged interaction: an edit of the
// original response, or a follow-up message. ackEphemeral tells whether
// the acknowledgement was an ephemeral "thinking…".
func (c *Client) Deliver(ctx context.Context, ref Ref, req *commands.Request, reply *commands.Reply, ackEphemeral bool) error {
	switch {
	case req.Kind == commands.KindComponent && !reply.Update:
		// Acknowledged as a deferred update: a new message is a follow-up.
		return c.FollowUp(ctx, ref, reply)
	case req.Kind != commands.KindComponent && reply.Ephemeral && !ackEphemeral:
		// The public "thinking…" cannot become ephemeral: remove it and
		// answer privately.
		if err := c.webhook(ctx, http.MethodDelete, ref, "/messages/@original", "", nil); err != nil {
			c.log.Warn("could not remove the deferred response", "interaction", bot.LogInput(req.ID), "err", err)
		}
		return c.FollowUp(ctx, ref, reply)
	}
	edit := payload.WebhookEdit(reply)
	ctype, body, err := encodeMessage(edit, edit.Files)
	if err != nil {
		return err
	}
	return c.webhook(ctx, http.MethodPatch, ref, "/messages/@original", ctype, body)
}

// DeliverFollowUp posts reply.FollowUp, if any, after reply was
// delivered; a failure is logged, not returned: the reply itself is
// delivered.
func (c *Client) DeliverFollowUp(ctx context.Context, ref Ref, reply *commands.Reply) {
	if reply == nil || reply.FollowUp == nil {
		return
	}
	if err := c.FollowUp(ctx, ref, reply.FollowUp); err != nil {
		c.log.Warn("follow-up message not sent", "interaction", bot.LogInput(ref.ID), "about", bot.LogInput(reply.About), "err", err)
	}
}

// FollowUp posts reply as a new message through the interaction's
// webhook (POST /webhooks/{app}/{token}); the interaction must be
// acknowledged already.
func (c *Client) FollowUp(ctx context.Context, ref Ref, reply *commands.Reply) error {
	_, err := c.followUp(ctx, ref, reply)
	return err
}

// FollowUpFirst posts reply.FollowUp and returns what to deliver in
// place of reply once it is posted: reply.AfterFollowUp of its message
// id ("" when it could not be posted, which is logged). The interaction
// must be acknowledged already.
func (c *Client) FollowUpFirst(ctx context.Context, ref Ref, reply *commands.Reply) *commands.Reply {
	id, err := c.followUp(ctx, ref, reply.FollowUp)
	if err != nil {
		c.log.Warn("follow-up message not sent; the pressed message is left as its reply asks", "interaction", bot.LogInput(ref.ID),
			"about", bot.LogInput(reply.About), "err", err)
		id = ""
	}
	return reply.AfterFollowUp(id)
}

// FollowsUpFirst reports whether reply asks for its follow-up before
// itself (commands.Reply.AfterFollowUp), which a component's reply can.
func FollowsUpFirst(req *commands.Request, reply *commands.Reply) bool {
	return reply != nil && reply.FollowUp != nil && reply.AfterFollowUp != nil && req.Kind == commands.KindComponent
}

// Remove removes the bot's messages ids in req's channel: through the
// interaction's webhook (DELETE /webhooks/{app}/{token}/messages/{id}),
// else, with the bot token when c has one and Alea is in the server
// (installed there, not only to the user's account), through the
// channel (DELETE /channels/{channel}/messages/{id}). A message that
// cannot be removed (gone already, too old for the webhook, no
// permission) is left; that is logged at debug level, never an error.
func (c *Client) Remove(ctx context.Context, ref Ref, req *commands.Request, reply *commands.Reply) {
	if reply == nil {
		return
	}
	ids := reply.Remove
	for _, id := range ids {
		if !snowflake(id) {
			continue
		}
		err := c.Do(ctx, Call{Method: http.MethodDelete, Path: "/webhooks/" + ref.AppID + "/" + ref.Token + "/messages/" + id,
			Where: "DELETE webhooks/" + ref.AppID + "/…/messages/" + id}, RetryPolicy{Attempts: 2, MaxWait: time.Second})
		if err == nil {
			continue
		}
		if c.botToken != "" && req.GuildID != "" && !req.UserInstalled && snowflake(req.ChannelID) {
			err = c.Do(ctx, Call{Method: http.MethodDelete, Path: "/channels/" + req.ChannelID + "/messages/" + id,
				Authorization: c.botToken}, RetryPolicy{Attempts: 2, MaxWait: time.Second})
		}
		if err != nil {
			c.log.Debug("message not removed; it stays", "interaction", bot.LogInput(ref.ID), "about", bot.LogInput(reply.About), "message", id, "err", err)
		}
	}
}

// snowflake reports whether s is a Discord id (decimal digits).
func snowflake(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// followUp posts reply as a follow-up and returns its message's id.
func (c *Client) followUp(ctx context.Context, ref Ref, reply *commands.Reply) (string, error) {
	d := payload.Message(reply)
	p := &discordgo.WebhookParams{Content: d.Content, Embeds: d.Embeds, Components: d.Components,
		AllowedMentions: d.AllowedMentions, Flags: d.Flags, Files: d.Files}
	if d.Attachments != nil {
		p.Attachments = *d.Attachments
	}
	ctype, body, err := encodeMessage(p, p.Files)
	if err != nil {
		return "", err
	}
	var posted struct {
		ID string `json:"id"`
	}
	err = c.Do(ctx, Call{Method: http.MethodPost, Path: "/webhooks/" + ref.AppID + "/" + ref.Token,
		Where: "POST webhooks/" + ref.AppID + "/…", ContentType: ctype, Body: body, Out: &posted},
		RetryPolicy{Attempts: webhookAttempts, MaxWait: webhookMaxWait})
	return posted.ID, err
}

// encodeMessage encodes a message as JSON, or as multipart/form-data with
// payload_json and files[n] parts when it carries files.
func encodeMessage(v any, files []*discordgo.File) (string, []byte, error) {
	if len(files) > 0 {
		return discordgo.MultipartBodyWithJSON(v, files)
	}
	b, err := json.Marshal(v)
	return "application/json", b, err
}

// webhook sends one request to the interaction's webhook, with the same
// API version as the gateway transport (discordgo's).
func (c *Client) webhook(ctx context.Context, method string, ref Ref, suffix, ctype string, body []byte) error {
	return c.Do(ctx, Call{Method: method, Path: "/webhooks/" + ref.AppID + "/" + ref.Token + suffix,
		Where: method + " webhooks/" + ref.AppID + "/…" + suffix, ContentType: ctype, Body: body},
		RetryPolicy{Attempts: webhookAttempts, MaxWait: webhookMaxWait})
}

// Call is one call of Discord's REST API.
type Call struct {
	Method string
	// Path follows /api/v{version}, e.g. /applications/@me.
	Path string
	// Where names the call in errors; it must not contain a token
	// (default: Method and Path).
	Where string
	// Authorization, when set, is sent as the Authorization header (the
	// bot token, "Bot …"); it never appears in an error.
	Authorization string
	ContentType   string
	Body          []byte
	// Out, when set, receives a successful answer's JSON.
	Out any
}

// RetryPolicy bounds the attempts of one call: their number, the wait
// before each retry (Retry-After, else a backoff from FirstBackoff,
// doubling, each capped at MaxWait), and, when Deadline is set, the time
// by which an attempt must be sent.
type RetryPolicy struct {
	Attempts     int
	FirstBackoff time.Duration // default 250 ms
	MaxWait      time.Duration
	Deadline     time.Time
}

// RefusedError is Discord's refusal of a call (a status of 300 or more):
// the call's name, the status and the start of Discord's answer.
type RefusedError struct {
	Where      string
	Status     string // e.g. "404 Not Found"
	StatusCode int
	// Body is Discord's answer (its JSON error, with its code and
	// message), at most 4 MiB.
	Body []byte
}

// Error names the call, the status and the first 512 bytes of the answer.
func (e *RefusedError) Error() string {
	snippet := e.Body
	if len(snippet) > 512 {
		snippet = snippet[:512]
	}
	return fmt.Sprintf("%s: %s: %s", e.Where, e.Status, strings.TrimSpace(string(snippet)))
}

// maxAnswer bounds the bytes of an answer read.
const maxAnswer = 4 << 20

// Do sends call, retrying a 429, a 5xx or a failed connection as p
// allows. A refusal not retried, or the last one, is a *RefusedError.
// Errors never contain a token: they name the call by its Where.
func (c *Client) Do(ctx context.Context, call Call, p RetryPolicy) error {
	if call.Where == "" {
		call.Where = call.Method + " " + call.Path
	}
	var last error
	backoff := p.FirstBackoff
	if backoff <= 0 {
		backoff = firstBackoff
	}
	for attempt := 1; ; attempt++ {
		actx, cancel := ctx, context.CancelFunc(func() {})
		if !p.Deadline.IsZero() {
			left := p.Deadline.Sub(c.clock.Now())
			if left <= 0 {
				return fmt.Errorf("%s: %w (after %d attempts: %v)", call.Where, errWindow, attempt-1, last)
			}
			// An attempt still running at the deadline is abandoned.
			actx, cancel = context.WithTimeout(ctx, left)
		}
		retryAfter, err := c.attempt(actx, call)
		cancel()
		if err == nil {
			return nil
		}
		last = err
		var final *finalError
		if errors.As(err, &final) {
			return final.err
		}
		if ctx.Err() != nil || attempt >= p.Attempts {
			return last
		}
		wait := retryAfter
		if wait < 0 {
			wait = backoff
			backoff *= 2
		}
		wait = min(wait, p.MaxWait)
		if !p.Deadline.IsZero() && !c.clock.Now().Add(wait).Before(p.Deadline) {
			return fmt.Errorf("%s: %w (a retry after %s; %d attempts: %v)", call.Where, errWindow, wait, attempt, last)
		}
		if err := c.clock.Sleep(ctx, wait); err != nil {
			return last
		}
	}
}

// finalError is a refusal not worth retrying.
type finalError struct{ err error }

func (e *finalError) Error() string { return e.err.Error() }

// attempt sends the call once. A 429 or 5xx, or a failed connection, is
// an error to retry (retryAfter is Discord's Retry-After, or -1); any
// other refusal is a *finalError.
func (c *Client) attempt(ctx context.Context, call Call) (retryAfter time.Duration, err error) {
	hreq, err := http.NewRequestWithContext(ctx, call.Method, c.base+"/api/v"+discordgo.APIVersion+call.Path, bytes.NewReader(call.Body))
	if err != nil {
		return -1, &finalError{fmt.Errorf("%s: cannot build the request", call.Where)}
	}
	if call.ContentType != "" {
		hreq.Header.Set("Content-Type", call.ContentType)
	}
	if call.Authorization != "" {
		hreq.Header.Set("Authorization", call.Authorization)
	}
	hreq.Header.Set("User-Agent", c.userAgent)
	resp, err := c.client.Do(hreq)
	if err != nil {
		// The URL (with the token) is in err; keep only the cause.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return -1, fmt.Errorf("%s: %w", call.Where, err)
	}
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	_ = resp.Body.Close()
	if resp.StatusCode < 300 {
		if call.Out != nil && len(bytes.TrimSpace(answer)) > 0 {
			if err := json.Unmarshal(answer, call.Out); err != nil {
				return -1, &finalError{fmt.Errorf("%s: Discord's answer is not JSON: %v", call.Where, err)}
			}
		}
		return -1, nil
	}
	err = &RefusedError{Where: call.Where, Status: resp.Status, StatusCode: resp.StatusCode, Body: answer}
	if resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode < 500 {
		return -1, &finalError{err}
	}
	retryAfter = -1
	if s, perr := strconv.ParseFloat(resp.Header.Get("Retry-After"), 64); perr == nil && s >= 0 && s < 1e6 {
		retryAfter = time.Duration(s * float64(time.Second))
	}
	return retryAfter, err
}
