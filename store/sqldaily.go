package store

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"strings"
)

// centi is an expected-point loss in hundredths, as the daily boards keep
// it (exact sums and comparisons).
func centi(x float64) int64 { return int64(math.Round(100 * x)) }

// ClaimDaily implements Dailies: the key (user, rules, day) admits one
// attempt, whichever replica starts it first.
func (s *sqlStore) ClaimDaily(ctx context.Context, a DailyAttempt) (DailyAttempt, bool, error) {
	a.Started = a.Started.UTC()
	a.Done, a.Guild, a.Score, a.Lost, a.Decisions = false, "", 0, 0, 0
	res, err := s.db.ExecContext(ctx, s.q(`INSERT INTO daily_attempts (user_id, rules, day, game_id, started, done, guild, score, lost, decisions)
		VALUES (?, ?, ?, ?, ?, 0, '', 0, 0, 0) ON CONFLICT (user_id, rules, day) DO NOTHING`),
		a.User, a.Rules, a.Day, a.Game, micros(a.Started))
	if err != nil {
		return DailyAttempt{}, false, s.wrap("claim daily", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return DailyAttempt{}, false, s.wrap("claim daily", err)
	} else if n == 1 {
		return a, true, nil
	}
	rows, err := s.attempts(ctx, `user_id = ? AND rules = ? AND day = ?`, a.User, a.Rules, a.Day)
	if err != nil {
		return DailyAttempt{}, false, s.wrap("claim daily", err)
	}
	if len(rows) != 1 {
		return DailyAttempt{}, false, s.wrap("claim daily", errors.New("the attempt kept before is gone"))
	}
	return rows[0], false, nil
}

// recordDaily fills in the official attempt whose game g is, within
// Record's transaction: its result is g's first seat's, when that seat is
// the attempt's player; and adds it to the player's week, in its server
// and everywhere.
func (s *sqlStore) recordDaily(ctx context.Context, tx *sql.Tx, g Game) error {
	st := g.Seats[0]
	if st.User == "" {
		return nil
	}
	lost, done := centi(st.Lost), doneRanked
	if st.Assisted > 0 {
		done = doneAssisted
	}
	var day int
	err := tx.QueryRowContext(ctx, s.q(`UPDATE daily_attempts SET done = ?, guild = ?, score = ?, lost = ?, decisions = ?
		WHERE game_id = ? AND user_id = ? AND rules = ? AND done = 0 RETURNING day`), done, g.Guild, st.Score, lost, st.Decisions, g.ID, st.User, g.Rules).Scan(&day)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // not an official attempt
	}
	if err != nil || done == doneAssisted {
		return err // an assisted result is on no board, nor in the week's sums
	}
	week := Monday(day)
	_, err = tx.ExecContext(ctx, s.q(`INSERT INTO daily_weeks (rules, week, scope, user_id, n, score, lost, mean_lost, mean_score)
		VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?), (?, ?, ?, ?, 1, ?, ?, ?, ?)
		ON CONFLICT (rules, week, scope, user_id) DO UPDATE SET n = daily_weeks.n + 1,
			score = daily_weeks.score + excluded.score, lost = daily_weeks.lost + excluded.lost,
			mean_lost = CAST(daily_weeks.lost + excluded.lost AS DOUBLE PRECISION) / (daily_weeks.n + 1),
			mean_score = CAST(daily_weeks.score + excluded.score AS DOUBLE PRECISION) / (daily_weeks.n + 1)`),
		g.Rules, week, g.Guild, st.User, st.Score, lost, float64(lost), float64(st.Score),
		g.Rules, week, everywhere, st.User, st.Score, lost, float64(lost), float64(st.Score))
	return err
}

// The values of daily_attempts.done: started, its result ranked, its
// result kept but not ranked (assisted).
const (
	doneNot      = 0
	doneRanked   = 1
	doneAssisted = 2
)

// everywhere is the scope of daily_weeks' sums of every server and DM.
const everywhere = "*"

