package bot

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/alea-bot/alea/commands"
)

// noticeRecorder is an Exchange that records what it was asked to send.
type noticeRecorder struct {
	mu       sync.Mutex
	deferred int
	sent     []*commands.Reply
}

func (r *noticeRecorder) Defer(context.Context, *commands.Request) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.deferred++
	return nil
}

func (r *noticeRecorder) Send(_ context.Context, _ *commands.Request, reply *commands.Reply, deferred bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !deferred {
		return errors.New("the notice must edit an acknowledged interaction")
	}
	r.sent = append(r.sent, reply)
	return nil
}

func (r *noticeRecorder) replies() []*commands.Reply {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*commands.Reply(nil), r.sent...)
}

// Notify tells exactly the interactions acknowledged and unanswered, in
// their language (a command by editing its "thinking…", a button by a
// private follow-up); their late replies are not sent; one acknowledged
// after Notify is told at once; one answered in time is left alone.
func TestAcknowledgedNotify(t *testing.T) {
	ctx := context.Background()
	a := NewAcknowledged()
	ko := &commands.Request{Kind: commands.KindCommand, Locale: commands.Korean}
	ja := &commands.Request{Kind: commands.KindComponent, Locale: commands.Japanese}
	en := &commands.Request{Kind: commands.KindCommand, Locale: commands.English}
	var thinkingKo, thinkingJa, answered, fresh, late noticeRecorder
	xKo, xJa, xAnswered, xLate := a.Track(&thinkingKo), a.Track(&thinkingJa), a.Track(&answered), a.Track(&late)
	_ = a.Track(&fresh) // never acknowledged
	for _, p := range []struct {
		x   Exchange
		req *commands.Request
	}{{xKo, ko}, {xJa, ja}, {xAnswered, en}} {
		if err := p.x.Defer(ctx, p.req); err != nil {
			t.Fatal(err)
		}
	}
	if err := xAnswered.Send(ctx, en, &commands.Reply{Content: "42"}, true); err != nil {
		t.Fatal(err)
	}
	if n := a.Pending(); n != 2 {
		t.Fatalf("%d pending, want 2", n)
	}
	sent, err := a.Notify(ctx)
	if sent != 2 || err != nil {
		t.Fatalf("Notify: %d sent (%v), want 2", sent, err)
	}
	if r := thinkingKo.replies(); len(r) != 1 || r[0].Content != msgRestarting.Ko || r[0].Ephemeral {
		t.Errorf("the Korean command got %+v, want the Korean notice as an edit", r)
	}
	if r := thinkingJa.replies(); len(r) != 1 || r[0].Content != msgRestarting.Ja || !r[0].Ephemeral {
		t.Errorf("the Japanese button got %+v, want the Japanese notice, privately", r)
	}
	if r := answered.replies(); len(r) != 1 || r[0].Content != "42" {
		t.Errorf("the answered interaction got %+v", r)
	}
	if err := xKo.Send(ctx, ko, &commands.Reply{Content: "too late"}, true); !errors.Is(err, ErrSuperseded) || len(thinkingKo.replies()) != 1 {
		t.Errorf("a reply after the notice: %v, %d sent", err, len(thinkingKo.replies()))
	}
	if err := xLate.Defer(ctx, en); err != nil {
		t.Fatal(err)
	}
	if r := late.replies(); len(r) != 1 || r[0].Content != msgRestarting.En {
		t.Errorf("acknowledged after Notify: %+v, want the notice at once", r)
	}
	if r := fresh.replies(); len(r) != 0 || fresh.deferred != 0 {
		t.Errorf("never acknowledged, yet %+v", r)
	}
	if (*Acknowledged)(nil).Track(&fresh) != Exchange(&fresh) {
		t.Error("a nil tracker must return the exchange itself")
	}
}
