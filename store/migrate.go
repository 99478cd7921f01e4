package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"
)

// migrations are the schema's versions, one directory per engine, one
// file per version: NNNN_what.sql, applied in order, each once.
//
//go:embed migrations
var migrations embed.FS

// migration is one version of the schema.
type migration struct {
	version int
	name    string
	sql     string
}

// migrationsOf returns an engine's migrations in order.
func migrationsOf(engine string) ([]migration, error) {
	dir := path.Join("migrations", engine)
	entries, err := fs.ReadDir(migrations, dir)
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, e := range entries {
		prefix, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(prefix)
		if !ok || err != nil || !strings.HasSuffix(e.Name(), ".sql") {
			return nil, fmt.Errorf("migration %s: want NNNN_what.sql", e.Name())
		}
		b, err := fs.ReadFile(migrations, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: e.Name(), sql: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	return out, nil
}

// migrate applies, on conn, the migrations the database lacks, each in
// its own transaction with its row in schema_migrations. The caller keeps
// other replicas out (an advisory lock on PostgreSQL; SQLite's write lock).
func migrate(ctx context.Context, conn *sql.Conn, engine string, q func(string) string) error {
	ms, err := migrationsOf(engine)
	if err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT NOT NULL PRIMARY KEY, applied BIGINT NOT NULL)`); err != nil {
		return err
	}
	applied := map[int]bool{}
	rows, err := conn.QueryContext(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			rows.Close()
			return err
		}
		applied[v] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	latest := 0
	for _, m := range ms {
		latest = max(latest, m.version)
	}
	for v := range applied {
		if v > latest {
			return fmt.Errorf("the database's schema is version %d, newer than this build's %d: run the newer build", v, latest)
		}
	}
	for _, m := range ms {
		if applied[m.version] {
			continue
		}
		tx, err := conn.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		// Again under the transaction's lock: another process may have
		// applied it meanwhile (SQLite files have no advisory lock).
		var n int
		if err := tx.QueryRowContext(ctx, q(`SELECT COUNT(*) FROM schema_migrations WHERE version = ?`), m.version).Scan(&n); err != nil {
			tx.Rollback()
			return err
		}
		if n > 0 {
			tx.Rollback()
			continue
		}
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
		if _, err := tx.ExecContext(ctx, q(`INSERT INTO schema_migrations (version, applied) VALUES (?, ?)`), m.version, time.Now().Unix()); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
	}
	return nil
}