// forgetDailyGuild deletes, within ForgetGuild's transaction, the
// results of the daily attempts played in guild: from the weeks summed
// everywhere, from the server's weeks, and from the attempts (which
// stay).
func (s *sqlStore) forgetDailyGuild(ctx context.Context, tx *sql.Tx, guild string) error {
	for _, stmt := range []struct {
		query string
		args  []any
	}{
		{`UPDATE daily_weeks SET n = daily_weeks.n - x.n, score = daily_weeks.score - x.score, lost = daily_weeks.lost - x.lost,
			mean_lost = CASE WHEN daily_weeks.n > x.n THEN CAST(daily_weeks.lost - x.lost AS DOUBLE PRECISION) / (daily_weeks.n - x.n) ELSE 0 END,
			mean_score = CASE WHEN daily_weeks.n > x.n THEN CAST(daily_weeks.score - x.score AS DOUBLE PRECISION) / (daily_weeks.n - x.n) ELSE 0 END
		FROM (SELECT rules, day - (day + 3) % 7 AS week, user_id, COUNT(*) AS n, CAST(SUM(score) AS BIGINT) AS score, CAST(SUM(lost) AS BIGINT) AS lost
			FROM daily_attempts WHERE guild = ? AND done = 1 GROUP BY rules, day - (day + 3) % 7, user_id) AS x
		WHERE daily_weeks.scope = ? AND daily_weeks.rules = x.rules AND daily_weeks.week = x.week AND daily_weeks.user_id = x.user_id`, []any{guild, everywhere}},
		{`DELETE FROM daily_weeks WHERE scope = ? OR n <= 0`, []any{guild}},
		{`UPDATE daily_attempts SET done = 0, guild = '', score = 0, lost = 0, decisions = 0 WHERE guild = ? AND done > 0`, []any{guild}},
	} {
		if _, err := tx.ExecContext(ctx, s.q(stmt.query), stmt.args...); err != nil {
			return err
		}
	}
	return nil
}

