package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, "sqlite"
)

// sqliteDialect is SQLite's.
var sqliteDialect = dialect{engine: "sqlite", greatest: "MAX", least: "MIN"}

// openSQLite opens (creating it if need be) the SQLite file at spec, a
// path with optional query parameters (e.g. "alea.db?mode=ro").
func openSQLite(ctx context.Context, spec string) (Store, error) {
	file, query, _ := strings.Cut(spec, "?")
	if file == "" {
		return nil, errors.New("store: sqlite: no file named (want sqlite:PATH)")
	}
	fail := func(err error) error {
		return fmt.Errorf("store: sqlite %s: %w", file, err)
	}
	if fi, err := os.Stat(file); err == nil && !fi.Mode().IsRegular() {
		return nil, fail(errors.New("not a regular file"))
	}
	params, err := url.ParseQuery(query)
	if err != nil {
		return nil, fail(err)
	}
	// WAL lets readers read while one writer writes; synchronous=NORMAL
	// is durable in WAL mode but for the last commits before a power cut.
	params.Add("_pragma", "busy_timeout(10000)")
	params.Add("_pragma", "synchronous(NORMAL)")
	// What is deleted (a user forgotten, a server wiped) is overwritten
	// with zeros, not left in free pages: on every connection.
	params.Add("_pragma", "secure_delete(ON)")
	if params.Get("mode") != "ro" {
		params.Add("_pragma", "journal_mode(WAL)")
	}
	params.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+file+"?"+params.Encode())
	if err != nil {
		return nil, fail(err)
	}
	db.SetMaxOpenConns(8)
	db.SetMaxIdleConns(8)
	s := &sqlStore{db: db, d: sqliteDialect}
	s.begin = func(ctx context.Context) (*sql.Tx, error) { return db.BeginTx(ctx, nil) }
	if err := startSQLite(ctx, s); err != nil {
		db.Close()
		return nil, fail(explainSQLite(err))
	}
	if opened, err := os.Stat(file); err == nil {
		s.checkFile = func() error { return sameFile(file, opened) }
	}
	// After a deletion, the write-ahead log's frames still hold the rows
	// as they were: a checkpoint copies the overwritten pages into the
	// file and truncates the log. At best: readers in the middle of a
	// read can keep it from finishing (the next deletion's, or closing,
	// does), and the deletion itself is done.
	s.forgotten = func(ctx context.Context) {
		_, _ = db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
	}
	return s, nil
}

// startSQLite starts s, again while the file is locked by another
// process starting at the same moment: switching a new file to WAL, or
// its first migration, can meet a lock SQLite's busy timeout does not
// wait for. It gives up after about ten seconds, or when ctx ends.
func startSQLite(ctx context.Context, s *sqlStore) error {
	for attempt := 1; ; attempt++ {
		err := s.start(ctx)
		if err == nil || attempt == 40 || !strings.Contains(err.Error(), "SQLITE_BUSY") && !strings.Contains(err.Error(), "database is locked") {
			return err
		}
		t := time.NewTimer(time.Duration(min(attempt, 10)) * 25 * time.Millisecond)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return err
		}
	}
}

// start applies the migrations and checks that the database takes
// writes, so that a read-only file fails at start, not at a game's end.
func (s *sqlStore) start(ctx context.Context) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := migrate(ctx, conn, s.d.engine, s.q); err != nil {
		return err
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	_, err = tx.ExecContext(ctx, s.q(`INSERT INTO schema_migrations (version, applied) VALUES (?, 0)`), -1)
	return err
}

// sameFile reports, for Health, a database file that is no longer the one
// opened: SQLite goes on writing to the file it opened, so games recorded
// after the file was deleted or replaced would be lost.
func sameFile(file string, opened os.FileInfo) error {
	now, err := os.Stat(file)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fileGone(fmt.Sprintf("the database file %s is gone (deleted or moved): games recorded now are lost when Alea stops; put it back, or restart Alea to start a new one", file))
	case err != nil:
		return fmt.Errorf("the database file %s cannot be checked: %w", file, err)
	case !os.SameFile(opened, now):
		return fileGone(fmt.Sprintf("the database file %s was replaced since Alea opened it: Alea still writes to the old one; restart Alea to use the new one", file))
	}
	return nil
}

// fileGone is the error of a database file that is no longer the one
// opened: what is written to it is lost, so it takes no games
// (FailureReadOnly).
type fileGone string

func (e fileGone) Error() string { return string(e) }

// explainSQLite adds what to do to SQLite's terse errors.
func explainSQLite(err error) error {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "not a database"), strings.Contains(msg, "malformed"):
		return fmt.Errorf("the file is not an SQLite database or is damaged (move it away to start afresh): %w", err)
	case strings.Contains(msg, "readonly"), strings.Contains(msg, "read-only"), strings.Contains(msg, "unable to open"):
		return fmt.Errorf("cannot write the file (check its permissions and the directory's; the Docker image keeps it in the /data volume): %w", err)
	}
	return err
}
