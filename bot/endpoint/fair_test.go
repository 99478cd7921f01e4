package endpoint_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtadvise"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
)

// interactionAs is an APPLICATION_COMMAND interaction of user.
func (f *fixture) interactionAs(user string, data any) []byte {
	n := f.seq.Add(1)
	b, err := json.Marshal(map[string]any{"id": fmt.Sprint(900000 + n), "application_id": testApp, "type": 2,
		"token": fmt.Sprintf("tok%d", n), "version": 1, "locale": "en", "guild_id": "42", "channel_id": "43",
		"member": map[string]any{"user": map[string]any{"id": user, "username": "player"}}, "data": data})
	if err != nil {
		f.t.Fatal(err)
	}
	return b
}

// endGameSheet leaves large_straight, yacht and choice open.
const endGameSheet = `aces:3 twos:6 threes:9 fours:12 fives:15 sixes:18 four_of_a_kind:0 full_house:0 small_straight:15`

// TestHeavyFloodLeavesOthersAnswered is a bounded loopback load test of
// the heavy-work share: one user floods the endpoint with heavy requests
// held by the test, while 30 other users ask /yacht-advise on a built
// table (a lookup, not heavy work) and one more asks for heavy work. The
// others are all answered, none told "busy", while the flooder's work is
// still held; the heavy request of another user takes the free slot
// ahead of the flooder's queue; the flooder's requests beyond their share
// are refused at once.
func TestHeavyFloodLeavesOthersAnswered(t *testing.T) {
	r, err := yacht.Preset(yacht.Yacht)
	if err != nil {
		t.Fatal(err)
	}
	table, err := strategy.BuildEndGame(context.Background(), r, 3)
	if err != nil {
		t.Fatal(err)
	}
	var tables strategy.Tables
	tables.Put(table)
	started := make(chan string, 16)
	release := make(chan struct{})
	flood := &commands.Command{
		Name:        commands.T("flood", "", ""),
		Description: commands.T("heavy work held by the test", "", ""),
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			ctx, done, err := commands.Heavy(ctx)
			if err != nil {
				return nil, err
			}
			defer done()
			started <- req.UserID
			select {
			case <-release:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			return &commands.Reply{Content: "computed"}, nil
		},
		Budget: time.Hour,
	}
	o := bottest.Served() // the production rate limits and cache
	o.Logger = slog.New(slog.DiscardHandler)
	o.Heavy.Slots, o.Heavy.Queue = 2, 8
	o.DeferAfter = time.Hour // held work keeps its HTTP request open
	f := newFixture(t, commands.NewRegistry(yachtadvise.Command(&tables, yachtwords.DiceFaces{}, nil), flood), o)

	type reply struct {
		user    string
		status  int
		content string
		embeds  int
		latency time.Duration
	}
	send := func(user string, data any, out chan<- reply) {
		body := f.interactionAs(user, data)
		t0 := time.Now()
		status, b := f.post(body, f.ts(), "")
		var resp struct{ Data bottest.Message }
		_ = json.Unmarshal(b, &resp)
		rp := reply{user: user, status: status, latency: time.Since(t0), content: resp.Data.Content, embeds: len(resp.Data.Embeds)}
		out <- rp
	}
	await := func(what string, c <-chan reply) reply {
		select {
		case r := <-c:
			return r
		case <-time.After(bottest.Wait):
			t.Fatalf("%s: no answer", what)
			return reply{}
		}
	}

	// The flooder: eight heavy requests at once. One runs, two wait (the
	// share), five are refused at once.
	floodAnswers := make(chan reply, 8)
	for i := 0; i < 8; i++ {
		go send("666", bottest.CommandData("flood"), floodAnswers)
	}
	select {
	case u := <-started:
		if u != "666" {
			t.Fatalf("started %s", u)
		}
	case <-time.After(bottest.Wait):
		t.Fatal("the flooder's work never started")
	}
	for i := 0; i < 5; i++ {
		r := await("flood refusal", floodAnswers)
		if r.status != http.StatusOK || !strings.Contains(r.content, "heavy questions being worked on") {
			t.Fatalf("flood request beyond the share: %d %q", r.status, r.content)
		}
	}

	// Thirty other users, each a /yacht-advise on the built table, all at
	// once, while the flooder's work is held.
	light := make(chan reply, 30)
	advise := bottest.CommandData("yacht-advise",
		map[string]any{"name": "dice", "type": 3, "value": "3 3 5 6 6"},
		map[string]any{"name": "sheet", "type": 3, "value": endGameSheet})
	var wg sync.WaitGroup
	for i := 0; i < 30; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); send(fmt.Sprint(7000+i), advise, light) }()
	}
	wg.Wait()
	close(light)
	var lats []time.Duration
	for r := range light {
		if r.status != http.StatusOK || r.embeds != 1 || strings.Contains(r.content, "busy") {
			t.Errorf("user %s: %d %q with %d embeds, want the advice", r.user, r.status, r.content, r.embeds)
		}
		lats = append(lats, r.latency)
	}
	if len(lats) != 30 {
		t.Fatalf("%d of 30 light requests answered", len(lats))
	}
	sort.Slice(lats, func(i, j int) bool { return lats[i] < lats[j] })
	t.Logf("30 /yacht-advise during the flood (shared machine, not a requirement): p50 %s, max %s", lats[15], lats[29])

	// Another user's heavy work takes the second slot, ahead of the
	// flooder's two waiting requests.
	other := make(chan reply, 1)
	go send("777", bottest.CommandData("flood"), other)
	select {
	case u := <-started:
		if u != "777" {
			t.Fatalf("the free slot went to %s, want the other user", u)
		}
	case <-time.After(bottest.Wait):
		t.Fatal("the other user's heavy work never started")
	}
	select {
	case u := <-started:
		t.Fatalf("work of %s started while the flooder held a turn", u)
	default:
	}

	close(release)
	if r := await("other heavy", other); r.content != "computed" {
		t.Fatalf("other user's heavy request: %d %q", r.status, r.content)
	}
	for i := 0; i < 3; i++ {
		if r := await("flood", floodAnswers); r.content != "computed" {
			t.Fatalf("flood request within the share: %d %q", r.status, r.content)
		}
	}
}
