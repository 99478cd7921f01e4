package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

// bigGame is a game whose record needs new pages of the file.
func bigGame(i int) store.Game {
	g := storetest.NewGenerator(uint64(40 + i)).Game()
	g.ID = fmt.Sprintf("big-%d", i)
	for range 300 {
		g.Decisions = append(g.Decisions, store.Decision{Seat: 0, Turn: 1, Roll: 1, Dice: "12345", Chosen: "12", Best: "5", Loss: 1})
	}
	return g
}

// The store's errors are told apart as SQLite gives them: a full
// database (its page limit reached), a read-only one, a damaged file.
func TestSQLiteFailures(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "alea.db")
	s, err := store.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Record(ctx, bigGame(0)); err != nil {
		t.Fatal(err)
	}
	s.Close()

	t.Run("full", func(t *testing.T) {
		db, err := sql.Open("sqlite", "file:"+path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var pages int
		if err := db.QueryRow(`PRAGMA page_count`).Scan(&pages); err != nil {
			t.Fatal(err)
		}
		db.Close()
		full, err := store.Open(ctx, fmt.Sprintf("sqlite:%s?_pragma=max_page_count(%d)", path, pages))
		if err != nil {
			t.Fatal(err)
		}
		defer full.Close()
		_, err = full.Record(ctx, bigGame(1))
		if f := store.FailureOf(err); f != store.FailureFull {
			t.Fatalf("Record on a full database: %v, failure %d; want full", err, f)
		}
	})
	t.Run("read-only", func(t *testing.T) {
		db, err := sql.Open("sqlite", "file:"+path+"?_pragma=query_only(1)")
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		_, err = db.Exec(`INSERT INTO guild_settings (guild, recording) VALUES ('x', 1)`)
		if f := store.FailureOf(err); f != store.FailureReadOnly {
			t.Fatalf("a write to a read-only database: %v, failure %d; want read-only", err, f)
		}
	})
	t.Run("damaged", func(t *testing.T) {
		s, err := store.Open(ctx, "sqlite:"+path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		// Every page but the first overwritten under the open store.
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		junk := []byte(strings.Repeat("\xde\xad\xbe\xef", len(b)/4))
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteAt(junk[4096:], 4096); err != nil {
			t.Fatal(err)
		}
		f.Close()
		_, err = s.Record(ctx, bigGame(2))
		if f := store.FailureOf(err); f != store.FailureCorrupt {
			t.Fatalf("Record on a damaged file: %v, failure %d; want damaged", err, f)
		}
	})
}
