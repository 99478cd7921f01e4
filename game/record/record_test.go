package record

import (
	"context"
	"database/sql"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/alea-bot/alea/store"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, to lock the file by hand
)

// game is a finished game to record.
func game(id string) store.Game {
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	return store.Game{ID: id, Kind: store.KindOrbs, Rules: "3x3", Started: at, Ended: at,
		Seats: []store.Seat{{User: "1", Score: 4}}}
}

// Record against a real SQLite store: memory off without a Recorder;
// recorded, and recorded again as a no-op; not recorded when the
// database fails (closed), or when it does not answer before the wait
// ends (the file locked by another connection; the wait fired by hand),
// and the game is not stored then.
func TestRecord(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "alea.db")
	st, err := store.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	never := func() <-chan time.Time { return nil }
	if got := (Bounded{Wait: never}).Record(ctx, game("aaaaaaaaaaab")); got != Off {
		t.Errorf("no Recorder: %v", got)
	}
	m := Bounded{Recorder: st, Wait: never}
	for range 2 {
		if got := m.Record(ctx, game("aaaaaaaaaaab")); got != Recorded {
			t.Errorf("recording: %v", got)
		}
	}

	lock, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	conn, err := lock.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, "BEGIN EXCLUSIVE"); err != nil {
		t.Fatal(err)
	}
	fired := make(chan time.Time)
	close(fired)
	if got := (Bounded{Recorder: st, Wait: func() <-chan time.Time { return fired }}).Record(ctx, game("aaaaaaaaaaac")); got != NotRecorded {
		t.Errorf("a locked database: %v", got)
	}
	if _, err := conn.ExecContext(ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	if _, ok, err := st.Game(ctx, "aaaaaaaaaaac"); ok || err != nil {
		t.Errorf("the game cut off by the wait is stored: %v %v", ok, err)
	}

	closed, err := store.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	closed.Close()
	if got := (Bounded{Recorder: closed, Wait: never}).Record(ctx, game("aaaaaaaaaaad")); got != NotRecorded {
		t.Errorf("a closed database: %v", got)
	}
	if got := m.Record(ctx, game("aaaaaaaaaaad")); got != Recorded {
		t.Errorf("the database back: %v", got)
	}
	if g, ok, err := st.Game(ctx, "aaaaaaaaaaad"); !ok || err != nil || g.Seats[0].Score != 4 {
		t.Errorf("stored %+v %v %v", g, ok, err)
	}
}

// A game of a server whose admin turned recording off, and any game of the
// store DATABASE_URL=off opens, is Off (said as such, with nothing to try
// again), never Recorded; another server's game is still recorded, and the
// server's games are recorded again once recording is back on.
func TestRecordingOff(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "alea.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.SetRecording(ctx, "quiet", false); err != nil {
		t.Fatal(err)
	}
	never := func() <-chan time.Time { return nil }
	m := Bounded{Recorder: st, Wait: never}
	quiet, loud := game("aaaaaaaaaaae"), game("aaaaaaaaaaaf")
	quiet.Guild, loud.Guild = "quiet", "loud"
	if got := m.Record(ctx, quiet); got != Off {
		t.Errorf("a server with recording off: %v, want Off", got)
	}
	if _, ok, err := st.Game(ctx, quiet.ID); ok || err != nil {
		t.Errorf("the game of a server with recording off is stored: %v %v", ok, err)
	}
	if got := m.Record(ctx, loud); got != Recorded {
		t.Errorf("another server: %v", got)
	}
	if err := st.SetRecording(ctx, "quiet", true); err != nil {
		t.Fatal(err)
	}
	if got := m.Record(ctx, quiet); got != Recorded {
		t.Errorf("recording back on: %v", got)
	}
	off, err := store.Open(ctx, store.Off)
	if err != nil {
		t.Fatal(err)
	}
	if got := (Bounded{Recorder: off, Wait: never}).Record(ctx, game("aaaaaaaaaaag")); got != Off {
		t.Errorf("DATABASE_URL=off: %v, want Off", got)
	}
}

