package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Failure is what kind of failure a store's error is, for the people told
// about it (a game's final board, the log): each asks for something else
// of the operator.
type Failure int

// The failures FailureOf tells apart.
const (
	// FailureOther is any other error (and no error).
	FailureOther Failure = iota
	// FailureUnavailable: the database did not answer (a timeout, a
	// connection refused or lost, a server shutting down, a file locked).
	FailureUnavailable
	// FailureFull: the disk, or the database's space, is full.
	FailureFull
	// FailureCorrupt: the database is damaged (malformed, not a database).
	FailureCorrupt
	// FailureReadOnly: the database takes no writes (a read-only file or
	// server, a file moved or deleted under the bot).
	FailureReadOnly
)

// FailureOf says what kind of failure err, returned by a Store (or by
// a wait for one), is.
func FailureOf(err error) Failure {
	if err == nil {
		return FailureOther
	}
	var lite *sqlite.Error
	if errors.As(err, &lite) {
		switch lite.Code() & 0xff {
		case sqlite3.SQLITE_FULL:
			return FailureFull
		case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
			return FailureCorrupt
		case sqlite3.SQLITE_READONLY:
			return FailureReadOnly
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_INTERRUPT:
			// locked, or interrupted by the caller giving up on waiting
			return FailureUnavailable
		}
		return FailureOther
	}
	var gone fileGone
	if errors.As(err, &gone) {
		return FailureReadOnly
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch {
		case pe.Code == "53100": // disk_full
			return FailureFull
		case pe.Code == "XX001" || pe.Code == "XX002": // data_corrupted, index_corrupted
			return FailureCorrupt
		case pe.Code == "25006": // read_only_sql_transaction
			return FailureReadOnly
		case len(pe.Code) == 5 && (pe.Code[:2] == "08" || pe.Code[:3] == "57P" || pe.Code == "53300"):
			// connection exceptions, the server shutting down or not
			// taking connections yet, too many connections
			return FailureUnavailable
		}
		return FailureOther
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled), errors.Is(err, driver.ErrBadConn),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.As(err, &ce), errors.As(err, &ne), pgconn.Timeout(err):
		return FailureUnavailable
	}
	return FailureOther
}
