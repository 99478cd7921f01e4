package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// dialect is what differs between the SQL engines.
type dialect struct {
	engine string
	// numbered is true when placeholders are $1, $2… rather than ?.
	numbered bool
	// greatest and least are the two-argument max and min functions.
	greatest, least string
	// bytewise follows a text column to order it byte by byte, as Go
	// compares strings ("" where that is the default).
	bytewise string
}

// sqlStore is the Store over database/sql that both backends share.
type sqlStore struct {
	db *sql.DB
	d  dialect
	// begin starts a write transaction (SQLite takes its write lock at
	// once, so that concurrent writers wait instead of deadlocking).
	begin func(ctx context.Context) (*sql.Tx, error)
	// closeFn releases what the backend holds besides db.
	closeFn func() error
	// checkFile, when set, reports a database file no longer the one
	// opened (SQLite).
	checkFile func() error
	// forgotten, when set, runs after a user or a server is forgotten
	// (SQLite: a checkpoint that empties the write-ahead log, whose old
	// frames hold what was deleted).
	forgotten func(ctx context.Context)
}

const dayMicros = int64(24 * time.Hour / time.Microsecond)

// q rewrites ? placeholders for the dialect.
func (s *sqlStore) q(query string) string {
	if !s.d.numbered {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (s *sqlStore) Engine() string { return s.d.engine }

// Health implements Store: the file first (SQLite), then one trivial
// query of the schema's table.
func (s *sqlStore) Health(ctx context.Context) error {
	if s.checkFile != nil {
		if err := s.checkFile(); err != nil {
			return s.wrap("health", err)
		}
	}
	var one int
	err := s.db.QueryRowContext(ctx, `SELECT 1 FROM schema_migrations LIMIT 1`).Scan(&one)
	if errors.Is(err, context.DeadlineExceeded) {
		err = fmt.Errorf("the database did not answer in time: %w", err)
	}
	return s.wrap("health", err)
}

func (s *sqlStore) Close() error {
	err := s.db.Close()
	if s.closeFn != nil {
		err = errors.Join(err, s.closeFn())
	}
	return err
}

// wrap names the store and the operation in an error.
func (s *sqlStore) wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("store (%s): %s: %w", s.d.engine, op, err)
}

func micros(t time.Time) int64 { return t.UnixMicro() }

func fromMicros(us int64) time.Time { return time.UnixMicro(us).UTC() }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// wireDecision is a Decision as the games table keeps it (JSON).
type wireDecision struct {
	S int     `json:"s"`
	T int     `json:"t"`
	R int     `json:"r"`
	D string  `json:"d"`
	C string  `json:"c"`
	B string  `json:"b"`
	L float64 `json:"l"`
}

func encodeDecisions(ds []Decision) (string, error) {
	w := make([]wireDecision, len(ds))
	for i, d := range ds {
		w[i] = wireDecision{d.Seat, d.Turn, d.Roll, d.Dice, d.Chosen, d.Best, d.Loss}
	}
	b, err := json.Marshal(w)
	return string(b), err
}

func decodeDecisions(s string) ([]Decision, error) {
	var w []wireDecision
	if err := json.Unmarshal([]byte(s), &w); err != nil {
		return nil, err
	}
	if len(w) == 0 {
		return nil, nil
	}
	ds := make([]Decision, len(w))
	for i, d := range w {
		ds[i] = Decision{Seat: d.S, Turn: d.T, Roll: d.R, Dice: d.D, Chosen: d.C, Best: d.B, Loss: d.L}
	}
	return ds, nil
}

// validate checks what the store relies on.
func validate(g Game) error {
	switch {
	case g.ID == "":
		return errors.New("store: a game without an ID")
	case g.Kind == "":
		return fmt.Errorf("store: game %s has no kind", g.ID)
	case g.Ended.IsZero():
		return fmt.Errorf("store: game %s has no end time", g.ID)
	case len(g.Seats) == 0:
		return fmt.Errorf("store: game %s has no seat", g.ID)
	}
	for _, d := range g.Decisions {
		if d.Seat < 0 || d.Seat >= len(g.Seats) {
			return fmt.Errorf("store: game %s: a decision of seat %d of %d", g.ID, d.Seat, len(g.Seats))
		}
	}
	return nil
}

// Record implements Recorder: one transaction inserts the game, its seats
// with what each counts toward (Count, and the repeat of a puzzle), the
// per-day sums and a daily's result into its official attempt, unless the
// game is already there (false, nil) or its server has recording off
// (ErrRecordingOff).
func (s *sqlStore) Record(ctx context.Context, g Game) (bool, error) {
	if err := validate(g); err != nil {
		return false, err
	}
	dec, err := encodeDecisions(g.Decisions)
	if err != nil {
		return false, s.wrap("record", err)
	}
	counts := Count(g)
	if s.checkFile != nil {
		// A game written to a file deleted or replaced under the bot
		// would be lost when it stops, though the write succeeds: it is
		// refused, so the game's board offers Record and the bot logs it.
		if err := s.checkFile(); err != nil {
			return false, s.wrap("record", err)
		}
	}
	tx, err := s.begin(ctx)
	if err != nil {
		return false, s.wrap("record", err)
	}
	defer tx.Rollback()
	if g.Guild != "" {
		var on int
		err := tx.QueryRowContext(ctx, s.q(`SELECT recording FROM guild_settings WHERE guild = ?`), g.Guild).Scan(&on)
		if err == nil && on == 0 {
			return false, ErrRecordingOff
		}
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return false, s.wrap("record", err)
		}
	}
	ended := micros(g.Ended)
	res, err := tx.ExecContext(ctx, s.q(`INSERT INTO games (id, kind, guild, channel, rules, seed, chosen, started, ended, decisions, entered, size, puzzle)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`),
		g.ID, g.Kind, g.Guild, g.Channel, g.Rules, int64(g.Seed), b2i(g.Chosen), micros(g.Started), ended, dec, b2i(g.Entered), g.Size, g.Puzzle)
	if err != nil {
		return false, s.wrap("record", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, s.wrap("record", err)
	}
	for i, c := range counts {
		if !c.Ranked || g.Puzzle == "" {
			continue
		}
		again, err := s.repeat(ctx, tx, g, g.Seats[i].User, ended)
		if err != nil {
			return false, s.wrap("record", err)
		}
		if again {
			counts[i] = repeated(c)
		}
	}
	var sb strings.Builder
	sb.WriteString(`INSERT INTO seats (game_id, seat, user_id, name, alea, score, lost, luck, decisions, winner, hints, played_for, guild, kind, rules, chosen, ended,
		assisted, assisted_lost, starter, puzzle, counted, contest, scored, skill_decisions, skill_lost, why) VALUES `)
	const cols = 27
	args := make([]any, 0, cols*len(g.Seats))
	for i, st := range g.Seats {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString("(" + strings.TrimSuffix(strings.Repeat("?, ", cols), ", ") + ")")
		var user any
		if st.User != "" {
			user = st.User
		}
		c := counts[i]
		args = append(args, g.ID, i, user, st.Name, b2i(st.Alea), st.Score, st.Lost, st.Luck, st.Decisions,
			b2i(st.Winner), b2i(st.Hints), st.PlayedFor, g.Guild, g.Kind, g.Rules, b2i(g.Chosen), ended,
			st.Assisted, st.AssistedLost, b2i(st.Starter), g.Puzzle, b2i(c.Ranked), b2i(c.Win), b2i(c.Score), c.Decisions, c.Lost, int(c.Why))
	}
	if _, err := tx.ExecContext(ctx, s.q(sb.String()), args...); err != nil {
		return false, s.wrap("record", err)
	}
	if err := s.addSums(ctx, tx, g, counts, ended); err != nil {
		return false, s.wrap("record", err)
	}
	if g.Kind == KindDaily && !g.Chosen {
		if err := s.recordDaily(ctx, tx, g); err != nil {
			return false, s.wrap("record", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return false, s.wrap("record", err)
	}
	return true, nil
}

// repeat reports whether user has a counted result of g's puzzle that
// ended within RepeatWindow of ended (in a game recorded before). On
// PostgreSQL the check holds a lock on the player and puzzle until the
// transaction ends, so that two results recorded at once see each other.
func (s *sqlStore) repeat(ctx context.Context, tx *sql.Tx, g Game, user string, ended int64) (bool, error) {
	if s.d.engine == "postgres" {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, g.Kind+"/"+user+"/"+g.Puzzle); err != nil {
			return false, err
		}
	}
	window := RepeatWindow.Microseconds()
	var n int
	err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM seats WHERE user_id = ? AND kind = ? AND puzzle = ? AND counted = 1
		AND ended > ? AND ended < ? AND game_id <> ?`), user, g.Kind, g.Puzzle, ended-window, ended+window, g.ID).Scan(&n)
	return n > 0, err
}

// bucketDays are the widths in days of the buckets of seat_sums' levels
// 0, 1, 2 (bucket = Unix day / width); level allTime has one bucket, 0.
// A window's sums read at most 7 + 7 + (its length / 64) buckets per
// player and rule set.
var bucketDays = [...]int64{1, 8, 64}

// allTime is the level of seat_sums that sums all time.
const allTime = len(bucketDays)

// addSums adds the game's counted seats to seat_sums, at every level, in
// one statement (a user's seats summed first), rows in user order so
// that concurrent games lock them in one order.
func (s *sqlStore) addSums(ctx context.Context, tx *sql.Tx, g Game, counts []Counts, ended int64) error {
	type sum struct {
		games, contests, wins, scored, score int
		best, worst                          any // nil without a scored seat
		decisions, assisted                  int
		lost, luck                           float64
	}
	by := map[string]*sum{}
	var users []string
	for i, st := range g.Seats {
		c := counts[i]
		if st.User == "" || !c.Ranked {
			continue
		}
		m := by[st.User]
		if m == nil {
			m = &sum{}
			by[st.User] = m
			users = append(users, st.User)
		}
		m.games++
		if c.Win {
			m.contests++
			m.wins += b2i(st.Winner)
		}
		if c.Score {
			m.scored++
			m.score += st.Score
			m.luck += st.Luck
			if b, ok := m.best.(int); !ok || st.Score > b {
				m.best = st.Score
			}
			if w, ok := m.worst.(int); !ok || st.Score < w {
				m.worst = st.Score
			}
		}
		m.decisions += c.Decisions
		m.lost += c.Lost
		m.assisted += st.Assisted
	}
	if len(users) == 0 {
		return nil
	}
	sort.Strings(users)
	day := floorDiv(ended, dayMicros)
	var sb strings.Builder
	sb.WriteString(`INSERT INTO seat_sums (guild, kind, rules, level, bucket, user_id, games, contests, wins, scored, score, best, worst, luck, decisions, lost, assisted) VALUES `)
	var args []any
	for i, u := range users {
		m := by[u]
		for level := range allTime + 1 {
			bucket := int64(0)
			if level < allTime {
				bucket = floorDiv(day, bucketDays[level])
			}
			if i > 0 || level > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, g.Guild, g.Kind, g.Rules, level, bucket, u, m.games, m.contests, m.wins, m.scored, m.score, m.best, m.worst,
				m.luck, m.decisions, m.lost, m.assisted)
		}
	}
	// best and worst are NULL until a scored seat: SQLite's two-argument
	// MAX and MIN are NULL when either is.
	merge := func(col, fn string) string {
		return fmt.Sprintf(`%[1]s = CASE WHEN seat_sums.%[1]s IS NULL THEN excluded.%[1]s WHEN excluded.%[1]s IS NULL THEN seat_sums.%[1]s
			ELSE %[2]s(seat_sums.%[1]s, excluded.%[1]s) END`, col, fn)
	}
	fmt.Fprintf(&sb, ` ON CONFLICT (guild, kind, level, bucket, rules, user_id) DO UPDATE SET
		games = seat_sums.games + excluded.games, contests = seat_sums.contests + excluded.contests,
		wins = seat_sums.wins + excluded.wins, scored = seat_sums.scored + excluded.scored,
		score = seat_sums.score + excluded.score, %s, %s, luck = seat_sums.luck + excluded.luck,
		decisions = seat_sums.decisions + excluded.decisions, lost = seat_sums.lost + excluded.lost,
		assisted = seat_sums.assisted + excluded.assisted`, merge("best", s.d.greatest), merge("worst", s.d.least))
	_, err := tx.ExecContext(ctx, s.q(sb.String()), args...)
	return err
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// Game implements Store.
func (s *sqlStore) Game(ctx context.Context, id string) (Game, bool, error) {
	gs, err := s.games(ctx, []string{id})
	if err != nil {
		return Game{}, false, s.wrap("game", err)
	}
	if len(gs) == 0 {
		return Game{}, false, nil
	}
	return gs[id], true, nil
}

// games reads the games with the ids, seats and decisions included.
func (s *sqlStore) games(ctx context.Context, ids []string) (map[string]Game, error) {
	out := make(map[string]Game, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	in := strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT id, kind, guild, channel, rules, seed, chosen, started, ended, decisions, entered, size, puzzle
		FROM games WHERE id IN (`+in+`)`), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var g Game
		var seed, started, ended int64
		var chosen, entered int
		var dec string
		if err := rows.Scan(&g.ID, &g.Kind, &g.Guild, &g.Channel, &g.Rules, &seed, &chosen, &started, &ended, &dec, &entered, &g.Size, &g.Puzzle); err != nil {
			return nil, err
		}
		g.Seed, g.Chosen, g.Entered, g.Started, g.Ended = uint64(seed), chosen != 0, entered != 0, fromMicros(started), fromMicros(ended)
		if g.Decisions, err = decodeDecisions(dec); err != nil {
			return nil, fmt.Errorf("game %s: decisions: %w", g.ID, err)
		}
		out[g.ID] = g
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	srows, err := s.db.QueryContext(ctx, s.q(`SELECT game_id, seat, user_id, name, alea, score, lost, luck, decisions, winner, hints, played_for,
		assisted, assisted_lost, starter, counted, contest, scored, skill_decisions, skill_lost, why
		FROM seats WHERE game_id IN (`+in+`) ORDER BY game_id, seat`), args...)
	if err != nil {
		return nil, err
	}
	defer srows.Close()
	for srows.Next() {
		var id string
		var seat, alea, winner, hints, starter, counted, contest, scored, why int
		var user sql.NullString
		var st Seat
		if err := srows.Scan(&id, &seat, &user, &st.Name, &alea, &st.Score, &st.Lost, &st.Luck, &st.Decisions, &winner, &hints, &st.PlayedFor,
			&st.Assisted, &st.AssistedLost, &starter, &counted, &contest, &scored, &st.Counts.Decisions, &st.Counts.Lost, &why); err != nil {
			return nil, err
		}
		st.User, st.Alea, st.Winner, st.Hints, st.Starter = user.String, alea != 0, winner != 0, hints != 0, starter != 0
		st.Counts.Ranked, st.Counts.Win, st.Counts.Score, st.Counts.Why = counted != 0, contest != 0, scored != 0, Reason(why)
		g, ok := out[id]
		if !ok || seat != len(g.Seats) {
			return nil, fmt.Errorf("game %s: seat %d out of order", id, seat)
		}
		g.Seats = append(g.Seats, st)
		out[id] = g
	}
	return out, srows.Err()
}

// sums are a player's summed counted seats.
type sums struct {
	games, contests, wins, scored int
	score                         int64
	best, worst                   sql.NullInt64
	luck, lost                    float64
	decisions, assisted           int
}

// Standings implements Store: the sums of the whole days in the window,
// plus the seats of the partial first day.
func (s *sqlStore) Standings(ctx context.Context, q StandingsQuery) (Standings, error) {
	where := `guild = ? AND kind = ?`
	args := []any{q.Guild, q.Kind}
	if q.Rules != "" {
		where += ` AND rules = ?`
		args = append(args, q.Rules)
	}
	const sumCols = `user_id, CAST(SUM(games) AS BIGINT), CAST(SUM(contests) AS BIGINT), CAST(SUM(wins) AS BIGINT), CAST(SUM(scored) AS BIGINT),
		CAST(SUM(score) AS BIGINT), SUM(luck), CAST(SUM(decisions) AS BIGINT), SUM(lost), CAST(SUM(assisted) AS BIGINT)`
	const partCols = `user_id, games, contests, wins, scored, score, luck, decisions, lost, assisted`
	query := `SELECT ` + sumCols + ` FROM seat_sums WHERE ` + where + ` AND level = ` + strconv.Itoa(allTime)
	if !q.Since.IsZero() {
		// The widest buckets from the window's start on, narrower ones
		// before them, and the seats of the partial first day.
		since := micros(q.Since)
		firstDay := floorDiv(since+dayMicros-1, dayMicros)
		base := args
		args = nil
		var parts []string
		upTo := int64(-1) // the first day the wider buckets sum; -1: none
		for level := allTime - 1; level >= 0; level-- {
			w := bucketDays[level]
			first := floorDiv(firstDay+w-1, w)
			part := `SELECT ` + partCols + ` FROM seat_sums WHERE ` + where + ` AND level = ? AND bucket >= ?`
			args = append(append(args, base...), level, first)
			if upTo >= 0 {
				part += ` AND bucket < ?`
				args = append(args, upTo/w)
			}
			parts = append(parts, part)
			upTo = first * w
		}
		parts = append(parts, `SELECT user_id, 1, contest, contest * winner, scored, scored * score, scored * luck, skill_decisions, skill_lost, assisted
			FROM seats WHERE `+where+` AND user_id IS NOT NULL AND counted = 1 AND ended >= ? AND ended < ?`)
		args = append(append(args, base...), since, firstDay*dayMicros)
		query = `SELECT ` + sumCols + ` FROM (` + strings.Join(parts, " UNION ALL ") + `) AS window_rows`
	}
	query += ` GROUP BY user_id`
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return Standings{}, s.wrap("standings", err)
	}
	defer rows.Close()
	var out Standings
	for rows.Next() {
		var user string
		var m sums
		if err := rows.Scan(&user, &m.games, &m.contests, &m.wins, &m.scored, &m.score, &m.luck, &m.decisions, &m.lost, &m.assisted); err != nil {
			return Standings{}, s.wrap("standings", err)
		}
		switch {
		case m.games >= q.MinGames && m.games > 0:
			out.Ranked = append(out.Ranked, standing(user, m))
		case m.games > 0:
			out.Unranked = append(out.Unranked, standing(user, m))
		}
	}
	if err := rows.Err(); err != nil {
		return Standings{}, s.wrap("standings", err)
	}
	rank(out.Ranked, q.By, q.Kind == KindOrbs)
	if q.Limit > 0 && len(out.Ranked) > q.Limit {
		out.Ranked = out.Ranked[:q.Limit]
	}
	sort.Slice(out.Unranked, func(i, j int) bool {
		a, b := out.Unranked[i], out.Unranked[j]
		if a.Games != b.Games {
			return a.Games > b.Games
		}
		return a.User < b.User
	})
	return out, nil
}

