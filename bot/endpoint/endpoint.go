// Package endpoint is Discord's HTTP interactions endpoint: signed POSTs
// in, answered through the dispatcher, deferred replies delivered by REST.
package endpoint

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/payload"
	"github.com/alea-bot/alea/bot/rest"
	"github.com/alea-bot/alea/commands"
)

// Options configure an [Endpoint]. Zero values take the defaults
// noted.
type Options struct {
	// PublicKey is the application's Ed25519 public key (required).
	PublicKey ed25519.PublicKey
	// APIBase replaces https://discord.com in the REST calls that deliver
	// deferred replies (default https://discord.com).
	APIBase string
	// Client sends those REST calls (default: a client with a 15 s timeout).
	Client *http.Client
	// Logger (default: discard).
	Logger *slog.Logger
	// MaxBody bounds the request body (default 64 KiB).
	MaxBody int64
	// MaxSkew is how far the signed timestamp may be from Now (default 5 min).
	MaxSkew time.Duration
	// Now is the clock the timestamp is checked against, and the ids
	// remembered by (default time.Now).
	Now func() time.Time
	// Remembered bounds the interaction ids remembered to refuse replays
	// (default DefaultRemembered).
	Remembered int
	// UserAgent of the REST calls (default "DiscordBot (https://github.com/alea-bot/alea, dev)").
	UserAgent string
	// BotToken, when set (DISCORD_TOKEN), removes the messages a reply
	// makes obsolete that the interaction's webhook cannot, where Alea is
	// in the server; nothing else is sent with it.
	BotToken string
	// Acknowledged, when set, tracks the interactions acknowledged and
	// not yet answered, for the restarting notice at shutdown.
	Acknowledged *bot.Acknowledged
}

// Endpoint is Discord's HTTP interactions endpoint: it serves POST
// /interactions. Every request's Ed25519 signature over timestamp and body
// is checked before anything is parsed; PING is answered with PONG, and
// commands, autocomplete, components and modals go through the dispatcher.
// An interaction whose id was received already while its signature is
// valid (a replay of a signed request) is refused with 409, as is one
// without a user with 400; each refusal is logged with the interaction id.
// A reply ready in time travels in the HTTP response; a deferred one (and
// any reply with files, which Discord does not take in the HTTP response)
// is acknowledged in the response and then delivered through the
// interaction's webhook, with its application id and token: no bot token
// is needed.
type Endpoint struct {
	d    *bot.Dispatcher
	key  ed25519.PublicKey
	opts Options
	log  *slog.Logger
	rest *rest.Client
	seen *seenIDs
	// verify checks the signature (ed25519.Verify; the benchmark replaces
	// it to time the rest of the request on its own).
	verify func(key ed25519.PublicKey, msg, sig []byte) bool
}

// New returns an endpoint answering through d.
func New(d *bot.Dispatcher, o Options) (*Endpoint, error) {
	if len(o.PublicKey) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("endpoint: the endpoint needs a %d-byte Ed25519 public key, got %d bytes", ed25519.PublicKeySize, len(o.PublicKey))
	}
	if o.Client == nil {
		o.Client = &http.Client{Timeout: 15 * time.Second}
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.MaxBody <= 0 {
		o.MaxBody = 64 << 10
	}
	if o.MaxSkew <= 0 {
		o.MaxSkew = 5 * time.Minute
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Remembered <= 0 {
		o.Remembered = DefaultRemembered
	}
	return &Endpoint{d: d, key: o.PublicKey, opts: o, log: o.Logger, seen: newSeenIDs(o.Remembered),
		rest: rest.NewClient(o.APIBase, o.Client, o.UserAgent, o.Logger).WithBotToken(o.BotToken), verify: ed25519.Verify}, nil
}

// ParsePublicKey decodes the hexadecimal public key of the Developer
// Portal (DISCORD_PUBLIC_KEY).
func ParsePublicKey(hexKey string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(strings.TrimSpace(hexKey))
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, errors.New("endpoint: a public key is 64 hexadecimal digits")
	}
	return ed25519.PublicKey(b), nil
}

