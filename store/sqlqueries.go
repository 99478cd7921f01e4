package store

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
)

// History implements Store.
func (s *sqlStore) History(ctx context.Context, q HistoryQuery) (PlayerHistory, error) {
	var h PlayerHistory
	limit, series := q.Limit, q.Series
	if limit <= 0 {
		limit = DefaultHistoryLimit
	}
	if series <= 0 {
		series = DefaultSeriesLength
	}
	where, args := `user_id = ?`, []any{q.User}
	if q.Guild != "" {
		where += ` AND guild = ?`
		args = append(args, q.Guild)
	}
	// The recent games.
	ids, seatOf, err := s.seatsOf(ctx, `SELECT game_id, seat FROM seats WHERE `+where+` ORDER BY ended DESC, game_id DESC LIMIT ?`, append(args, limit)...)
	if err != nil {
		return h, s.wrap("history", err)
	}
	gs, err := s.games(ctx, ids)
	if err != nil {
		return h, s.wrap("history", err)
	}
	for i, id := range ids {
		if g, ok := gs[id]; ok { // a game deleted in between is left out
			h.Games = append(h.Games, PlayedGame{Game: g, Seat: seatOf[i]})
		}
	}

	// The totals, from the all-time sums.
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT kind, rules, CAST(SUM(games) AS BIGINT), CAST(SUM(contests) AS BIGINT), CAST(SUM(wins) AS BIGINT),
		CAST(SUM(scored) AS BIGINT), CAST(SUM(score) AS BIGINT), MAX(best), MIN(worst), SUM(luck), CAST(SUM(decisions) AS BIGINT), SUM(lost),
		CAST(SUM(assisted) AS BIGINT)
		FROM seat_sums WHERE `+where+` AND level = `+strconv.Itoa(allTime)+` GROUP BY kind, rules ORDER BY kind, rules`), args...)
	if err != nil {
		return h, s.wrap("history", err)
	}
	for rows.Next() {
		var t Totals
		var m sums
		if err := rows.Scan(&t.Kind, &t.Rules, &m.games, &m.contests, &m.wins, &m.scored, &m.score, &m.best, &m.worst, &m.luck,
			&m.decisions, &m.lost, &m.assisted); err != nil {
			rows.Close()
			return h, s.wrap("history", err)
		}
		st := standing("", m)
		t.Games, t.Contests, t.Wins, t.Scored, t.AvgScore = st.Games, st.Contests, st.Wins, st.Scored, st.AvgScore
		t.Decisions, t.Skill, t.Assisted, t.Luck = st.Decisions, st.Skill, st.Assisted, st.Luck
		t.Best = int(m.best.Int64)
		if t.Kind == KindOrbs {
			t.Best = int(m.worst.Int64)
		}
		h.Totals = append(h.Totals, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return h, s.wrap("history", err)
	}

	// The chart series.
	rows, err = s.db.QueryContext(ctx, s.q(`SELECT game_id, ended, kind, rules, score, skill_lost, luck, skill_decisions, contest * winner, scored FROM seats
		WHERE `+where+` AND counted = 1 ORDER BY ended DESC, game_id DESC LIMIT ?`), append(args, series)...)
	if err != nil {
		return h, s.wrap("history", err)
	}
	defer rows.Close()
	for rows.Next() {
		var p Point
		var ended int64
		var winner, scored int
		if err := rows.Scan(&p.GameID, &ended, &p.Kind, &p.Rules, &p.Score, &p.Lost, &p.Luck, &p.Decisions, &winner, &scored); err != nil {
			return h, s.wrap("history", err)
		}
		p.Ended, p.Winner, p.Scored = fromMicros(ended), winner != 0, scored != 0
		h.Series = append(h.Series, p)
	}
	if err := rows.Err(); err != nil {
		return h, s.wrap("history", err)
	}
	for i, j := 0, len(h.Series)-1; i < j; i, j = i+1, j-1 {
		h.Series[i], h.Series[j] = h.Series[j], h.Series[i]
	}
	return h, nil
}

// Export implements Store.
func (s *sqlStore) Export(ctx context.Context, user string) (Export, error) {
	e := Export{User: user}
	ids, seatOf, err := s.seatsOf(ctx, `SELECT game_id, seat FROM seats WHERE user_id = ? ORDER BY ended, game_id, seat`, user)
	if err != nil {
		return e, s.wrap("export", err)
	}
	// In batches, to keep the IN lists short.
	const batch = 200
	for lo := 0; lo < len(ids); lo += batch {
		hi := min(lo+batch, len(ids))
		gs, err := s.games(ctx, ids[lo:hi])
		if err != nil {
			return e, s.wrap("export", err)
		}
		for i := lo; i < hi; i++ {
			g, ok := gs[ids[i]]
			if !ok {
				continue
			}
			e.Games = append(e.Games, PlayedGame{Game: onlyUser(g, seatOf[i]), Seat: seatOf[i]})
		}
	}
	if e.Advice, err = s.AdviceAsked(ctx, AdviceQuery{Users: []string{user}}); err != nil {
		return e, s.wrap("export", err)
	}
	if e.Daily, err = s.DailyPlayer(ctx, user); err != nil {
		return e, s.wrap("export", err)
	}
	return e, nil
}

// onlyUser returns g with the other seats' user ids removed and only the
// decisions of the seat.
func onlyUser(g Game, seat int) Game {
	seats := make([]Seat, len(g.Seats))
	copy(seats, g.Seats)
	for i := range seats {
		if i != seat {
			seats[i].User = ""
		}
	}
	g.Seats = seats
	var ds []Decision
	for _, d := range g.Decisions {
		if d.Seat == seat {
			ds = append(ds, d)
		}
	}
	g.Decisions = ds
	return g
}

// ForgetUser implements Store.
func (s *sqlStore) ForgetUser(ctx context.Context, user string) (Forgotten, error) {
	var f Forgotten
	tx, err := s.begin(ctx)
	if err != nil {
		return f, s.wrap("forget user", err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.q(`UPDATE seats SET user_id = NULL WHERE user_id = ?`), user)
	if err != nil {
		return f, s.wrap("forget user", err)
	}
	n, _ := res.RowsAffected()
	f.Seats = int(n)
	for _, table := range []string{"seat_sums", "daily_attempts", "daily_weeks", "daily_players"} {
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM `+table+` WHERE user_id = ?`), user); err != nil {
			return f, s.wrap("forget user", err)
		}
	}
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM advice WHERE user_id = ?`), user); err != nil {
		return f, s.wrap("forget user", err)
	}
	if err := tx.Commit(); err != nil {
		return f, s.wrap("forget user", err)
	}
	if s.forgotten != nil {
		s.forgotten(ctx)
	}
	return f, nil
}

// ForgetGuild implements Store.
func (s *sqlStore) ForgetGuild(ctx context.Context, guild string) (Forgotten, error) {
	var f Forgotten
	tx, err := s.begin(ctx)
	if err != nil {
		return f, s.wrap("forget server", err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, s.q(`DELETE FROM seats WHERE game_id IN (SELECT id FROM games WHERE guild = ?)`), guild)
	if err != nil {
		return f, s.wrap("forget server", err)
	}
	n, _ := res.RowsAffected()
	f.Seats = int(n)
	if res, err = tx.ExecContext(ctx, s.q(`DELETE FROM games WHERE guild = ?`), guild); err != nil {
		return f, s.wrap("forget server", err)
	}
	n, _ = res.RowsAffected()
	f.Games = int(n)
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM seat_sums WHERE guild = ?`), guild); err != nil {
		return f, s.wrap("forget server", err)
	}
	if err := s.forgetDailyGuild(ctx, tx, guild); err != nil {
		return f, s.wrap("forget server", err)
	}
	if err := tx.Commit(); err != nil {
		return f, s.wrap("forget server", err)
	}
	if s.forgotten != nil {
		s.forgotten(ctx)
	}
	return f, nil
}

// SetRecording implements Store.
func (s *sqlStore) SetRecording(ctx context.Context, guild string, on bool) error {
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO guild_settings (guild, recording) VALUES (?, ?)
		ON CONFLICT (guild) DO UPDATE SET recording = excluded.recording`), guild, b2i(on))
	return s.wrap("set recording", err)
}

// Recording implements Store.
func (s *sqlStore) Recording(ctx context.Context, guild string) (bool, error) {
	var on int
	err := s.db.QueryRowContext(ctx, s.q(`SELECT recording FROM guild_settings WHERE guild = ?`), guild).Scan(&on)
	if errors.Is(err, sql.ErrNoRows) {
		return true, nil
	}
	if err != nil {
		return false, s.wrap("recording", err)
	}
	return on != 0, nil
}

// seatsOf runs query, which selects (game_id, seat) rows, and returns the
// games and the seats in its order.
func (s *sqlStore) seatsOf(ctx context.Context, query string, args ...any) (ids []string, seats []int, err error) {
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var seat int
		if err := rows.Scan(&id, &seat); err != nil {
			return nil, nil, err
		}
		ids, seats = append(ids, id), append(seats, seat)
	}
	return ids, seats, rows.Err()
}
