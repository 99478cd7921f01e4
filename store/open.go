package store

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// DefaultURL is DATABASE_URL's default: an SQLite file in the working
// directory.
const DefaultURL = "sqlite:alea.db"

// Off is the DATABASE_URL that turns memory off.
const Off = "off"

// ErrOff is what the queries of the store DATABASE_URL=off opens return.
var ErrOff = errors.New("store: memory is off (DATABASE_URL=off)")

// Open opens the store a DATABASE_URL names, picked by its prefix:
// "off" (nothing is recorded), "postgres://…" or "postgresql://…"
// (PostgreSQL), "sqlite:PATH" (an SQLite file; "sqlite:alea.db" is the
// default). It applies the schema migrations the database lacks.
func Open(ctx context.Context, rawURL string) (Store, error) {
	switch {
	case rawURL == Off:
		return offStore{}, nil
	case strings.HasPrefix(rawURL, "postgres://"), strings.HasPrefix(rawURL, "postgresql://"):
		return openPostgres(ctx, rawURL)
	case strings.HasPrefix(rawURL, "sqlite:"):
		return openSQLite(ctx, strings.TrimPrefix(strings.TrimPrefix(rawURL, "sqlite:"), "//"))
	}
	return nil, fmt.Errorf("store: DATABASE_URL %q: want off, sqlite:PATH or postgres://…", Redact(rawURL))
}

// Redact returns the URL with its password (and any password parameter)
// hidden, for logs and errors.
func Redact(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme == "" || u.Opaque != "" && u.Scheme != "sqlite" {
		if strings.Contains(rawURL, "@") || strings.Contains(strings.ToLower(rawURL), "password") {
			return "(unparsable URL hidden)"
		}
		return rawURL
	}
	if u.User != nil {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "xxxxx")
		}
	}
	q := u.Query()
	for k := range q {
		if strings.EqualFold(k, "password") {
			q.Set(k, "xxxxx")
			u.RawQuery = q.Encode()
		}
	}
	return u.String()
}

// offStore is the store of DATABASE_URL=off: it records nothing.
type offStore struct{}

func (offStore) Record(context.Context, Game) (bool, error) { return false, ErrRecordingOff }
func (offStore) Game(context.Context, string) (Game, bool, error) {
	return Game{}, false, ErrOff
}
func (offStore) Standings(context.Context, StandingsQuery) (Standings, error) {
	return Standings{}, ErrOff
}
func (offStore) History(context.Context, HistoryQuery) (PlayerHistory, error) {
	return PlayerHistory{}, ErrOff
}
func (offStore) Export(context.Context, string) (Export, error) { return Export{}, ErrOff }
func (offStore) ForgetUser(context.Context, string) (Forgotten, error) {
	return Forgotten{}, nil // nothing is kept
}
func (offStore) ForgetGuild(context.Context, string) (Forgotten, error) {
	return Forgotten{}, nil
}
func (offStore) ClaimDaily(context.Context, DailyAttempt) (DailyAttempt, bool, error) {
	return DailyAttempt{}, false, ErrOff
}
func (offStore) DailyBoard(context.Context, DailyBoardQuery) (DailyBoard, error) {
	return DailyBoard{}, ErrOff
}
func (offStore) DailyPlayer(context.Context, string) (DailyPlayer, error) {
	return DailyPlayer{}, ErrOff
}
func (offStore) SetDailyName(context.Context, string, string, bool) error { return ErrOff }
func (offStore) SetRecording(context.Context, string, bool) error         { return ErrOff }
func (offStore) Recording(context.Context, string) (bool, error)          { return false, nil }
func (offStore) Health(context.Context) error                             { return nil }
func (offStore) Engine() string                                           { return "off" }

// The advice log of DATABASE_URL=off keeps nothing.
func (offStore) AskAdvice(context.Context, Advice) error { return nil }
func (offStore) AdviceAsked(context.Context, AdviceQuery) ([]Advice, error) {
	return nil, nil
}
func (offStore) PurgeAdvice(context.Context, time.Time) (int, error) { return 0, nil }
func (offStore) Close() error                                        { return nil }
