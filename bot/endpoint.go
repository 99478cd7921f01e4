package bot

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/alea-bot/alea/commands"
)

// EndpointOptions configure an [Endpoint]. Zero values take the defaults
// noted.
type EndpointOptions struct {
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
	// Now is the clock the timestamp is checked against (default time.Now).
	Now func() time.Time
	// UserAgent of the REST calls (default "DiscordBot (https://github.com/alea-bot/alea, dev)").
	UserAgent string
}

// Endpoint is Discord's HTTP interactions endpoint: it serves POST
// /interactions. Every request's Ed25519 signature over timestamp and body
// is checked before anything is parsed; PING is answered with PONG, and
// commands, autocomplete, components and modals go through the dispatcher.
// A reply ready in time travels in the HTTP response; a deferred one (and
// any reply with files, which Discord does not take in the HTTP response)
// is acknowledged in the response and then delivered through the
// interaction's webhook, with its application id and token: no bot token
// is needed.
type Endpoint struct {
	d       *Dispatcher
	key     ed25519.PublicKey
	opts    EndpointOptions
	log     *slog.Logger
	rest    *interactionREST
	serving atomic.Bool
}

// NewEndpoint returns an endpoint answering through d.
func NewEndpoint(d *Dispatcher, o EndpointOptions) (*Endpoint, error) {
	if len(o.PublicKey) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("bot: the endpoint needs a %d-byte Ed25519 public key, got %d bytes", ed25519.PublicKeySize, len(o.PublicKey))
	}
	if o.APIBase == "" {
		o.APIBase = "https://discord.com"
	}
	o.APIBase = strings.TrimRight(o.APIBase, "/")
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
	if o.UserAgent == "" {
		o.UserAgent = "DiscordBot (https://github.com/alea-bot/alea, dev)"
	}
	return &Endpoint{d: d, key: o.PublicKey, opts: o, log: o.Logger,
		rest: &interactionREST{base: o.APIBase, client: o.Client, userAgent: o.UserAgent, log: o.Logger}}, nil
}

// ParsePublicKey decodes the hexadecimal public key of the Developer
// Portal (DISCORD_PUBLIC_KEY).
func ParsePublicKey(hexKey string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(strings.TrimSpace(hexKey))
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, errors.New("bot: a public key is 64 hexadecimal digits")
	}
	return ed25519.PublicKey(b), nil
}

// SetServing marks whether the endpoint's server is accepting requests;
// Ready reports it, for /readyz.
func (e *Endpoint) SetServing(on bool) { e.serving.Store(on) }

// Ready reports whether the endpoint is serving.
func (e *Endpoint) Ready() bool { return e.serving.Load() }

// Path is where the endpoint answers.
const Path = "/interactions"

// problem answers a refused request with a short plain-text reason.
func problem(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, msg+"\n")
}

// ServeHTTP answers one interaction.
func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != Path {
		problem(w, http.StatusNotFound, "not found; Discord posts interactions to "+Path)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		problem(w, http.StatusMethodNotAllowed, "only POST")
		return
	}
	sig, err := hex.DecodeString(r.Header.Get("X-Signature-Ed25519"))
	ts := r.Header.Get("X-Signature-Timestamp")
	if err != nil || len(sig) != ed25519.SignatureSize || ts == "" {
		problem(w, http.StatusUnauthorized, "missing or malformed signature")
		return
	}
	body, ok := readBody(w, r, e.opts.MaxBody)
	if !ok {
		return
	}
	if !e.fresh(ts) {
		problem(w, http.StatusUnauthorized, "stale or malformed timestamp")
		return
	}
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	if !ed25519.Verify(e.key, msg, sig) {
		problem(w, http.StatusUnauthorized, "invalid request signature")
		return
	}
	// Signed by Discord from here on.
	var in discordgo.Interaction
	if err := json.Unmarshal(body, &in); err != nil {
		problem(w, http.StatusBadRequest, "malformed interaction")
		return
	}
	if in.Type == discordgo.InteractionPing {
		writeJSON(w, []byte(`{"type":1}`))
		return
	}
	req, err := parseInteraction(&in)
	if err != nil {
		problem(w, http.StatusBadRequest, "unsupported interaction")
		return
	}
	if in.AppID == "" || in.Token == "" {
		problem(w, http.StatusBadRequest, "interaction without application_id or token")
		return
	}
	ex := &httpExchange{e: e, appID: in.AppID, token: in.Token,
		first: make(chan []byte, 1), written: make(chan error, 1), gone: make(chan struct{})}
	handleDetached(r.Context(), e.d, req, ex, ex.fail, e.log, "endpoint")
	select {
	case b := <-ex.first:
		ex.written <- writeJSON(w, b)
	case <-r.Context().Done():
		close(ex.gone)
	}
}

