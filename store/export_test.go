package store

import (
	"context"
	"fmt"
	"strings"
)

// BulkLoad writes n games for the benchmarks, far faster than Record:
// many games per statement and per transaction, then seat_sums computed
// from the seats in one pass (TestBulkLoadMatchesRecord checks that it
// keeps what Record keeps). The store must be empty.
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
			gsb.WriteString(`INSERT INTO games (id, kind, guild, channel, rules, seed, chosen, started, ended, decisions) VALUES `)
			ssb.WriteString(`INSERT INTO seats (game_id, seat, user_id, name, alea, score, lost, luck, decisions, winner, hints, played_for, guild, kind, rules, chosen, ended) VALUES `)
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
				gsb.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
				gargs = append(gargs, g.ID, g.Kind, g.Guild, g.Channel, g.Rules, int64(g.Seed), b2i(g.Chosen), micros(g.Started), micros(g.Ended), dec)
				for j, st := range g.Seats {
					if len(sargs) > 0 {
						ssb.WriteString(", ")
					}
					ssb.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
					var user any
					if st.User != "" {
						user = st.User
					}
					sargs = append(sargs, g.ID, j, user, st.Name, b2i(st.Alea), st.Score, st.Lost, st.Luck, st.Decisions,
						b2i(st.Winner), b2i(st.Hints), st.PlayedFor, g.Guild, g.Kind, g.Rules, b2i(g.Chosen), micros(g.Ended))
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
		if _, err := s.db.ExecContext(ctx, fmt.Sprintf(`INSERT INTO seat_sums (guild, kind, rules, level, bucket, user_id, games, wins, score, best, worst, lost, decisions, luck)
			SELECT guild, kind, rules, %d, %s, user_id, COUNT(*), SUM(winner), SUM(score), MAX(score), MIN(score), SUM(lost), SUM(decisions), SUM(luck)
			FROM seats WHERE user_id IS NOT NULL AND chosen = 0 GROUP BY guild, kind, rules, %s user_id`, level, bucket, strings.TrimSuffix(bucket+", ", "0, "))); err != nil {
			return err
		}
	}
	_, err := s.db.ExecContext(ctx, `ANALYZE`)
	return err
}
