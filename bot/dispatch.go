package bot

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/alea-bot/alea/commands"
)

// Exchange is one transport's side of an interaction. The dispatcher calls
// Defer at most once, when no reply is ready in time ([Answer]), and then
// Send exactly once with the final reply (deferred tells Send whether the
// interaction was acknowledged already, so the reply must edit it).
type Exchange interface {
	Defer(ctx context.Context, req *commands.Request) error
	Send(ctx context.Context, req *commands.Request, reply *commands.Reply, deferred bool) error
}

// Outcome is how an interaction ended.
type Outcome string

// The outcomes of an interaction.
const (
	OK          Outcome = "ok"       // answered
	Rejected    Outcome = "rejected" // the user's input was refused
	Limited     Outcome = "limited"  // rate limited
	Busy        Outcome = "busy"     // heavy-work queue full, or Alea closing
	TimedOut    Outcome = "timeout"  // over the time budget
	Internal    Outcome = "internal" // a bug: panic, error, or a reply over Discord's limits
	Undelivered Outcome = "undelivered"
)

// Options configure a Dispatcher: the middleware the wiring assembles
// around the command handlers, in two groups.
type Options struct {
	// Logger takes the errors of handlers (default: discard).
	Logger *slog.Logger
	// Middleware wraps every interaction before it is routed, the first
	// outermost: what does not depend on the command (answering through
	// the transport, logs and metrics, panic recovery, Discord's limits,
	// refusals while closing, rate limits).
	Middleware []Middleware
	// Routed wraps the handler of the command a request was routed to,
	// the first outermost: what depends on the command ([CommandOf]: the
	// result cache, the heavy-work gate, the time budget).
	Routed []Middleware
}

// Dispatcher routes interactions to the command handlers through the
// middleware of its [Options]. Between the two groups it routes the
// request ([Router.Resolve]); a request that names no command, or whose
// options are wrong, is answered there.
type Dispatcher struct {
	router    *Router
	log       *slog.Logger
	handle    HandlerFunc
	inflight  inflight
	closeOnce sync.Once
	closing   chan struct{}
}

// NewDispatcher builds the router for reg and the chain of o around it.
func NewDispatcher(reg *commands.Registry, o Options) (*Dispatcher, error) {
	r, err := NewRouter(reg)
	if err != nil {
		return nil, err
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	d := &Dispatcher{router: r, log: o.Logger, closing: make(chan struct{})}
	d.handle = Chain(o.Middleware...)(d.route(Chain(o.Routed...)(d.serve)))
	return d, nil
}

// Router returns the dispatcher's router.
func (d *Dispatcher) Router() *Router { return d.router }

// Handle answers one interaction through ex and reports how it ended.
// The reply is sent by the [Answer] middleware; a chain without it has
// the reply sent here, undeferred.
func (d *Dispatcher) Handle(ctx context.Context, req *commands.Request, ex Exchange) Outcome {
	d.inflight.add()
	defer d.inflight.done()
	if req.Locale == "" {
		req.Locale = commands.English
	}
	in := &interaction{id: req.ID, ex: ex, closing: d.closing}
	res := d.handle(context.WithValue(ctx, interactionKey{}, in), req)
	if !in.answered {
		if res.Reply == nil {
			res = internalError(req)
		}
		if err := ex.Send(ctx, req, res.Reply, false); err != nil {
			d.log.Error("reply not delivered", "interaction", LogInput(req.ID), "command", LogInput(req.Command), "about", LogInput(res.Reply.About), "err", err)
			res.Outcome = Undelivered
		}
	}
	return res.Outcome
}

// route resolves the request and runs next with the command it names
// ([CommandOf]); a request naming none, or with wrong options, is
// answered here.
func (d *Dispatcher) route(next HandlerFunc) HandlerFunc {
	return func(ctx context.Context, req *commands.Request) Result {
		cmd, handle, err := d.router.Resolve(req)
		if err != nil {
			return d.failure(req, err, 0)
		}
		interactionOf(ctx).routed = routedTo{cmd: cmd, handle: handle}
		return next(ctx, req)
	}
}

// serve runs the handler of the routed command and words its error.
func (d *Dispatcher) serve(ctx context.Context, req *commands.Request) Result {
	r := interactionOf(ctx).routed
	if r.handle == nil {
		d.log.Error("handler failed", "interaction", LogInput(req.ID), "err", "the request was not routed")
		return internalError(req)
	}
	reply, err := r.handle(ctx, req)
	if err == nil && reply == nil {
		err = errors.New("handler returned no reply")
	}
	if err != nil {
		return d.failure(req, err, budgetOf(r.cmd))
	}
	return Result{Reply: reply, Outcome: OK}
}

// failure words err for the user: a refusal of the heavy-work gate, a
// rejection of the input, the time budget run out; anything else is a
// bug, logged.
func (d *Dispatcher) failure(req *commands.Request, err error, budget time.Duration) Result {
	var ue *commands.UserError
	var no *refusal
	switch {
	case errors.As(err, &no):
		return Result{Reply: errorReply(no.msg.In(req.Locale)), Outcome: no.outcome}
	case errors.As(err, &ue):
		return Result{Reply: errorReply("❌ " + ue.Localize(req.Locale)), Outcome: Rejected}
	case errors.Is(err, context.DeadlineExceeded):
		return Result{Reply: errorReply(msgTimeout.Format(req.Locale, budget)), Outcome: TimedOut}
	}
	d.log.Error("handler failed", "interaction", LogInput(req.ID), "command", LogInput(req.Command), "err", logText(err.Error(), logErrBytes))
	return internalError(req)
}

func commandLabel(req *commands.Request) string {
	if req.Command == "" {
		return "unknown"
	}
	name, _, _ := strings.Cut(req.Command, " ")
	return name
}

func kindName(k commands.Kind) string {
	switch k {
	case commands.KindCommand:
		return "command"
	case commands.KindAutocomplete:
		return "autocomplete"
	case commands.KindComponent:
		return "component"
	case commands.KindModal:
		return "modal"
	}
	return "unknown"
}
