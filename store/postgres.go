package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// postgresDialect is PostgreSQL's.
var postgresDialect = dialect{engine: "postgres", numbered: true, greatest: "GREATEST", least: "LEAST", bytewise: ` COLLATE "C"`}

// migrationLock is the advisory lock key replicas take around migrating,
// so that several starting at once migrate once.
const migrationLock = 0x616c6561 // "alea"

// connectTimeout bounds connecting when the URL sets no connect_timeout.
const connectTimeout = 10 * time.Second

// openPostgres connects to the PostgreSQL server the URL names.
func openPostgres(ctx context.Context, rawURL string) (Store, error) {
	fail := func(err error) error {
		return fmt.Errorf("store: postgres %s: %w", Redact(rawURL), explainPostgres(err))
	}
	cfg, err := pgx.ParseConfig(rawURL)
	if err != nil {
		// pgx's parse errors may quote the URL; say only what is wrong.
		return nil, fmt.Errorf("store: postgres %s: the URL does not parse", Redact(rawURL))
	}
	if cfg.ConnectTimeout == 0 {
		cfg.ConnectTimeout = connectTimeout
	}
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(16)
	db.SetConnMaxIdleTime(5 * time.Minute)
	s := &sqlStore{db: db, d: postgresDialect}
	s.begin = func(ctx context.Context) (*sql.Tx, error) { return db.BeginTx(ctx, nil) }
	if err := s.startPostgres(ctx); err != nil {
		db.Close()
		return nil, fail(err)
	}
	return s, nil
}

// startPostgres migrates under the advisory lock.
func (s *sqlStore) startPostgres(ctx context.Context) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, migrationLock); err != nil {
		return err
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrationLock)
	return migrate(ctx, conn, s.d.engine, s.q)
}

// explainPostgres adds what to do to the commonest connection errors.
func explainPostgres(err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "28P01", "28000":
			return fmt.Errorf("the server refused the user name or password (check DATABASE_URL): %w", err)
		case "3D000":
			return fmt.Errorf("the database does not exist (create it, or name another in DATABASE_URL): %w", err)
		}
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("the server did not answer in time: %w", err)
	}
	return err
}