// attempts reads the attempts where holds, by day then rule set.
func (s *sqlStore) attempts(ctx context.Context, where string, args ...any) ([]DailyAttempt, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT user_id, rules, day, game_id, started, done, guild, score, lost, decisions
		FROM daily_attempts WHERE `+where+` ORDER BY day, rules`), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []DailyAttempt
	for rows.Next() {
		var a DailyAttempt
		var started, lost int64
		var done int
		if err := rows.Scan(&a.User, &a.Rules, &a.Day, &a.Game, &started, &done, &a.Guild, &a.Score, &lost, &a.Decisions); err != nil {
			return nil, err
		}
		a.Started, a.Done, a.Assisted, a.Lost = fromMicros(started), done != doneNot, done == doneAssisted, float64(lost)/100
		out = append(out, a)
	}
	return out, rows.Err()
}

// DailyBoard implements Dailies: a day's board from the attempts, a
// week's from the weeks' sums, each read in rank order from its index
// (the lines shown), counted, and the asker's rank counted as the lines
// before theirs.
func (s *sqlStore) DailyBoard(ctx context.Context, q DailyBoardQuery) (DailyBoard, error) {
	var r boardSQL
	if q.Week {
		scope := q.Guild
		if q.Everyone {
			scope = everywhere
		}
		r = boardSQL{
			table: `daily_weeks`, where: `rules = ? AND week = ? AND scope = ? AND n >= ?`, args: []any{q.Rules, Monday(q.Day), scope, max(q.MinDailies, 1)},
			cols:   `user_id, n, score, lost, mean_lost, mean_score`,
			order:  `mean_lost, mean_score DESC, n DESC, user_id` + s.d.bytewise,
			before: `(mean_lost < ? OR mean_lost = ? AND (mean_score > ? OR mean_score = ? AND (n > ? OR n = ? AND user_id` + s.d.bytewise + ` < ?)))`,
		}
	} else {
		if q.MinDailies > 1 {
			return DailyBoard{}, nil // a day holds one daily a player
		}
		r = boardSQL{
			table: `daily_attempts`, where: `rules = ? AND day = ? AND done = 1`, args: []any{q.Rules, q.Day},
			cols:   `user_id, 1, score, lost, lost, score`,
			order:  `lost, score DESC, user_id` + s.d.bytewise,
			before: `(lost < ? OR lost = ? AND (score > ? OR score = ? AND (1 > ? OR 1 = ? AND user_id` + s.d.bytewise + ` < ?)))`,
		}
		if !q.Everyone {
			r.where = `guild = ? AND ` + r.where
			r.args = append([]any{q.Guild}, r.args...)
		}
	}
	b, err := s.board(ctx, r, q)
	if err != nil {
		return DailyBoard{}, s.wrap("daily board", err)
	}
	return b, nil
}

// boardSQL is how a board reads its table: the rows of the board (where,
// args), the columns of a line (user, n, score sum, lost sum, and the
// two means its order compares), the rank order, and the condition of a
// line before a given one (its means, n and user, each twice but the
// user).
type boardSQL struct {
	table, where, cols, order, before string
	args                              []any
}

// board reads a board: its lines, its count, and the asker's line.
func (s *sqlStore) board(ctx context.Context, r boardSQL, q DailyBoardQuery) (DailyBoard, error) {
	type line struct {
		DailyLine
		lost, score float64 // the means, as the table compares them
	}
	scan := func(rows interface{ Scan(...any) error }) (line, error) {
		var l line
		var n, score, lost int64
		err := rows.Scan(&l.User, &n, &score, &lost, &l.lost, &l.score)
		l.Dailies, l.Lost, l.Score = int(n), float64(lost)/100/float64(n), float64(score)/float64(n)
		return l, err
	}
	query := `SELECT ` + r.cols + ` FROM ` + r.table + ` WHERE ` + r.where + ` ORDER BY ` + r.order
	args := r.args
	if q.Limit > 0 {
		query += ` LIMIT ?`
		args = append(append([]any(nil), args...), q.Limit)
	}
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return DailyBoard{}, err
	}
	defer rows.Close()
	var b DailyBoard
	users := map[string]bool{}
	for rows.Next() {
		l, err := scan(rows)
		if err != nil {
			return DailyBoard{}, err
		}
		l.Rank = len(b.Lines) + 1
		b.Lines = append(b.Lines, l.DailyLine)
		users[l.User] = true
		if l.User == q.User {
			mine := l.DailyLine
			b.Mine = &mine
		}
	}
	if err := rows.Err(); err != nil {
		return DailyBoard{}, err
	}
	rows.Close()
	if err := s.db.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM `+r.table+` WHERE `+r.where), r.args...).Scan(&b.Players); err != nil {
		return DailyBoard{}, err
	}
	if q.User != "" && b.Mine == nil && len(b.Lines) < b.Players {
		l, err := scan(s.db.QueryRowContext(ctx, s.q(`SELECT `+r.cols+` FROM `+r.table+` WHERE `+r.where+` AND user_id = ?`), append(append([]any(nil), r.args...), q.User)...))
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return DailyBoard{}, err
		default:
			n := int64(l.Dailies)
			err := s.db.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM `+r.table+` WHERE `+r.where+` AND `+r.before),
				append(append([]any(nil), r.args...), l.lost, l.lost, l.score, l.score, n, n, l.User)...).Scan(&l.Rank)
			if err != nil {
				return DailyBoard{}, err
			}
			l.Rank++
			b.Mine = &l.DailyLine
			users[l.User] = true
		}
	}
	names, err := s.dailyNames(ctx, users)
	if err != nil {
		return DailyBoard{}, err
	}
	name := func(l *DailyLine) { l.Public, l.Name = names[l.User].public, names[l.User].name }
	for i := range b.Lines {
		name(&b.Lines[i])
	}
	if b.Mine != nil {
		name(b.Mine)
	}
	return b, nil
}

// dailyName is how the deployment-wide board names a player.
type dailyName struct {
	public bool
	name   string
}

// dailyNames reads the board names of users.
func (s *sqlStore) dailyNames(ctx context.Context, users map[string]bool) (map[string]dailyName, error) {
	out := map[string]dailyName{}
	if len(users) == 0 {
		return out, nil
	}
	var args []any
	for u := range users {
		args = append(args, u)
	}
	in := strings.TrimSuffix(strings.Repeat("?, ", len(args)), ", ")
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT user_id, public, name FROM daily_players WHERE user_id IN (`+in+`)`), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var u, name string
		var public int
		if err := rows.Scan(&u, &public, &name); err != nil {
			return nil, err
		}
		if public != 0 {
			out[u] = dailyName{public: true, name: name}
		}
	}
	return out, rows.Err()
}

// DailyPlayer implements Dailies.
func (s *sqlStore) DailyPlayer(ctx context.Context, user string) (DailyPlayer, error) {
	p := DailyPlayer{User: user}
	var err error
	if p.Attempts, err = s.attempts(ctx, `user_id = ?`, user); err != nil {
		return p, s.wrap("daily player", err)
	}
	names, err := s.dailyNames(ctx, map[string]bool{user: true})
	if err != nil {
		return p, s.wrap("daily player", err)
	}
	p.Public, p.Name = names[user].public, names[user].name
	return p, nil
}

// SetDailyName implements Dailies.
func (s *sqlStore) SetDailyName(ctx context.Context, user, name string, public bool) error {
	if !public {
		name = ""
	}
	_, err := s.db.ExecContext(ctx, s.q(`INSERT INTO daily_players (user_id, public, name) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET public = excluded.public, name = excluded.name`), user, b2i(public), name)
	return s.wrap("set daily name", err)
}