// parseInteraction converts a signed interaction, turning a panic of the
// conversion on an unexpected shape into an error.
func parseInteraction(in *discordgo.Interaction) (req *commands.Request, err error) {
	defer func() {
		if p := recover(); p != nil {
			req, err = nil, fmt.Errorf("bot: unreadable interaction: %v", p)
		}
	}()
	return RequestFromInteraction(in)
}

// fresh reports whether the signed timestamp (Unix seconds) is within
// MaxSkew of the clock, in either direction.
func (e *Endpoint) fresh(ts string) bool {
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return false
	}
	now := e.opts.Now().Unix()
	skew := int64(e.opts.MaxSkew / time.Second)
	return secs >= now-skew && secs <= now+skew
}

func writeJSON(w http.ResponseWriter, b []byte) error {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(http.StatusOK)
	_, err := w.Write(b)
	return err
}

// httpExchange is the endpoint's side of one interaction: the first
// response goes to the waiting HTTP handler, anything later through the
// interaction's webhook.
type httpExchange struct {
	e            *Endpoint
	appID, token string
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

var errClientGone = errors.New("bot: Discord closed the request before the response")

// respond hands b to the HTTP handler and waits until it is written.
func (x *httpExchange) respond(ctx context.Context, b []byte) error {
	if !x.responded.CompareAndSwap(false, true) {
		return errors.New("bot: the interaction was answered already")
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
		x.first <- failureResponse()
	}
}

func (x *httpExchange) ack(ctx context.Context, req *commands.Request, ephemeral bool) error {
	resp := DeferredResponse(req)
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
// the reply through the webhook.
func (x *httpExchange) Send(ctx context.Context, req *commands.Request, reply *commands.Reply, deferred bool) error {
	if !deferred && !x.responded.Load() {
		if len(reply.Files) == 0 || req.Kind == commands.KindAutocomplete || reply.Modal != nil {
			b, err := encodeResponse(req, reply)
			if err != nil {
				x.fail()
				return err
			}
			return x.respond(ctx, b)
		}
		// Discord does not take multipart/form-data as the HTTP response
		// to an interaction (discord/discord-api-docs#5933, #6204): send
		// the files through the webhook after a deferred response.
		if err := x.ack(ctx, req, reply.Ephemeral); err != nil {
			return err
		}
	}
	return x.e.rest.deliver(ctx, interactionRef{appID: x.appID, token: x.token}, req, reply, x.ackEphemeral)
}

// encodeResponse is the JSON of Response(req, reply). An autocomplete
// result always carries its choices array, empty when there are none
// (discordgo's struct would drop an empty one, which Discord refuses).
func encodeResponse(req *commands.Request, reply *commands.Reply) ([]byte, error) {
	resp := Response(req, reply)
	if resp.Type != discordgo.InteractionApplicationCommandAutocompleteResult {
		return json.Marshal(resp)
	}
	choices := []*discordgo.ApplicationCommandOptionChoice{}
	if resp.Data != nil && resp.Data.Choices != nil {
		choices = resp.Data.Choices
	}
	type data struct {
		Choices []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
	}
	return json.Marshal(struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data data                              `json:"data"`
	}{resp.Type, data{choices}})
}
