package playground

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/commands"
)

// Two interactions with one token can both pass ServeHTTP's check before
// either is deferred; the second deferral is then refused, so it cannot
// take over the first one's pending reply, and its reply goes into its
// own POST's response instead.
func TestPlaygroundDeferRefusesATokenAlreadyPending(t *testing.T) {
	d, err := bot.NewDispatcher(commands.NewRegistry(), bot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := New(d, Options{})
	if err != nil {
		t.Fatal(err)
	}
	req := &commands.Request{Kind: commands.KindCommand, Command: "x", Locale: commands.English}
	first := &playgroundExchange{p: p, token: "t", first: make(chan []byte, 1)}
	second := &playgroundExchange{p: p, token: "t", first: make(chan []byte, 1)}
	if err := first.Defer(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	<-first.first
	firstPending := p.pending["t"]
	if err := second.Defer(context.Background(), req); err == nil {
		t.Fatal("a second deferral of a pending token was accepted")
	}
	if p.pending["t"] != firstPending {
		t.Fatal("the second deferral replaced the first one's pending reply")
	}
	if err := second.Send(context.Background(), req, &commands.Reply{Content: "second"}, false); err != nil {
		t.Fatal(err)
	}
	var resp struct {
		Type int `json:"type"`
		Data struct {
			Content string `json:"content"`
		} `json:"data"`
	}
	if err := json.Unmarshal(<-second.first, &resp); err != nil || resp.Type != 4 || resp.Data.Content != "second" {
		t.Fatalf("second reply: %+v %v", resp, err)
	}
	if err := first.Send(context.Background(), req, &commands.Reply{Content: "first"}, true); err != nil {
		t.Fatal(err)
	}
	select {
	case <-firstPending.done:
	default:
		t.Fatal("the first reply did not complete its pending entry")
	}
}
