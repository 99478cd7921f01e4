package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/alea-bot/alea/bot/gateway"
)

// Transport is one way interactions (or health checks) reach the bot: Run
// starts it, asks it whether it is ready, and closes it once, with a
// deadline.
type Transport interface {
	// Start begins serving. An error after Start returned (the server
	// stopped by itself) is reported through failed, which ends the bot.
	Start(ctx context.Context, failed func(error)) error
	// Ready reports whether it is serving.
	Ready() bool
	// Close stops it, giving work in flight until ctx ends.
	Close(ctx context.Context) error
}

// httpTransport serves a handler on a listener.
type httpTransport struct {
	name    string
	ln      net.Listener
	srv     *http.Server
	serving atomic.Bool
}

// newHTTPTransport serves h on ln; writeTimeout bounds each response.
func newHTTPTransport(name string, ln net.Listener, h http.Handler, writeTimeout time.Duration, log *slog.Logger) *httpTransport {
	return &httpTransport{name: name, ln: ln, srv: &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout: 10 * time.Second, WriteTimeout: writeTimeout, IdleTimeout: 120 * time.Second,
		MaxHeaderBytes: 16 << 10, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}}
}

// Start serves in a goroutine of its own.
func (t *httpTransport) Start(_ context.Context, failed func(error)) error {
	t.serving.Store(true)
	go func() {
		if err := t.srv.Serve(t.ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			t.serving.Store(false)
			failed(fmt.Errorf("%s: %w", t.name, err))
		}
	}()
	return nil
}

// Ready reports whether the server is serving.
func (t *httpTransport) Ready() bool { return t.serving.Load() }

// Close stops taking requests and waits for those in flight until ctx
// ends.
func (t *httpTransport) Close(ctx context.Context) error {
	t.serving.Store(false)
	return t.srv.Shutdown(ctx)
}

// gatewayTransport connects the gateway in Start, within openTimeout (the
// commands are registered before, over REST).
type gatewayTransport struct {
	gw          *gateway.Gateway
	openTimeout time.Duration
	quiet       func() // stops the library's log messages (nil: none routed)
}

// Start connects, or fails (bad token, Discord unreachable for
// openTimeout). Stopped meanwhile (ctx ended), it is not
// an error: the bot shuts down as usual. Once connected, a close code
// Discord will not take back (a token revoked: 4004) ends the bot
// through failed, so it exits non-zero for its restart policy and alerts.
func (t *gatewayTransport) Start(ctx context.Context, failed func(error)) error {
	octx, cancel := context.WithTimeout(ctx, t.openTimeout)
	defer cancel()
	if err := t.gw.Open(octx); err != nil && ctx.Err() == nil {
		return fmt.Errorf("gateway: %w", err)
	}
	go func() {
		select {
		case err := <-t.gw.Failed():
			failed(fmt.Errorf("gateway: %w", err))
		case <-ctx.Done():
		}
	}()
	return nil
}

// Ready reports whether the gateway is connected.
func (t *gatewayTransport) Ready() bool { return t.gw.Ready() }

// Close closes the session: new interactions stop, those in flight are
// answered through REST until ctx ends. It returns by ctx's end; what
// discordgo says after that is dropped.
func (t *gatewayTransport) Close(ctx context.Context) error {
	err := t.gw.Close(ctx)
	if t.quiet != nil {
		t.quiet()
	}
	return err
}