// standing derives a Standing's means from sums.
func standing(user string, m sums) Standing {
	st := Standing{User: user, Games: m.games, Contests: m.contests, Wins: m.wins, Scored: m.scored,
		Decisions: m.decisions, Assisted: m.assisted}
	if m.scored > 0 {
		st.AvgScore, st.Luck = float64(m.score)/float64(m.scored), m.luck/float64(m.scored)
	}
	if m.decisions > 0 {
		st.Skill = m.lost / float64(m.decisions)
	}
	return st
}

// rank sorts standings by the ranking and numbers them from 1. Ties are
// broken by the other measures and last by user id, so that the order is
// the same on every backend. lowerScores is true when a lower score is
// better (orbs).
func rank(st []Standing, by Ranking, lowerScores bool) {
	avg := func(a, b Standing) int { // < 0 when a's average is better
		switch {
		case (a.Scored == 0) != (b.Scored == 0):
			if a.Scored == 0 {
				return 1
			}
			return -1
		case a.AvgScore == b.AvgScore:
			return 0
		case (a.AvgScore > b.AvgScore) != lowerScores:
			return -1
		}
		return 1
	}
	wins := func(a, b Standing) int { return b.Wins - a.Wins }
	skill := func(a, b Standing) int {
		switch {
		case (a.Decisions == 0) != (b.Decisions == 0):
			if a.Decisions == 0 {
				return 1
			}
			return -1
		case a.Skill < b.Skill:
			return -1
		case a.Skill > b.Skill:
			return 1
		}
		return 0
	}
	var order []func(a, b Standing) int
	switch by {
	case ByAverage:
		order = append(order, avg, wins, skill)
	case BySkill:
		order = append(order, skill, avg, wins)
	default:
		order = append(order, wins, avg, skill)
	}
	sort.Slice(st, func(i, j int) bool {
		for _, f := range order {
			if c := f(st[i], st[j]); c != 0 {
				return c < 0
			}
		}
		if st[i].Games != st[j].Games {
			return st[i].Games < st[j].Games
		}
		return st[i].User < st[j].User
	})
	for i := range st {
		st[i].Rank = i + 1
	}
}
