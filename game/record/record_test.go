package record

import (
	"context"
	"database/sql"
	"path/filepath"
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
