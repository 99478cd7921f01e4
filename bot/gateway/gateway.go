// Package gateway is the gateway transport: a discordgo session that
// answers INTERACTION_CREATE events through the dispatcher, replying by
// REST. The commands are registered by package registration.
package gateway

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/payload"
	"github.com/alea-bot/alea/bot/rest"
	"github.com/alea-bot/alea/commands"
)

// Options configure a [Gateway]. Zero values take the defaults noted.
type Options struct {
	// Token is the bot token (required; a "Bot " prefix is optional). It is
	// sent to Discord only, never logged.
	Token string
	// APIBase replaces https://discord.com in every REST call, the paths
	// (/api/v9/…) kept (default https://discord.com). The gateway's URL
	// comes from that base's GET /api/v9/gateway.
	APIBase string
	// ShardID and ShardCount select this process's shard (default 0 of 1).
	ShardID, ShardCount int
	// Logger (default: discard).
	Logger *slog.Logger
	// UserAgent of the REST calls (default "DiscordBot (https://github.com/alea-bot/alea, dev)").
	UserAgent string
	// Dial, when set, opens every network connection (REST and websocket);
	// tests use it to prove that nothing leaves loopback.
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)
	// Acknowledged, when set, tracks the interactions acknowledged and
	// not yet answered, for the restarting notice at shutdown.
	Acknowledged *bot.Acknowledged
	// Clock paces the IDENTIFYs (default: the wall clock); tests inject
	// one that records the waits.
	Clock Clock
}

// Gateway is the gateway transport: a discordgo session that answers
// INTERACTION_CREATE events through the dispatcher, replying through the interaction's callback and
// webhook. discordgo reconnects and resumes by itself after a dropped
// connection or a RECONNECT; the gateway logs each connect, disconnect and
// resume.
type Gateway struct {
	d    *bot.Dispatcher
	o    Options
	log  *slog.Logger
	rest *rest.Client

	session   *discordgo.Session
	readyCh   chan *discordgo.Ready
	ready     atomic.Bool
	closing   atomic.Bool
	closeOnce sync.Once

	gate         *identifyGate
	stopGate     context.CancelFunc
	fatalOnce    sync.Once
	reconnecting atomic.Bool
	fatalErr     atomic.Pointer[CloseError]
	failedCh     chan error

	mu       sync.Mutex // guards closed and handlers.Add
	closed   bool
	handlers sync.WaitGroup
}

