package bot

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/alea-bot/alea/commands"
)

// msgRestarting is the last word of an interaction acknowledged but not
// answered when Alea stops: its "thinking…" becomes this.
var msgRestarting = commands.T(
	"Alea is restarting — please ask again in a moment.",
	"Alea가 다시 시작하는 중이라 답을 드리지 못했습니다. 잠시 뒤에 다시 요청해 주세요.",
	"Alea が再起動中のため、お答えできませんでした。少し後でもう一度お試しください。")

// RestartingReply is the reply an unanswered interaction gets when Alea
// stops: an edit of its "thinking…" for a command or a modal, a private
// follow-up for a button or a menu (whose message is left as it was).
func RestartingReply(req *commands.Request) *commands.Reply {
	return &commands.Reply{Content: msgRestarting.In(req.Locale),
		Ephemeral: req.Kind == commands.KindComponent}
}

// ErrSuperseded is returned by a tracked exchange's Send when the
// interaction was told Alea is restarting before its reply was ready.
var ErrSuperseded = errors.New("the reply came after the interaction was told Alea is restarting")

// Acknowledged tracks the interactions acknowledged ("thinking…") and not
// yet answered, so that a shutdown can tell their users to ask again
// instead of leaving them thinking until Discord gives up. A transport
// wraps each interaction's exchange with Track; Notify sends the notice.
// The zero value is not usable; a nil *Acknowledged tracks nothing.
type Acknowledged struct {
	mu       sync.Mutex
	pending  map[*tracked]*commands.Request
	notified bool // Notify has run: a late acknowledgement is told at once
}

// NewAcknowledged returns an empty tracker.
func NewAcknowledged() *Acknowledged {
	return &Acknowledged{pending: map[*tracked]*commands.Request{}}
}

// Track returns ex, tracked: once its Defer succeeds the interaction is
// pending until its Send. A nil tracker returns ex unchanged.
func (a *Acknowledged) Track(ex Exchange) Exchange {
	if a == nil {
		return ex
	}
	return &tracked{a: a, ex: ex}
}

// Pending reports how many interactions are acknowledged and unanswered.
func (a *Acknowledged) Pending() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.pending)
}

// Notify tells every interaction acknowledged and not answered that Alea
// is restarting (RestartingReply, in its language), in parallel, and
// waits until that is sent or ctx ends. From then on an interaction
// acknowledged late is told at once, and a reply coming after the notice
// is not sent (its Send returns ErrSuperseded). It returns how many
// notices were delivered and the first failure.
func (a *Acknowledged) Notify(ctx context.Context) (int, error) {
	a.mu.Lock()
	a.notified = true
	pending := a.pending
	a.pending = map[*tracked]*commands.Request{}
	for t := range pending {
		t.noticed = true
	}
	a.mu.Unlock()
	type result struct{ err error }
	results := make(chan result, len(pending))
	for t, req := range pending {
		go func() { results <- result{t.notice(ctx, req)} }()
	}
	sent := 0
	var first error
	for range pending {
		select {
		case r := <-results:
			if r.err == nil {
				sent++
			} else if first == nil {
				first = r.err
			}
		case <-ctx.Done():
			if first == nil {
				first = ctx.Err()
			}
			return sent, first
		}
	}
	return sent, first
}

// tracked is an exchange whose acknowledgement is tracked; noticed is
// guarded by a.mu.
type tracked struct {
	a       *Acknowledged
	ex      Exchange
	noticed bool
}

// Defer acknowledges through the exchange and marks the interaction
// pending; after Notify, it is told at once that Alea is restarting.
func (t *tracked) Defer(ctx context.Context, req *commands.Request) error {
	if err := t.ex.Defer(ctx, req); err != nil {
		return err
	}
	t.a.mu.Lock()
	late := t.a.notified
	if late {
		t.noticed = true
	} else {
		t.a.pending[t] = req
	}
	t.a.mu.Unlock()
	if late {
		nctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = t.notice(nctx, req)
	}
	return nil
}

// Send delivers the reply, unless the interaction was told Alea is
// restarting.
func (t *tracked) Send(ctx context.Context, req *commands.Request, reply *commands.Reply, deferred bool) error {
	t.a.mu.Lock()
	noticed := t.noticed
	delete(t.a.pending, t)
	t.a.mu.Unlock()
	if noticed {
		return ErrSuperseded
	}
	return t.ex.Send(ctx, req, reply, deferred)
}

// notice sends the restarting reply as the acknowledged interaction's
// answer.
func (t *tracked) notice(ctx context.Context, req *commands.Request) error {
	return t.ex.Send(ctx, req, RestartingReply(req), true)
}