// The report says what the store said: a wait that ran out is a
// database that did not answer; a full database (SQLite at its page
// limit) is full; a game recorded before from another board with another
// result differs, and the report carries the stored one; the game as
// completed just before recording is what is stored.
func TestReport(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "alea.db")
	st, err := store.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	never := func() <-chan time.Time { return nil }
	fired := make(chan time.Time)
	close(fired)
	lock, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	conn, err := lock.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, "BEGIN EXCLUSIVE"); err != nil {
		t.Fatal(err)
	}
	r := Bounded{Recorder: st, Wait: func() <-chan time.Time { return fired }}.Report(ctx, game("aaaaaaaaaaba"))
	if r.Outcome != NotRecorded || r.Failure != store.FailureUnavailable {
		t.Errorf("a locked database: %+v", r)
	}
	conn.ExecContext(ctx, "ROLLBACK")
	conn.Close()

	// Completed, then recorded; the same result again is no news; another
	// result of the same game differs.
	m := Bounded{Recorder: st, Wait: never, Stored: st, Complete: func(_ context.Context, g store.Game) (store.Game, error) {
		g.Seats[0].Assisted = 2
		return g, nil
	}}
	g := game("aaaaaaaaaabb")
	if r := m.Report(ctx, g); r.Outcome != Recorded || r.Differs || r.Game.Seats[0].Assisted != 2 {
		t.Errorf("recording: %+v", r)
	}
	if stored, _, _ := st.Game(ctx, g.ID); stored.Seats[0].Assisted != 2 {
		t.Errorf("the completed game was not stored: %+v", stored.Seats[0])
	}
	if r := m.Report(ctx, game("aaaaaaaaaabb")); r.Outcome != Recorded || r.Differs {
		t.Errorf("the same result again: %+v", r)
	}
	other := game("aaaaaaaaaabb")
	other.Seats[0].Score = 9
	if r := m.Report(ctx, other); r.Outcome != Recorded || !r.Differs || r.Stored.Seats[0].Score != 4 {
		t.Errorf("another result of a game recorded: %+v", r)
	}
	failing := m
	failing.Complete = func(context.Context, store.Game) (store.Game, error) { return store.Game{}, context.DeadlineExceeded }
	if r := failing.Report(ctx, game("aaaaaaaaaabc")); r.Outcome != NotRecorded || r.Failure != store.FailureUnavailable {
		t.Errorf("a completion that timed out: %+v", r)
	}
	if _, ok, _ := st.Game(ctx, "aaaaaaaaaabc"); ok {
		t.Error("a game whose completion failed was stored")
	}

	// Full: the file may not grow.
	st.Close()
	var pages int
	if err := lock.QueryRow(`PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	full, err := store.Open(ctx, "sqlite:"+path+"?_pragma=max_page_count("+strconv.Itoa(pages)+")")
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	big := game("aaaaaaaaaabd")
	for range 400 {
		big.Decisions = append(big.Decisions, store.Decision{Seat: 0, Turn: 1, Roll: 1, Dice: "12345", Chosen: "1", Best: "5", Loss: 1})
	}
	if r := (Bounded{Recorder: full, Wait: never}).Report(ctx, big); r.Outcome != NotRecorded || r.Failure != store.FailureFull {
		t.Errorf("a full database: %+v", r)
	}
}

// Asker writes the advice asked into the store's log, beside the reply.
func TestAsker(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "alea.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	at := time.Date(2026, 3, 1, 12, 0, 0, 123456789, time.UTC)
	Asker{}.Ask(store.Advice{User: "1", Rules: "yacht", Position: "p"}) // memory off: nothing, no panic
	a := Asker{Log: st, Now: func() time.Time { return at }, Go: func(f func()) { f() }}
	a.Ask(store.Advice{User: "1", Rules: "yacht", Position: "p"})
	a.Ask(store.Advice{Rules: "yacht", Position: "q"}) // nobody: nothing
	got, err := st.AdviceAsked(ctx, store.AdviceQuery{Users: []string{"1", ""}})
	want := []store.Advice{{User: "1", Rules: "yacht", Position: "p", Asked: at.Truncate(time.Microsecond)}}
	if err != nil || len(got) != 1 || got[0] != want[0] {
		t.Fatalf("asked %+v, %v; want %+v", got, err, want)
	}
}