// New returns a gateway answering through d; Open connects it.
func New(d *bot.Dispatcher, o Options) (*Gateway, error) {
	o.Token = strings.TrimPrefix(strings.TrimSpace(o.Token), "Bot ")
	if o.Token == "" {
		return nil, errors.New("gateway: the gateway needs a bot token")
	}
	if o.APIBase == "" {
		o.APIBase = rest.DefaultAPIBase
	}
	o.APIBase = strings.TrimRight(o.APIBase, "/")
	base, err := url.Parse(o.APIBase)
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, fmt.Errorf("gateway: API base %q is not an http(s) URL", o.APIBase)
	}
	if o.ShardCount <= 0 {
		o.ShardCount = 1
	}
	if o.ShardID < 0 || o.ShardID >= o.ShardCount {
		return nil, fmt.Errorf("gateway: shard %d is not below the shard count %d", o.ShardID, o.ShardCount)
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.UserAgent == "" {
		o.UserAgent = rest.DefaultUserAgent
	}
	if o.Clock == nil {
		o.Clock = realClock{}
	}
	transport := http.DefaultTransport.(*http.Transport).Clone()
	// The websocket goes direct (no proxy): its connection is watched
	// for INVALID SESSION and close codes, and paces IDENTIFY (gatedConn).
	dialer := &websocket.Dialer{HandshakeTimeout: 45 * time.Second}
	dial := o.Dial
	if o.Dial != nil {
		transport.DialContext = o.Dial
	} else {
		dial = (&net.Dialer{Timeout: 30 * time.Second}).DialContext
	}
	client := &http.Client{Timeout: 20 * time.Second, Transport: &apiBaseTransport{base: base, next: transport}}

	s, err := discordgo.New("Bot " + o.Token)
	if err != nil {
		return nil, fmt.Errorf("gateway: %s", redact(err.Error(), o.Token))
	}
	s.Client = client
	s.Dialer = dialer
	s.UserAgent = o.UserAgent
	s.ShardID, s.ShardCount = o.ShardID, o.ShardCount
	// Interactions arrive without any intent; none are asked for, so
	// Discord sends no guild, message or presence events.
	s.Identify.Intents = discordgo.IntentsNone
	s.StateEnabled = false
	// The gateway reconnects by itself (reconnect): discordgo's own loop
	// never gives up, even on a close code Discord will not take back.
	s.ShouldReconnectOnError = false
	// discordgo logs its errors (never the token at this level) through
	// the standard log package; its debug level would print IDENTIFY.
	s.LogLevel = discordgo.LogError

	g := &Gateway{d: d, o: o, log: o.Logger.With("transport", "gateway", "shard", o.ShardID),
		session: s, readyCh: make(chan *discordgo.Ready, 1), failedCh: make(chan error, 1)}
	gateCtx, stopGate := context.WithCancel(context.Background())
	g.stopGate = stopGate
	g.gate = &identifyGate{clock: o.Clock, jitter: func(n time.Duration) time.Duration { return rand.N(n) },
		limits: gatewayBotLimits(client, o.APIBase, o.Token, o.UserAgent), log: g.log, ctx: gateCtx, remaining: -1}
	dialer.NetDialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		return g.dialGated(ctx, network, addr, dial, "")
	}
	dialer.NetDialTLSContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, _, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		return g.dialGated(ctx, network, addr, dial, host)
	}
	g.rest = rest.NewClient(o.APIBase, client, o.UserAgent, g.log).WithBotToken(o.Token)
	s.AddHandler(g.onReady)
	s.AddHandler(g.onConnect)
	s.AddHandler(g.onDisconnect)
	s.AddHandler(g.onResumed)
	s.AddHandler(g.onRateLimit)
	s.AddHandler(g.onEvent)
	return g, nil
}

// Open connects to the gateway and waits for READY. It returns an error
// when Discord refuses the token, or when ctx ends first; discordgo's own
// connection attempt, which ignores ctx, is then left to finish in the
// background and closed. The commands are registered over REST, not here
// (package registration).
func (g *Gateway) Open(ctx context.Context) error {
	opened := make(chan error, 1)
	go func() { opened <- g.session.Open() }()
	select {
	case err := <-opened:
		if ce := g.fatalErr.Load(); ce != nil {
			return ce
		}
		if err != nil {
			return fmt.Errorf("connecting to the gateway: %s", g.errText(err))
		}
	case <-ctx.Done():
		go func() {
			if <-opened == nil {
				_ = g.session.Close()
			}
		}()
		return ctx.Err()
	}
	select {
	case <-g.readyCh:
	case <-ctx.Done():
		g.closeSession(ctx)
		return ctx.Err()
	}
	g.ready.Store(true)
	return nil
}

// closeSession closes the discordgo session, waiting until ctx ends at
// most: discordgo's Close waits for the session's lock, which its Open
// holds while it waits for HELLO with no deadline.
func (g *Gateway) closeSession(ctx context.Context) {
	closed := make(chan error, 1)
	go func() { closed <- g.session.Close() }()
	select {
	case err := <-closed:
		if err != nil {
			g.log.Warn("closing the gateway session", "err", g.errText(err))
		}
	case <-ctx.Done():
		g.log.Warn("the gateway session did not close in time; abandoned")
	}
}

// Ready reports, for /readyz, whether Open succeeded (connected), Close
// has not begun and Discord has not closed the session for good (Failed).
// A reconnect in progress leaves it true: discordgo resumes by itself.
func (g *Gateway) Ready() bool {
	return g.ready.Load() && !g.closing.Load() && g.fatalErr.Load() == nil
}