// Path is where the endpoint answers.
const Path = "/interactions"

// ServeHTTP answers one interaction.
func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != Path {
		payload.Problem(w, http.StatusNotFound, "not found; Discord posts interactions to "+Path)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		payload.Problem(w, http.StatusMethodNotAllowed, "only POST")
		return
	}
	sig, err := hex.DecodeString(r.Header.Get("X-Signature-Ed25519"))
	ts := r.Header.Get("X-Signature-Timestamp")
	if err != nil || len(sig) != ed25519.SignatureSize || ts == "" {
		payload.Problem(w, http.StatusUnauthorized, "missing or malformed signature")
		return
	}
	body, ok := payload.ReadBody(w, r, e.opts.MaxBody)
	if !ok {
		return
	}
	signed, fresh := e.fresh(ts)
	if !fresh {
		payload.Problem(w, http.StatusUnauthorized, "stale or malformed timestamp")
		return
	}
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	if !e.verify(e.key, msg, sig) {
		payload.Problem(w, http.StatusUnauthorized, "invalid request signature")
		return
	}
	// Signed by Discord from here on.
	in, err := payload.DecodeInteraction(body)
	if err != nil {
		payload.Problem(w, http.StatusBadRequest, "malformed interaction")
		return
	}
	if in.Type == discordgo.InteractionPing {
		payload.WriteJSON(w, []byte(`{"type":1}`))
		return
	}
	req, err := in.Request()
	if err != nil {
		e.log.Warn("interaction refused: unsupported", "interaction", bot.LogInput(in.ID), "err", err)
		payload.Problem(w, http.StatusBadRequest, "unsupported interaction")
		return
	}
	if in.ID == "" || in.AppID == "" || in.Token == "" {
		e.log.Warn("interaction refused: no id, application_id or token", "interaction", bot.LogInput(in.ID))
		payload.Problem(w, http.StatusBadRequest, "interaction without id, application_id or token")
		return
	}
	if req.UserID == "" {
		e.log.Warn("interaction refused: no user", "interaction", bot.LogInput(in.ID))
		payload.Problem(w, http.StatusBadRequest, "interaction without a user")
		return
	}
	// Remembered only once it is to be answered: a refused body refused
	// again costs nothing.
	if !e.seen.first(in.ID, signed.Add(e.opts.MaxSkew), e.opts.Now()) {
		e.log.Warn("interaction refused: its id was received already (a replayed request)", "interaction", bot.LogInput(in.ID))
		payload.Problem(w, http.StatusConflict, "interaction received already")
		return
	}
	if in.PermissionsUnreadable() {
		e.log.Warn("member permissions are not a decimal string; read as none", "interaction", bot.LogInput(in.ID))
	}
	ex := &httpExchange{e: e, id: in.ID, appID: in.AppID, token: in.Token,
		first: make(chan []byte, 1), written: make(chan error, 1), gone: make(chan struct{})}
	e.d.HandleDetached(r.Context(), req, e.opts.Acknowledged.Track(ex), ex.fail, e.log, "endpoint")
	select {
	case b := <-ex.first:
		ex.written <- payload.WriteJSON(w, b)
	case <-r.Context().Done():
		close(ex.gone)
	}
}

// fresh reads the signed timestamp (Unix seconds) and reports whether it
// is within MaxSkew of the clock, in either direction.
func (e *Endpoint) fresh(ts string) (time.Time, bool) {
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	now := e.opts.Now().Unix()
	skew := int64(e.opts.MaxSkew / time.Second)
	return time.Unix(secs, 0), secs >= now-skew && secs <= now+skew
}

