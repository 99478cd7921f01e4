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
}

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
	return &Client{base: strings.TrimRight(base, "/"), client: hc, userAgent: userAgent, log: log}
}

// Ref names an interaction for its REST calls.
type Ref struct {
	ID, AppID, Token string
}

// Callback answers the interaction with its first response, JSON or
// multipart (files).
func (c *Client) Callback(ctx context.Context, ref Ref, ctype string, body []byte) error {
	return c.do(ctx, http.MethodPost,
		"/api/v"+discordgo.APIVersion+"/interactions/"+ref.ID+"/"+ref.Token+"/callback",
		"POST interactions/"+ref.ID+"/…/callback", ctype, body)
}

// Deliver sends a reply to an acknowledged interaction: an edit of the
// original response, or a follow-up message. ackEphemeral tells whether
// the acknowledgement was an ephemeral "thinking…".
func (c *Client) Deliver(ctx context.Context, ref Ref, req *commands.Request, reply *commands.Reply, ackEphemeral bool) error {
	switch {
	case req.Kind == commands.KindComponent && !reply.Update:
		// Acknowledged as a deferred update: a new message is a follow-up.
		return c.followUp(ctx, ref, reply)
	case req.Kind != commands.KindComponent && reply.Ephemeral && !ackEphemeral:
		// The public "thinking…" cannot become ephemeral: remove it and
		// answer privately.
		if err := c.webhook(ctx, http.MethodDelete, ref, "/messages/@original", "", nil); err != nil {
			c.log.Warn("could not remove the deferred response", "interaction", req.ID, "err", err)
		}
		return c.followUp(ctx, ref, reply)
	}
	edit := payload.WebhookEdit(reply)
	ctype, body, err := encodeMessage(edit, edit.Files)
	if err != nil {
		return err
	}
	return c.webhook(ctx, http.MethodPatch, ref, "/messages/@original", ctype, body)
}

func (c *Client) followUp(ctx context.Context, ref Ref, reply *commands.Reply) error {
	d := payload.Message(reply)
	p := &discordgo.WebhookParams{Content: d.Content, Embeds: d.Embeds, Components: d.Components,
		AllowedMentions: d.AllowedMentions, Flags: d.Flags, Files: d.Files}
	if d.Attachments != nil {
		p.Attachments = *d.Attachments
	}
	ctype, body, err := encodeMessage(p, p.Files)
	if err != nil {
		return err
	}
	return c.webhook(ctx, http.MethodPost, ref, "", ctype, body)
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
	return c.do(ctx, method, "/api/v"+discordgo.APIVersion+"/webhooks/"+ref.AppID+"/"+ref.Token+suffix,
		method+" webhooks/"+ref.AppID+"/…"+suffix, ctype, body)
}

// do sends one request to base+path, retrying a 429 or a 5xx twice at most
// (after Retry-After, capped at 5 s). where names the call in errors,
// which never contain the path's token.
func (c *Client) do(ctx context.Context, method, path, where, ctype string, body []byte) error {
	var last error
	for attempt := 0; attempt < 3; attempt++ {
		hreq, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
		if err != nil {
			return fmt.Errorf("%s: cannot build the request", where)
		}
		if ctype != "" {
			hreq.Header.Set("Content-Type", ctype)
		}
		hreq.Header.Set("User-Agent", c.userAgent)
		resp, err := c.client.Do(hreq)
		if err != nil {
			// The URL (with the token) is in err; keep only the cause.
			var ue *url.Error
			if errors.As(err, &ue) {
				err = ue.Err
			}
			last = fmt.Errorf("%s: %w", where, err)
			if ctx.Err() != nil {
				return last
			}
			continue
		}
		snippet, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		_ = resp.Body.Close()
		if resp.StatusCode < 300 {
			return nil
		}
		last = fmt.Errorf("%s: %s: %s", where, resp.Status, strings.TrimSpace(string(snippet)))
		if resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode < 500 {
			return last
		}
		wait := 500 * time.Millisecond
		if s, err := strconv.ParseFloat(resp.Header.Get("Retry-After"), 64); err == nil && s >= 0 {
			wait = min(time.Duration(s*float64(time.Second)), 5*time.Second)
		}
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return last
		}
	}
	return last
}
