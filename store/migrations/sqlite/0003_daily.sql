-- The daily challenges' official attempts: one per player, rule set and
-- day, kept when the attempt starts (the key makes any later start of
-- that challenge practice); its result is copied in when the attempt's
-- game is recorded (done = 1, or 2 when its player took advice: kept,
-- never ranked), so that a day's board reads this table alone, in the
-- order of its index.
CREATE TABLE daily_attempts (
	user_id   TEXT    NOT NULL,
	rules     TEXT    NOT NULL,
	day       INTEGER NOT NULL, -- the challenge's UTC date, in days since 1970-01-01
	game_id   TEXT    NOT NULL, -- the attempt's game (games.id once recorded)
	started   INTEGER NOT NULL, -- Unix microseconds
	done      INTEGER NOT NULL, -- 1 once its game is recorded, 2 when its player took advice (kept, never ranked): the columns below are its result
	guild     TEXT    NOT NULL, -- where it was played ("" outside a server)
	score     INTEGER NOT NULL,
	lost      INTEGER NOT NULL, -- expected points lost, in hundredths
	decisions INTEGER NOT NULL,
	PRIMARY KEY (user_id, rules, day)
) WITHOUT ROWID;
CREATE UNIQUE INDEX daily_attempts_game ON daily_attempts (game_id);
-- A day's board, everyone's and a server's, in rank order.
CREATE INDEX daily_day ON daily_attempts (rules, day, lost, score DESC, user_id) WHERE done = 1;
CREATE INDEX daily_day_guild ON daily_attempts (guild, rules, day, lost, score DESC, user_id) WHERE done = 1;

-- The official results summed per player and week (Monday to Sunday,
-- UTC: week is the Monday's day), in the server they were played in
-- (scope = the guild, "" outside servers) and everywhere (scope = '*'),
-- with the means the weekly board ranks by (doubles of whole numbers over
-- a few dailies: equal means are equal doubles).
CREATE TABLE daily_weeks (
	rules      TEXT    NOT NULL,
	week       INTEGER NOT NULL,
	scope      TEXT    NOT NULL,
	user_id    TEXT    NOT NULL,
	n          INTEGER NOT NULL,
	score      INTEGER NOT NULL,
	lost       INTEGER NOT NULL, -- hundredths
	mean_lost  REAL    NOT NULL, -- lost / n
	mean_score REAL    NOT NULL, -- score / n
	PRIMARY KEY (rules, week, scope, user_id)
) WITHOUT ROWID;
CREATE INDEX daily_weeks_rank ON daily_weeks (rules, week, scope, mean_lost, mean_score DESC, n DESC, user_id);
CREATE INDEX daily_weeks_user ON daily_weeks (user_id);

-- Whether a player is named on the deployment-wide daily board, and the
-- name they chose to show there.
CREATE TABLE daily_players (
	user_id TEXT    NOT NULL PRIMARY KEY,
	public  INTEGER NOT NULL,
	name    TEXT    NOT NULL
);
