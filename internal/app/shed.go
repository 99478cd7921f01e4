package app

import (
	"bytes"
	"container/list"
	"context"
	"io"
	"net"
	"net/http"
	"sync"
)

// shedListener caps the connections a server holds open without
// refusing new ones: at the cap, a new connection closes the one that
// has waited longest without a request being answered on it (still
// sending its headers or body, or idle between requests). Connections
// whose request is being answered are never closed, so slow or idle
// clients — 3,000 connections trickling their headers — cannot keep
// fresh requests out: they are the oldest, and go first. With every held
// connection answering a request, the new one is closed instead.
//
// The server must take its connections' contexts from connContext, its
// ConnState from connState, and its handler wrapped by handler, which
// marks a connection busy once its request's body is read; it is idle
// again once its response is written out.
type shedListener struct {
	net.Listener
	max int

	mu    sync.Mutex
	open  int
	idle  *list.List // of *shedConn not answering a request, oldest first
	shed  int        // connections closed to make room
	onCap func()     // called (without mu) when a connection is shed; tests use it
}

// newShedListener caps ln at max connections.
func newShedListener(ln net.Listener, max int) *shedListener {
	return &shedListener{Listener: ln, max: max, idle: list.New()}
}

// shedConn is one connection of a shedListener.
type shedConn struct {
	net.Conn
	l      *shedListener
	elem   *list.Element // in l.idle while not busy
	closed bool
	once   sync.Once
}

// Accept takes the next connection, making room for it at the cap.
func (l *shedListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		sc := &shedConn{Conn: c, l: l}
		var victim *shedConn
		l.mu.Lock()
		if l.open >= l.max {
			if front := l.idle.Front(); front != nil {
				victim = front.Value.(*shedConn)
				l.idle.Remove(front)
				victim.elem = nil
				l.shed++
			}
		}
		if l.open >= l.max && victim == nil {
			l.mu.Unlock()
			_ = c.Close() // every held connection is answering: no room
			continue
		}
		l.open++
		sc.elem = l.idle.PushBack(sc)
		l.mu.Unlock()
		if victim != nil {
			_ = victim.Close()
			if l.onCap != nil {
				l.onCap()
			}
		}
		return sc, nil
	}
}

// Close closes the connection and gives its place back.
func (c *shedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.l.mu.Lock()
		if c.elem != nil {
			c.l.idle.Remove(c.elem)
			c.elem = nil
		}
		c.closed = true
		c.l.open--
		c.l.mu.Unlock()
	})
	return err
}

// busy takes the connection off the list of those that may be closed,
// while its request is answered; connState puts it back, as the newest,
// once the response is written out.
func (c *shedConn) busy() {
	c.l.mu.Lock()
	defer c.l.mu.Unlock()
	if c.elem != nil {
		c.l.idle.Remove(c.elem)
		c.elem = nil
	}
}

// connState is the http.Server's ConnState: a connection whose response
// is written out (idle, waiting for the next request) may be closed
// again to make room.
func (l *shedListener) connState(c net.Conn, s http.ConnState) {
	sc, ok := c.(*shedConn)
	if !ok || s != http.StateIdle {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !sc.closed && sc.elem == nil {
		sc.elem = l.idle.PushBack(sc)
	}
}

type shedConnKey struct{}

// connContext is the http.Server's ConnContext: it lets the handler find
// its connection.
func (l *shedListener) connContext(ctx context.Context, c net.Conn) context.Context {
	if sc, ok := c.(*shedConn); ok {
		return context.WithValue(ctx, shedConnKey{}, sc)
	}
	return ctx
}

// shedBodyBytes is the most of a body read before the request counts as
// being answered; a larger body is left to the handler's own limit.
const shedBodyBytes = 1 << 20

// handler wraps h: the request's body is read first (a connection
// trickling its body may still be closed to make room), then the
// connection is busy until its response is written out (connState).
func (l *shedListener) handler(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sc, _ := r.Context().Value(shedConnKey{}).(*shedConn)
		if sc == nil {
			h.ServeHTTP(w, r)
			return
		}
		if r.Body != nil && r.Body != http.NoBody {
			var buf bytes.Buffer
			if _, err := io.Copy(&buf, io.LimitReader(r.Body, shedBodyBytes+1)); err != nil {
				return // the client went away, or was closed to make room
			}
			rest := r.Body
			r.Body = struct {
				io.Reader
				io.Closer
			}{io.MultiReader(&buf, rest), rest}
		}
		sc.busy()
		h.ServeHTTP(w, r)
	})
}
