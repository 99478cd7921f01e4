// Package registration registers Alea's slash commands with Discord over
// REST, authorised by the bot token: one bulk overwrite of the
// application's commands, to one guild or globally. It needs no gateway
// connection, so alea register, a gateway bot and an HTTP-only bot all
// register the same way.
package registration

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/alea-bot/alea/bot/rest"
)

// Options configure [Register]. Zero values take the defaults noted.
type Options struct {
	// Token is the bot token (required; a "Bot " prefix is optional). It
	// is sent to Discord only, never put in an error.
	Token string
	// AppID is the application id; when empty it is asked from Discord
	// (GET /applications/@me, or /oauth2/applications/@me).
	AppID string
	// GuildID, when set, registers to that guild only (visible at once);
	// otherwise the commands are global.
	GuildID string
	// APIBase replaces https://discord.com, paths kept (default
	// rest.DefaultAPIBase).
	APIBase string
	// UserAgent of the calls (required by Discord; default
	// rest.DefaultUserAgent).
	UserAgent string
	// Client sends the calls (default: a client with a 20 s timeout).
	Client *http.Client
	// Backoff is the wait before retrying a 5xx that names no
	// Retry-After, doubled on each retry (default 1 s).
	Backoff time.Duration

	attempts int // tries of each call (default attempts)
}

// Result is what was registered.
type Result struct {
	AppID string
	// Scope is "global" or "guild <id>".
	Scope string
	// Names are the registered commands' names, as Discord returned them.
	Names []string
}

// RefusedError is Discord's refusal of a call: its status and, when
// Discord gave them, its error code and message.
type RefusedError struct {
	Call    string // e.g. "PUT /applications/123/commands"
	Status  int
	Code    int
	Message string
}

// Error names the call, the status and Discord's reason.
func (e *RefusedError) Error() string {
	reason := e.Message
	if reason == "" {
		reason = http.StatusText(e.Status)
	}
	if e.Code != 0 {
		reason += fmt.Sprintf(" (code %d)", e.Code)
	}
	return fmt.Sprintf("Discord refused %s: %d %s", e.Call, e.Status, reason)
}

// attempts is how many times a call is tried when Discord is rate
// limiting or failing (429, 5xx, a failed connection).
const attempts = 3

// maxRetryAfter caps a Retry-After: registration runs at start, which
// should not hang on a long rate limit.
const maxRetryAfter = 10 * time.Second

// Register overwrites the application's commands with defs in one bulk
// overwrite (a renamed or removed command disappears too) and returns
// what Discord registered. The calls go through package rest's client
// and its retries: a 429, a 5xx or a failed connection is retried twice;
// any other refusal is a *RefusedError with Discord's reason.
func Register(ctx context.Context, defs []*discordgo.ApplicationCommand, o Options) (Result, error) {
	if strings.TrimPrefix(strings.TrimSpace(o.Token), "Bot ") == "" {
		return Result{}, errors.New("registering the commands needs the bot token (DISCORD_TOKEN)")
	}
	c, appID, err := o.caller(ctx)
	res := Result{AppID: appID, Scope: "global"}
	if err != nil {
		return res, err
	}
	path := "/applications/" + url.PathEscape(res.AppID) + "/commands"
	if o.GuildID != "" {
		res.Scope = "guild " + o.GuildID
		path = "/applications/" + url.PathEscape(res.AppID) + "/guilds/" + url.PathEscape(o.GuildID) + "/commands"
	}
	body, err := json.Marshal(defs)
	if err != nil {
		return res, err
	}
	var got []struct {
		Name string `json:"name"`
	}
	if err := c.do(ctx, http.MethodPut, path, body, &got); err != nil {
		return res, err
	}
	for _, g := range got {
		res.Names = append(res.Names, g.Name)
	}
	return res, nil
}

// caller sends the registration's REST calls, authorised by the bot
// token, with the retries of policy.
type caller struct {
	rest   *rest.Client
	token  string
	policy rest.RetryPolicy
}

// appID asks Discord for the application the token belongs to.
func (c caller) appID(ctx context.Context) (string, error) {
	var app struct {
		ID string `json:"id"`
	}
	err := c.do(ctx, http.MethodGet, "/applications/@me", nil, &app)
	var re *RefusedError
	if errors.As(err, &re) && re.Status == http.StatusNotFound {
		err = c.do(ctx, http.MethodGet, "/oauth2/applications/@me", nil, &app)
	}
	if err != nil {
		return "", fmt.Errorf("asking Discord for the application id (or set DISCORD_APP_ID): %w", err)
	}
	if app.ID == "" {
		return "", errors.New("no application id in the answer of GET /applications/@me; set DISCORD_APP_ID")
	}
	return app.ID, nil
}

// do sends one call, retrying a 429, a 5xx or a failed connection, and
// decodes a 2xx answer into out. Discord's refusal is a *RefusedError.
func (c caller) do(ctx context.Context, method, path string, body []byte, out any) error {
	call := rest.Call{Method: method, Path: path, Where: method + " " + path, // ids only; the token is in a header
		Authorization: "Bot " + c.token, Body: body, Out: out}
	if body != nil {
		call.ContentType = "application/json"
	}
	err := c.rest.Do(ctx, call, c.policy)
	var refused *rest.RefusedError
	if !errors.As(err, &refused) {
		return err
	}
	re := &RefusedError{Call: call.Where, Status: refused.StatusCode}
	var e struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	if json.Unmarshal(refused.Body, &e) == nil {
		re.Code, re.Message = e.Code, e.Message
	}
	return re
}