// Failed delivers a *CloseError once Discord closes the session with a
// code after which it cannot go on (4004: the token was refused;
// 4010–4014): the gateway then stops reconnecting, and the bot should
// stop, so that its restart policy and alerts see it.
func (g *Gateway) Failed() <-chan error { return g.failedCh }

// fail records a close code after which the gateway cannot go on.
func (g *Gateway) fail(code int) {
	g.fatalOnce.Do(func() {
		ce := &CloseError{Code: code, Action: fatalCloseCodes[code]}
		g.fatalErr.Store(ce)
		g.log.Error("the gateway cannot go on: "+ce.Action, "close_code", code)
		g.failedCh <- ce
	})
}

// dialGated opens a websocket's connection through dial (TLS when
// serverName is set), watched and paced by the gate (gatedConn). After a
// fatal close code it refuses, so discordgo's reconnects stop reaching
// Discord.
func (g *Gateway) dialGated(ctx context.Context, network, addr string, dial func(context.Context, string, string) (net.Conn, error), serverName string) (net.Conn, error) {
	if ce := g.fatalErr.Load(); ce != nil {
		return nil, ce
	}
	c, err := dial(ctx, network, addr)
	if err != nil {
		return nil, err
	}
	if serverName != "" {
		tc := tls.Client(c, &tls.Config{ServerName: serverName, MinVersion: tls.VersionTLS12})
		if err := tc.HandshakeContext(ctx); err != nil {
			_ = c.Close()
			return nil, err
		}
		c = tc
	}
	return &gatedConn{Conn: c, gate: g.gate, fatal: g.fail}, nil
}

