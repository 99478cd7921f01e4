package store

import (
	"context"
	"strings"
	"time"
)

// Advice is one position a player asked Alea's advice on outside a game's
// board (a table's 💡 Hint, /yacht-advise with dice): kept at most
// AdviceKept, so that a game recorded within that time counts the
// decisions its player took on that position as assisted.
type Advice struct {
	User string
	// Rules is the Yacht rule set (a preset key).
	Rules string
	// Position is the position asked about in its canonical text
	// (game/yachttable.Position): the sheet, the dice and the roll.
	Position string
	// Game is the game it was asked in (a hint on its board), "" when
	// asked outside any (/yacht-advise).
	Game string
	// Asked is when it was asked (UTC, to the microsecond).
	Asked time.Time
}

// AdviceKept is the longest the store keeps an Advice: PurgeAdvice, run
// by the bot every hour and by every AskAdvice, forgets what is older.
const AdviceKept = 24 * time.Hour

// AdviceQuery asks for the advice some players asked.
type AdviceQuery struct {
	// Users are the players (none: nothing is returned).
	Users []string
	// Rules keeps one rule set ("" for every one).
	Rules string
	// Since and Until bound when it was asked, both included (zero: no
	// bound).
	Since, Until time.Time
}

// AdviceLog keeps the positions players asked advice on outside games'
// boards, for a day at most. Writing one is never on a game's critical
// path: a game reads them once, when its result is recorded.
type AdviceLog interface {
	// AskAdvice keeps a, and forgets what was asked AdviceKept or more
	// before a.
	AskAdvice(ctx context.Context, a Advice) error
	// AdviceAsked returns the advice q asks for, oldest first.
	AdviceAsked(ctx context.Context, q AdviceQuery) ([]Advice, error)
	// PurgeAdvice forgets the advice asked before t and says how much.
	PurgeAdvice(ctx context.Context, t time.Time) (int, error)
}

// AskAdvice implements AdviceLog.
func (s *sqlStore) AskAdvice(ctx context.Context, a Advice) error {
	if a.User == "" {
		return nil
	}
	tx, err := s.begin(ctx)
	if err != nil {
		return s.wrap("ask advice", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM advice WHERE asked <= ?`), micros(a.Asked.Add(-AdviceKept))); err != nil {
		return s.wrap("ask advice", err)
	}
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO advice (user_id, rules, position, game, asked) VALUES (?, ?, ?, ?, ?)`),
		a.User, a.Rules, a.Position, a.Game, micros(a.Asked)); err != nil {
		return s.wrap("ask advice", err)
	}
	return s.wrap("ask advice", tx.Commit())
}

// AdviceAsked implements AdviceLog.
func (s *sqlStore) AdviceAsked(ctx context.Context, q AdviceQuery) ([]Advice, error) {
	if len(q.Users) == 0 {
		return nil, nil
	}
	where := `user_id IN (` + strings.TrimSuffix(strings.Repeat("?, ", len(q.Users)), ", ") + `)`
	var args []any
	for _, u := range q.Users {
		args = append(args, u)
	}
	if q.Rules != "" {
		where += ` AND rules = ?`
		args = append(args, q.Rules)
	}
	if !q.Since.IsZero() {
		where += ` AND asked >= ?`
		args = append(args, micros(q.Since))
	}
	if !q.Until.IsZero() {
		where += ` AND asked <= ?`
		args = append(args, micros(q.Until))
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT user_id, rules, position, game, asked FROM advice WHERE `+where+
		` ORDER BY asked, user_id, rules, position, game`), args...)
	if err != nil {
		return nil, s.wrap("advice asked", err)
	}
	defer rows.Close()
	var out []Advice
	for rows.Next() {
		var a Advice
		var asked int64
		if err := rows.Scan(&a.User, &a.Rules, &a.Position, &a.Game, &asked); err != nil {
			return nil, s.wrap("advice asked", err)
		}
		a.Asked = fromMicros(asked)
		out = append(out, a)
	}
	return out, s.wrap("advice asked", rows.Err())
}

// PurgeAdvice implements AdviceLog.
func (s *sqlStore) PurgeAdvice(ctx context.Context, t time.Time) (int, error) {
	res, err := s.db.ExecContext(ctx, s.q(`DELETE FROM advice WHERE asked < ?`), micros(t))
	if err != nil {
		return 0, s.wrap("purge advice", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}
