-- Finished games. Times are Unix microseconds (UTC); booleans are 0 or 1.
CREATE TABLE games (
	id        TEXT    NOT NULL PRIMARY KEY,
	kind      TEXT    NOT NULL,
	guild     TEXT    NOT NULL,
	channel   TEXT    NOT NULL,
	rules     TEXT    NOT NULL,
	seed      INTEGER NOT NULL, -- the uint64 seed, bit for bit
	chosen    INTEGER NOT NULL,
	started   INTEGER NOT NULL,
	ended     INTEGER NOT NULL,
	decisions TEXT    NOT NULL  -- JSON array
);
CREATE INDEX games_guild ON games (guild);

-- One row per seat; the game's guild, kind, rules, chosen and ended are
-- copied so that a player's history needs no join.
CREATE TABLE seats (
	game_id    TEXT    NOT NULL,
	seat       INTEGER NOT NULL,
	user_id    TEXT,              -- NULL for a named seat, Alea, or a forgotten user
	name       TEXT    NOT NULL,
	alea       INTEGER NOT NULL,
	score      INTEGER NOT NULL,
	lost       REAL    NOT NULL,
	luck       REAL    NOT NULL,
	decisions  INTEGER NOT NULL,
	winner     INTEGER NOT NULL,
	hints      INTEGER NOT NULL,
	played_for INTEGER NOT NULL,
	guild      TEXT    NOT NULL,
	kind       TEXT    NOT NULL,
	rules      TEXT    NOT NULL,
	chosen     INTEGER NOT NULL,
	ended      INTEGER NOT NULL,
	PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX seats_standings ON seats (guild, kind, ended, rules, user_id, winner, score, lost, decisions, luck)
	WHERE user_id IS NOT NULL AND chosen = 0;
CREATE INDEX seats_user ON seats (user_id, ended, game_id, guild) WHERE user_id IS NOT NULL;

-- The counted seats (a user's, seed not chosen) summed per UTC day
-- (level 0, bucket = Unix day), per 8 days (level 1, bucket = Unix day
-- / 8), per 64 days (level 2, bucket = Unix day / 64) and for all time
-- (level 3, bucket 0): the standings and a player's totals read these,
-- and the seats only for the partial first day of a window.
CREATE TABLE seat_sums (
	guild     TEXT    NOT NULL,
	kind      TEXT    NOT NULL,
	rules     TEXT    NOT NULL,
	level     INTEGER NOT NULL,
	bucket    INTEGER NOT NULL,
	user_id   TEXT    NOT NULL,
	games     INTEGER NOT NULL,
	wins      INTEGER NOT NULL,
	score     INTEGER NOT NULL,
	best      INTEGER NOT NULL,
	worst     INTEGER NOT NULL,
	lost      REAL    NOT NULL,
	decisions INTEGER NOT NULL,
	luck      REAL    NOT NULL,
	PRIMARY KEY (guild, kind, level, bucket, rules, user_id)
) WITHOUT ROWID;
CREATE INDEX seat_sums_user ON seat_sums (user_id, level, guild, kind, rules);

-- Per-server settings.
CREATE TABLE guild_settings (
	guild     TEXT    NOT NULL PRIMARY KEY,
	recording INTEGER NOT NULL
);