// Close stops taking interactions (the session is closed; replies still
// go out through REST) and waits until those being answered are, or ctx
// ends: it returns by ctx's end whatever discordgo does. The dispatcher's
// own Close finishes its work.
func (g *Gateway) Close(ctx context.Context) error {
	g.closeOnce.Do(func() {
		g.closing.Store(true)
		g.stopGate() // an IDENTIFY waiting at the gate is dropped
		g.closeSession(ctx)
		g.mu.Lock()
		g.closed = true
		g.mu.Unlock()
		// Logged here rather than on discordgo's DISCONNECT event, which
		// runs in a goroutine of its own and may come after the process
		// has said it stopped, or never.
		g.log.Info("gateway closed")
	})
	done := make(chan struct{})
	go func() { g.handlers.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (g *Gateway) onReady(s *discordgo.Session, r *discordgo.Ready) {
	defer g.recoverPanic("READY")
	app := ""
	if r.Application != nil {
		app = r.Application.ID
	}
	g.log.Info("gateway ready", "application", app, "api_version", r.Version)
	select {
	case g.readyCh <- r:
	default:
	}
}

func (g *Gateway) onConnect(s *discordgo.Session, _ *discordgo.Connect) {
	defer g.recoverPanic("CONNECT")
	if g.closing.Load() {
		// discordgo reconnected while the gateway was closing.
		_ = s.Close()
		return
	}
	g.log.Info("gateway connected")
}

func (g *Gateway) onDisconnect(s *discordgo.Session, _ *discordgo.Disconnect) {
	defer g.recoverPanic("DISCONNECT")
	if g.closing.Load() {
		return // Close logs it
	}
	if ce := g.fatalErr.Load(); ce != nil {
		g.log.Error("gateway disconnected for good", "close_code", ce.Code)
		return
	}
	g.log.Warn("gateway disconnected; reconnecting")
	g.reconnect()
}

// reconnect opens the session again (discordgo resumes it) until it
// succeeds, the gateway closes, or Discord closes it for good, waiting
// 1 s, 2 s, 4 s… (at most 10 min) between attempts. One runs at a time.
func (g *Gateway) reconnect() {
	if !g.reconnecting.CompareAndSwap(false, true) {
		return
	}
	defer g.reconnecting.Store(false)
	wait := time.Second
	for !g.closing.Load() && g.fatalErr.Load() == nil {
		err := g.session.Open()
		if err == nil || errors.Is(err, discordgo.ErrWSAlreadyOpen) {
			return
		}
		if g.fatalErr.Load() != nil || g.closing.Load() {
			return
		}
		g.log.Warn("reconnecting to the gateway failed; trying again", "err", g.errText(err), "wait", wait)
		if g.o.Clock.Sleep(g.gate.ctx, wait) != nil {
			return
		}
		wait = min(2*wait, 10*time.Minute)
	}
}

func (g *Gateway) onResumed(s *discordgo.Session, _ *discordgo.Resumed) {
	defer g.recoverPanic("RESUMED")
	g.log.Info("gateway session resumed")
}

func (g *Gateway) onRateLimit(s *discordgo.Session, r *discordgo.RateLimit) {
	defer g.recoverPanic("RATE_LIMIT")
	var after time.Duration
	if r.TooManyRequests != nil {
		after = r.TooManyRequests.RetryAfter
	}
	g.log.Warn("rate limited by Discord", "url", redact(r.URL, g.o.Token), "retry_after", after)
}

// recoverPanic logs a panic of an event handler with its stack; discordgo
// runs handlers in their own goroutines, where a panic would end the
// process.
func (g *Gateway) recoverPanic(event string) {
	if p := recover(); p != nil {
		g.log.Error("panic in a gateway event handler", "event", event, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
	}
}

// onEvent answers each INTERACTION_CREATE, read from the event's raw JSON
// by the one decoder of interactions (payload.DecodeInteraction), not
// from discordgo's decoding: a field discordgo cannot read (a permission
// bit beyond 63) must not cost the interaction.
func (g *Gateway) onEvent(s *discordgo.Session, e *discordgo.Event) {
	if e == nil || e.Type != "INTERACTION_CREATE" {
		return
	}
	g.onInteraction(e.RawData)
}

// onInteraction answers one INTERACTION_CREATE through the dispatcher.
func (g *Gateway) onInteraction(raw []byte) {
	received := time.Now()
	in, err := payload.DecodeInteraction(raw)
	if err != nil {
		g.log.Warn("unreadable interaction; not answered", "err", err)
		return
	}
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		g.log.Warn("interaction arrived after the gateway closed; not answered", "interaction", bot.LogInput(in.ID))
		return
	}
	g.handlers.Add(1)
	g.mu.Unlock()
	defer g.handlers.Done()
	x := &gatewayExchange{g: g, ref: rest.Ref{ID: in.ID, AppID: in.AppID, Token: in.Token, Received: received}}
	defer func() {
		if p := recover(); p != nil {
			g.log.Error("panic in the gateway", "interaction", bot.LogInput(in.ID), "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			x.fail()
		}
	}()
	if in.Type == discordgo.InteractionPing {
		return
	}
	req, err := in.Request()
	if err != nil {
		g.log.Warn("interaction not answered", "interaction", bot.LogInput(in.ID), "type", int(in.Type), "err", err)
		return
	}
	if in.ID == "" || in.AppID == "" || in.Token == "" {
		g.log.Warn("interaction without id, application_id or token; not answered", "interaction", bot.LogInput(in.ID))
		return
	}
	if req.UserID == "" {
		g.log.Warn("interaction without a user; not answered", "interaction", bot.LogInput(in.ID))
		return
	}
	if in.PermissionsUnreadable() {
		g.log.Warn("member permissions are not a decimal string; read as none", "interaction", bot.LogInput(in.ID))
	}
	// The work belongs to the interaction, not to the connection: it
	// finishes even when the session closes meanwhile.
	g.d.Handle(context.Background(), req, g.o.Acknowledged.Track(x))
}

// gatewayExchange answers one gateway interaction: the first response
// through the interaction's callback, later ones through its webhook.
type gatewayExchange struct {
	g         *Gateway
	ref       rest.Ref
	responded atomic.Bool
}

// Defer acknowledges the interaction: "thinking…" for commands and
// modals, a deferred update for components.
func (x *gatewayExchange) Defer(ctx context.Context, req *commands.Request) error {
	b, err := json.Marshal(payload.Deferred(req))
	if err != nil {
		return err
	}
	if err := x.g.rest.Callback(ctx, x.ref, "application/json", b); err != nil {
		return err
	}
	x.responded.Store(true)
	return nil
}

// Send answers through the callback (files included, as multipart) when
// the interaction is not acknowledged yet; otherwise it edits the original
// response or follows up, as the endpoint does. The reply's FollowUp is
// then posted through the webhook (or first, when the reply asks), and
// the messages it makes obsolete are removed.
func (x *gatewayExchange) Send(ctx context.Context, req *commands.Request, reply *commands.Reply, deferred bool) error {
	defer x.g.rest.Remove(ctx, x.ref, req, reply)
	if rest.FollowsUpFirst(req, reply) {
		// The follow-up first: acknowledge the press (a deferred update),
		// post it, then edit the pressed message as its id asks.
		if !x.responded.Load() {
			if err := x.Defer(ctx, req); err != nil {
				return err
			}
		}
		if next := x.g.rest.FollowUpFirst(ctx, x.ref, reply); next != nil {
			return x.g.rest.Deliver(ctx, x.ref, req, next, false)
		}
		return nil
	}
	if !deferred && !x.responded.Load() {
		ctype, body, err := encodeCallback(req, reply)
		if err != nil {
			x.fail()
			return err
		}
		if err := x.g.rest.Callback(ctx, x.ref, ctype, body); err != nil {
			return err
		}
		x.responded.Store(true)
	} else if err := x.g.rest.Deliver(ctx, x.ref, req, reply, false); err != nil {
		return err
	}
	x.g.rest.DeliverFollowUp(ctx, x.ref, reply)
	return nil
}

// fail answers with a bare ephemeral error when nothing was sent yet.
func (x *gatewayExchange) fail() {
	if x.responded.Load() {
		return
	}
	b := payload.Failure()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := x.g.rest.Callback(ctx, x.ref, "application/json", b); err == nil {
		x.responded.Store(true)
	}
}

// encodeCallback is the body of an interaction callback: the JSON of the
// response, or multipart/form-data with payload_json and files[n] when
// the reply carries files.
func encodeCallback(req *commands.Request, reply *commands.Reply) (string, []byte, error) {
	resp := payload.Response(req, reply)
	if resp.Data != nil && len(resp.Data.Files) > 0 {
		return discordgo.MultipartBodyWithJSON(resp, resp.Data.Files)
	}
	b, err := payload.Encode(req, reply)
	return "application/json", b, err
}

// apiBaseTransport sends requests for discord.com to the API base instead,
// scheme and host replaced, path and query kept; others pass unchanged.
type apiBaseTransport struct {
	base *url.URL
	next http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (t *apiBaseTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if h := r.URL.Hostname(); (h == "discord.com" || h == "discordapp.com") && !(t.base.Scheme == r.URL.Scheme && t.base.Host == r.URL.Host) {
		r2 := r.Clone(r.Context())
		r2.URL.Scheme, r2.URL.Host = t.base.Scheme, t.base.Host
		r2.Host = t.base.Host
		return t.next.RoundTrip(r2)
	}
	return t.next.RoundTrip(r)
}

// errText is err's text for logs and errors: discordgo's URLs name
// https://discord.com even when the request went to the API base, so the
// base is named instead, and tokens are removed.
func (g *Gateway) errText(err error) string {
	msg := err.Error()
	if g.o.APIBase != rest.DefaultAPIBase {
		msg = strings.ReplaceAll(msg, "https://discord.com/", g.o.APIBase+"/")
	}
	return redact(msg, g.o.Token)
}

// tokenInPath matches the token segment of interaction and webhook URLs.
var tokenInPath = regexp.MustCompile(`(/(?:webhooks|interactions)/[0-9]+/)[^/?\s"]+`)

// redact removes the bot token and interaction tokens from s (an error
// text or a URL) before it is logged.
func redact(s, token string) string {
	if token != "" {
		s = strings.ReplaceAll(s, token, "[redacted]")
	}
	return tokenInPath.ReplaceAllString(s, "${1}…")
}