// httpExchange is the endpoint's side of one interaction: the first
// response goes to the waiting HTTP handler, anything later through the
// interaction's webhook.
type httpExchange struct {
	e                *Endpoint
	id, appID, token string
	// first carries the HTTP response body to ServeHTTP; written carries
	// back the result of writing it; gone is closed when the client left.
	first   chan []byte
	written chan error
	gone    chan struct{}
	// responded is set once the HTTP response has been handed over;
	// ackEphemeral when that response was an ephemeral "thinking".
	responded    atomic.Bool
	ackEphemeral bool
}

var errClientGone = errors.New("endpoint: Discord closed the request before the response")

// respond hands b to the HTTP handler and waits until it is written.
func (x *httpExchange) respond(ctx context.Context, b []byte) error {
	if !x.responded.CompareAndSwap(false, true) {
		return errors.New("endpoint: the interaction was answered already")
	}
	x.first <- b
	select {
	case err := <-x.written:
		return err
	case <-x.gone:
		return errClientGone
	case <-ctx.Done():
		return ctx.Err()
	}
}

// fail answers with a bare error when the exchange broke before a response.
func (x *httpExchange) fail() {
	if x.responded.CompareAndSwap(false, true) {
		x.first <- payload.Failure()
	}
}

func (x *httpExchange) ack(ctx context.Context, req *commands.Request, ephemeral bool) error {
	resp := payload.Deferred(req)
	if ephemeral && resp.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
		resp.Data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
		x.ackEphemeral = true
	}
	b, err := json.Marshal(resp)
	if err != nil {
		return err
	}
	return x.respond(ctx, b)
}

// Defer acknowledges the interaction in the HTTP response.
func (x *httpExchange) Defer(ctx context.Context, req *commands.Request) error {
	return x.ack(ctx, req, false)
}

// Send answers in the HTTP response when it is still open and the reply
// has no files; otherwise it acknowledges (if not done yet) and delivers
// the reply through the webhook. The reply's FollowUp is then posted
// through the webhook, once the response is written; or first, when the
// reply asks (commands.Reply.AfterFollowUp). The messages the reply
// makes obsolete are removed last.
func (x *httpExchange) Send(ctx context.Context, req *commands.Request, reply *commands.Reply, deferred bool) error {
	defer x.e.rest.Remove(ctx, x.ref(), req, reply)
	if rest.FollowsUpFirst(req, reply) {
		// The follow-up first: acknowledge the press (a deferred update),
		// post it, then edit the pressed message as its id asks.
		if !x.responded.Load() {
			if err := x.ack(ctx, req, false); err != nil {
				return err
			}
		}
		if next := x.e.rest.FollowUpFirst(ctx, x.ref(), reply); next != nil {
			return x.e.rest.Deliver(ctx, x.ref(), req, next, x.ackEphemeral)
		}
		return nil
	}
	if !deferred && !x.responded.Load() {
		if len(reply.Files) == 0 || req.Kind == commands.KindAutocomplete || reply.Modal != nil {
			b, err := payload.Encode(req, reply)
			if err != nil {
				x.fail()
				return err
			}
			if err := x.respond(ctx, b); err != nil {
				return err
			}
			x.e.rest.DeliverFollowUp(ctx, x.ref(), reply)
			return nil
		}
		// Discord does not take multipart/form-data as the HTTP response
		// to an interaction (discord/discord-api-docs#5933, #6204): send
		// the files through the webhook after a deferred response.
		if err := x.ack(ctx, req, reply.Ephemeral); err != nil {
			return err
		}
	}
	if err := x.e.rest.Deliver(ctx, x.ref(), req, reply, x.ackEphemeral); err != nil {
		return err
	}
	x.e.rest.DeliverFollowUp(ctx, x.ref(), reply)
	return nil
}

// ref names the interaction for its webhook.
func (x *httpExchange) ref() rest.Ref { return rest.Ref{ID: x.id, AppID: x.appID, Token: x.token} }
