package storetest

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/alea-bot/alea/store"
)

// SQLite opens a store in a new SQLite file of the test's temporary
// directory (the real backend, as Alea runs it by default), closed when
// the test ends.
func SQLite(t testing.TB) store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "alea.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
