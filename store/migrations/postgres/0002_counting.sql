-- What counts toward the standings, decided once when a game is recorded
-- (store.Count; docs/memory.md), kept with each seat; the advice asked
-- outside a game's board, kept a day at most.

ALTER TABLE games ADD COLUMN entered BIGINT NOT NULL DEFAULT 0; -- dice entered by hand
ALTER TABLE games ADD COLUMN size    BIGINT NOT NULL DEFAULT 0; -- a puzzle's size (orbs cells, coins)
ALTER TABLE games ADD COLUMN puzzle  TEXT    NOT NULL DEFAULT ''; -- the puzzle played ('' for Yacht)

ALTER TABLE seats ADD COLUMN assisted        BIGINT NOT NULL DEFAULT 0; -- decisions taken with advice
ALTER TABLE seats ADD COLUMN assisted_lost   DOUBLE PRECISION NOT NULL DEFAULT 0; -- what they lost
ALTER TABLE seats ADD COLUMN starter         BIGINT NOT NULL DEFAULT 0; -- the seat of who started the game
ALTER TABLE seats ADD COLUMN puzzle          TEXT    NOT NULL DEFAULT ''; -- the game's puzzle, copied
-- What the seat counts toward (store.Counts): anything at all, wins,
-- the average; the unassisted decisions and what they lost (skill);
-- why it counts for less (store.Reason).
ALTER TABLE seats ADD COLUMN counted         BIGINT NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN contest         BIGINT NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN scored          BIGINT NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN skill_decisions BIGINT NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN skill_lost      DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN why             BIGINT NOT NULL DEFAULT 0;

-- The games recorded before, counted by today's rules as far as their
-- rows tell. A Yacht seat whose player never decided, or for whom Alea
-- played more than half the turns, is linked to nobody.
UPDATE seats SET user_id = NULL
WHERE kind = 'yacht' AND user_id IS NOT NULL AND (decisions = 0 OR 2 * played_for >
	CASE WHEN rules LIKE 'yatzy%' THEN 15 WHEN rules LIKE 'yacht%' THEN 12 ELSE 13 END);
-- Hints or the public coach were offered: which decisions took advice is
-- not known, so every one did.
UPDATE seats SET assisted = decisions, assisted_lost = lost WHERE hints = 1;
-- An orbs puzzle's size is its cells, and its deal is its size and seed;
-- a coins game's size was not kept (so it does not count).
UPDATE games SET size = CAST(split_part(rules, 'x', 1) AS BIGINT) * CAST(split_part(rules, 'x', 2) AS BIGINT),
	puzzle = rules || '/' || seed
WHERE kind = 'orbs' AND rules ~ '^[0-9]+x[0-9]+$';
UPDATE seats SET puzzle = (SELECT puzzle FROM games WHERE games.id = seats.game_id);
-- Why (store.Reason): 1 chosen; 2 the starter of a game with seats given
-- by name (not known before: every user's seat of such a game); 3 a
-- puzzle under its size; 6 no human opponent.
UPDATE seats SET why = CASE
	WHEN user_id IS NULL THEN 0
	WHEN chosen = 1 THEN 1
	WHEN kind = 'yacht' AND EXISTS (SELECT 1 FROM seats n WHERE n.game_id = seats.game_id AND n.user_id IS NULL AND n.name <> '' AND n.alea = 0) THEN 2
	WHEN kind = 'orbs' AND (SELECT size FROM games WHERE games.id = seats.game_id) < 16 THEN 3
	WHEN kind = 'coins' AND (SELECT size FROM games WHERE games.id = seats.game_id) < 6 THEN 3
	WHEN kind = 'yacht' AND NOT EXISTS (SELECT 1 FROM seats o WHERE o.game_id = seats.game_id AND o.seat <> seats.seat AND o.user_id IS NOT NULL AND o.user_id <> seats.user_id) THEN 6
	ELSE 0 END;
UPDATE seats SET counted = 1, scored = 1, contest = CASE WHEN why = 0 THEN 1 ELSE 0 END,
	skill_decisions = GREATEST(decisions - assisted, 0),
	skill_lost = CASE WHEN decisions > assisted THEN GREATEST(lost - assisted_lost, 0) ELSE 0 END
WHERE user_id IS NOT NULL AND why IN (0, 6);

DROP INDEX seats_standings;
CREATE INDEX seats_counted ON seats (guild, kind, ended, rules, user_id, contest, winner, scored, score, luck, skill_decisions, skill_lost, assisted)
	WHERE counted = 1;
CREATE INDEX seats_puzzle ON seats (user_id, kind, puzzle, ended) WHERE counted = 1 AND puzzle <> '';

-- The counted seats summed as before (per UTC day, 8 days, 64 days, all
-- time), now with what each counts toward: games counts the counted
-- seats; contests and wins the contests and those won; scored, score,
-- best, worst and luck the scored seats (best and worst NULL without
-- one); decisions and lost the unassisted decisions; assisted the others.
DROP TABLE seat_sums;
CREATE TABLE seat_sums (
	guild     TEXT    NOT NULL,
	kind      TEXT    NOT NULL,
	rules     TEXT    NOT NULL,
	level     BIGINT  NOT NULL,
	bucket    BIGINT  NOT NULL,
	user_id   TEXT    NOT NULL,
	games     BIGINT  NOT NULL,
	contests  BIGINT  NOT NULL,
	wins      BIGINT  NOT NULL,
	scored    BIGINT  NOT NULL,
	score     BIGINT  NOT NULL,
	best      BIGINT,
	worst     BIGINT,
	luck      DOUBLE PRECISION NOT NULL,
	decisions BIGINT  NOT NULL,
	lost      DOUBLE PRECISION NOT NULL,
	assisted  BIGINT  NOT NULL,
	PRIMARY KEY (guild, kind, level, bucket, rules, user_id)
);
CREATE INDEX seat_sums_user ON seat_sums (user_id, level, guild, kind, rules);
INSERT INTO seat_sums (guild, kind, rules, level, bucket, user_id, games, contests, wins, scored, score, best, worst, luck, decisions, lost, assisted)
SELECT guild, kind, rules, level, bucket, user_id, COUNT(*), SUM(contest), SUM(contest * winner), SUM(scored), SUM(scored * score),
	MAX(CASE WHEN scored = 1 THEN score END), MIN(CASE WHEN scored = 1 THEN score END),
	SUM(scored * luck), SUM(skill_decisions), SUM(skill_lost), SUM(assisted)
FROM (SELECT s.*, l.level, CASE l.level WHEN 0 THEN s.ended / 86400000000 WHEN 1 THEN s.ended / 86400000000 / 8
		WHEN 2 THEN s.ended / 86400000000 / 64 ELSE 0 END AS bucket
	FROM seats s, (SELECT 0 AS level UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) l
	WHERE s.counted = 1) AS c
GROUP BY guild, kind, rules, level, bucket, user_id;

-- The positions players asked advice on outside a game's board (a hint,
-- /yacht-advise), kept a day at most, to mark the decisions taken on
-- them as assisted when the game is recorded.
CREATE TABLE advice (
	user_id  TEXT    NOT NULL,
	rules    TEXT    NOT NULL,
	position TEXT    NOT NULL,
	game     TEXT    NOT NULL, -- the game a hint was asked in ('' outside one)
	asked    BIGINT  NOT NULL
);
CREATE INDEX advice_user ON advice (user_id, asked);
CREATE INDEX advice_asked ON advice (asked);
