package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// MigrateTo opens the database url names (sqlite:PATH or postgres://…)
// as database/sql does, and applies the migrations up to version, so
// that a test can write rows as an older build did.
func MigrateTo(ctx context.Context, url string, version int) (*sql.DB, error) {
	var db *sql.DB
	var err error
	d := sqliteDialect
	if p, ok := strings.CutPrefix(url, "sqlite:"); ok {
		db, err = sql.Open("sqlite", "file:"+p)
	} else {
		db, err = sql.Open("pgx", url)
		d = postgresDialect
	}
	if err != nil {
		return nil, err
	}
	s := &sqlStore{db: db, d: d}
	ms, err := migrationsOf(d.engine)
	if err != nil {
		return nil, err
	}
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT NOT NULL PRIMARY KEY, applied BIGINT NOT NULL)`); err != nil {
		return nil, err
	}
	for _, m := range ms {
		if m.version > version {
			break
		}
		if _, err := db.ExecContext(ctx, m.sql); err != nil {
			return nil, fmt.Errorf("%s: %w", m.name, err)
		}
		if _, err := db.ExecContext(ctx, s.q(`INSERT INTO schema_migrations (version, applied) VALUES (?, 0)`), m.version); err != nil {
			return nil, err
		}
	}
	return db, nil
}

// BulkLoad writes n games for the benchmarks, far faster than Record:
// many games per statement and per transaction, then seat_sums computed
// from the seats in one pass (TestBulkLoadMatchesRecord checks that it
// keeps what Record keeps), and the official attempts of the daily games
// not chosen (their seed is their day), as if each had been claimed (the
// store's rows derived from the games). The store must be empty.
func BulkLoad(ctx context.Context, st Store, n int, game func(i int) Game) error {
	s := st.(*sqlStore)
	const perStatement, perTx = 400, 20000
	for lo := 0; lo < n; lo += perTx {
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		for blo := lo; blo < min(lo+perTx, n); blo += perStatement {
			var gsb, ssb strings.Builder
			gsb.WriteString(`INSERT INTO games (id, kind, guild, channel, rules, seed, chosen, started, ended, decisions, entered, size, puzzle) VALUES `)
			ssb.WriteString(`INSERT INTO seats (game_id, seat, user_id, name, alea, score, lost, luck, decisions, winner, hints, played_for, guild, kind, rules, chosen, ended,
				assisted, assisted_lost, starter, puzzle, counted, contest, scored, skill_decisions, skill_lost, why) VALUES `)
			var gargs, sargs []any
			for i := blo; i < min(blo+perStatement, lo+perTx, n); i++ {
				g := game(i)
				if err := validate(g); err != nil {
					tx.Rollback()
					return err
				}
				dec, _ := encodeDecisions(g.Decisions)
				if len(gargs) > 0 {
					gsb.WriteString(", ")
				}
				if g.Puzzle != "" {
					tx.Rollback()
					return fmt.Errorf("game %s: bulk loading does not count the repeats of a puzzle", g.ID)
				}
				gsb.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
				gargs = append(gargs, g.ID, g.Kind, g.Guild, g.Channel, g.Rules, int64(g.Seed), b2i(g.Chosen), micros(g.Started), micros(g.Ended), dec,
					b2i(g.Entered), g.Size, g.Puzzle)
				counts := Count(g)
				for j, st := range g.Seats {
					if len(sargs) > 0 {
						ssb.WriteString(", ")
					}
					ssb.WriteString("(" + strings.TrimSuffix(strings.Repeat("?, ", 27), ", ") + ")")
					var user any
					if st.User != "" {
						user = st.User
					}
					c := counts[j]
					sargs = append(sargs, g.ID, j, user, st.Name, b2i(st.Alea), st.Score, st.Lost, st.Luck, st.Decisions,
						b2i(st.Winner), b2i(st.Hints), st.PlayedFor, g.Guild, g.Kind, g.Rules, b2i(g.Chosen), micros(g.Ended),
						st.Assisted, st.AssistedLost, b2i(st.Starter), g.Puzzle, b2i(c.Ranked), b2i(c.Win), b2i(c.Score), c.Decisions, c.Lost, int(c.Why))
				}
			}
			if _, err := tx.ExecContext(ctx, s.q(gsb.String()), gargs...); err != nil {
				tx.Rollback()
				return err
			}
			if _, err := tx.ExecContext(ctx, s.q(ssb.String()), sargs...); err != nil {
				tx.Rollback()
				return err
			}
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	for level := range allTime + 1 {
		bucket := "0"
		if level < allTime {
			bucket = fmt.Sprintf("(ended / %d)", dayMicros*bucketDays[level])
		}
		if _, err := s.db.ExecContext(ctx, fmt.Sprintf(`INSERT INTO seat_sums (guild, kind, rules, level, bucket, user_id, games, contests, wins, scored, score,
				best, worst, luck, decisions, lost, assisted)
			SELECT guild, kind, rules, %d, %s, user_id, COUNT(*), SUM(contest), SUM(contest * winner), SUM(scored), SUM(scored * score),
				MAX(CASE WHEN scored = 1 THEN score END), MIN(CASE WHEN scored = 1 THEN score END), SUM(scored * luck),
				SUM(skill_decisions), SUM(skill_lost), SUM(assisted)
			FROM seats WHERE user_id IS NOT NULL AND counted = 1 GROUP BY guild, kind, rules, %s user_id`, level, bucket, strings.TrimSuffix(bucket+", ", "0, "))); err != nil {
			return err
		}
	}
	// The official attempts of the daily games not chosen, as if each had
	// been claimed when it started and recorded when it ended.
	if _, err := s.db.ExecContext(ctx, `INSERT INTO daily_attempts (user_id, rules, day, game_id, started, done, guild, score, lost, decisions)
		SELECT s.user_id, g.rules, g.seed, g.id, g.started, 1, g.guild, s.score, CAST(ROUND(s.lost * 100) AS BIGINT), s.decisions
		FROM games g JOIN seats s ON s.game_id = g.id AND s.seat = 0
		WHERE g.kind = 'daily' AND g.chosen = 0 AND s.user_id IS NOT NULL`); err != nil {
		return err
	}
	for _, scope := range [][2]string{{"guild", "guild, "}, {"'*'", ""}} {
		if _, err := s.db.ExecContext(ctx, `INSERT INTO daily_weeks (rules, week, scope, user_id, n, score, lost, mean_lost, mean_score)
			SELECT rules, day - (day + 3) % 7, `+scope[0]+`, user_id, COUNT(*), SUM(score), SUM(lost),
				CAST(SUM(lost) AS DOUBLE PRECISION) / COUNT(*), CAST(SUM(score) AS DOUBLE PRECISION) / COUNT(*)
			FROM daily_attempts WHERE done = 1 GROUP BY rules, day - (day + 3) % 7, `+scope[1]+`user_id`); err != nil {
			return err
		}
	}
	_, err := s.db.ExecContext(ctx, `ANALYZE`)
	return err
}
