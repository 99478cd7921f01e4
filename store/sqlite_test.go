package store_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/store"
	"github.com/alea-bot/alea/store/storetest"
)

func openSQLite(t *testing.T) store.Store { return storetest.SQLite(t) }

func TestSQLiteConformance(t *testing.T) {
	storetest.Run(t, openSQLite)
}

// A vanished SQLite file is noticed: deleted (moved away) while the
// store has it open, Health says the file is gone, though SQLite would
// go on writing to it; put back, the store is healthy again. A file
// replaced by another is said so too.
func TestSQLiteVanishedFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "alea.db")
	s, err := store.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	away := filepath.Join(dir, "moved.db")
	storetest.Outage(t, s, 5*time.Second, "is gone",
		func() {
			if err := os.Rename(path, away); err != nil {
				t.Fatal(err)
			}
		},
		func() {
			if err := os.Rename(away, path); err != nil {
				t.Fatal(err)
			}
		})
	other, err := store.Open(context.Background(), "sqlite:"+away)
	if err != nil {
		t.Fatal(err)
	}
	other.Close()
	storetest.Outage(t, s, 5*time.Second, "was replaced",
		func() {
			if err := os.Rename(path, path+".old"); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(away, path); err != nil {
				t.Fatal(err)
			}
		},
		func() {
			if err := os.Rename(path, away); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(path+".old", path); err != nil {
				t.Fatal(err)
			}
		})
}

func TestSQLiteKeepsGamesAcrossRestarts(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "alea.db")
	s, err := store.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if s.Engine() != "sqlite" {
		t.Fatalf("Engine = %q", s.Engine())
	}
	g := storetest.NewGenerator(11).Game()
	if ok, err := s.Record(ctx, g); !ok || err != nil {
		t.Fatal(ok, err)
	}
	s.Close()
	s, err = store.Open(ctx, "sqlite:"+path) // the migrations are not applied twice
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, ok, err := s.Game(ctx, g.ID); !ok || err != nil {
		t.Fatalf("after reopening: %v, %v", ok, err)
	}
}

func TestSQLiteCorruptFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "alea.db")
	junk := []byte(strings.Repeat("this is not a database\n", 400))
	if err := os.WriteFile(path, junk, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := store.Open(context.Background(), "sqlite:"+path)
	if err == nil {
		s.Close()
		t.Fatal("opened a corrupt file")
	}
	if !strings.Contains(err.Error(), "not an SQLite database") || !strings.Contains(err.Error(), path) {
		t.Fatalf("error %q does not say the file is not a database", err)
	}
}

func TestSQLiteReadOnly(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "alea.db")
	s, err := store.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	check := func(t *testing.T, url string) {
		s, err := store.Open(ctx, url)
		if err == nil {
			s.Close()
			t.Fatal("opened a read-only database for writing")
		}
		if !strings.Contains(err.Error(), "cannot write the file") {
			t.Fatalf("error %q does not say the file cannot be written", err)
		}
	}
	t.Run("mode=ro", func(t *testing.T) { check(t, "sqlite:"+path+"?mode=ro") })
	t.Run("permissions", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("root writes read-only files; mode=ro covers the same error")
		}
		if err := os.Chmod(path, 0o444); err != nil {
			t.Fatal(err)
		}
		os.Remove(path + "-wal")
		os.Remove(path + "-shm")
		if err := os.Chmod(dir, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(dir, 0o755) })
		check(t, "sqlite:"+path)
	})
}

func TestSQLiteNotAFile(t *testing.T) {
	_, err := store.Open(context.Background(), "sqlite:"+t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("opening a directory: %v", err)
	}
}

// Several processes opening a new file at once migrate it once.
func TestSQLiteOpenedAtOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "alea.db")
	const n = 6
	errs := make(chan error, n)
	for range n {
		go func() {
			s, err := store.Open(context.Background(), "sqlite:"+path)
			if err == nil {
				s.Close()
			}
			errs <- err
		}()
	}
	for range n {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

// Forgetting forgets: after ForgetUser, the SQLite file and its
// write-ahead log hold no trace of the user's id, neither in decimal
// text (as the store keeps ids) nor as a 64-bit integer either way
// round; freed pages and the log's old frames are overwritten (SQLite's
// secure_delete, and a checkpoint after forgetting). Checked while the
// store is open, and after it is closed.
func TestSQLiteForgetLeavesNoTrace(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "alea.db")
	s, err := store.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	gen := storetest.NewGenerator(42)
	for i := range gen.Users { // Discord-like ids, none inside another
		gen.Users[i] = strconv.FormatUint(uint64(812345678901234567)+uint64(i)*1_000_003, 10)
	}
	ctx := context.Background()
	for range 300 {
		if _, err := s.Record(ctx, gen.Game()); err != nil {
			t.Fatal(err)
		}
	}
	user := gen.Users[3]
	asked := time.Now().UTC()
	for i := range 20 {
		if err := s.AskAdvice(ctx, store.Advice{User: user, Rules: "yacht", Position: fmt.Sprintf("position %d", i), Asked: asked}); err != nil {
			t.Fatal(err)
		}
	}
	id, _ := strconv.ParseUint(user, 10, 64)
	var be, le [8]byte
	binary.BigEndian.PutUint64(be[:], id)
	binary.LittleEndian.PutUint64(le[:], id)
	traces := func(when string) {
		t.Helper()
		for _, f := range []string{path, path + "-wal"} {
			b, err := os.ReadFile(f)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			for form, needle := range map[string][]byte{"decimal": []byte(user), "big-endian": be[:], "little-endian": le[:]} {
				if n := bytes.Count(b, needle); n > 0 {
					t.Errorf("%s: %s holds the id %d times (%s)", when, filepath.Base(f), n, form)
				}
			}
		}
	}
	if b, _ := os.ReadFile(path); !bytes.Contains(b, []byte(user)) {
		if w, _ := os.ReadFile(path + "-wal"); !bytes.Contains(w, []byte(user)) {
			t.Fatal("the id is not in the files before forgetting: the search finds nothing")
		}
	}
	f, err := s.ForgetUser(ctx, user)
	if err != nil || f.Seats == 0 {
		t.Fatalf("ForgetUser: %+v %v", f, err)
	}
	traces("after forgetting")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	traces("after closing")
}

// A game is not recorded into a vanished SQLite file (the write would
// succeed and be lost when the bot stops): Record refuses it as
// read-only, and records it once the file is back.
func TestSQLiteRecordRefusesAVanishedFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "alea.db")
	s, err := store.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g := storetest.NewGenerator(5).Game()
	if err := os.Rename(path, path+".moved"); err != nil {
		t.Fatal(err)
	}
	_, err = s.Record(context.Background(), g)
	if store.FailureOf(err) != store.FailureReadOnly || !strings.Contains(fmt.Sprint(err), "is gone (deleted or moved)") {
		t.Fatalf("Record into a vanished file: %v (failure %d)", err, store.FailureOf(err))
	}
	if err := os.Rename(path+".moved", path); err != nil {
		t.Fatal(err)
	}
	if inserted, err := s.Record(context.Background(), g); err != nil || !inserted {
		t.Fatalf("Record with the file back: %t %v", inserted, err)
	}
}
