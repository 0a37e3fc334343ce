-- Challenges: a player's offer of a game to another player, to anyone (an open seek in the
-- lobby) or to whoever has its link. Taking one is a conditional update of its status, so of
-- two players who accept at once exactly one gets the game; the game is created after, and a
-- sweep creates any whose creation a crash cut short (`game_created`).
CREATE TABLE challenges (
    id               TEXT PRIMARY KEY NOT NULL,
    challenger_id    TEXT NOT NULL,
    challenged_id    TEXT,
    listed           BOOLEAN NOT NULL,
    game             TEXT NOT NULL,
    seconds_per_move BIGINT,
    rated            BOOLEAN NOT NULL,
    terms            TEXT NOT NULL,
    status           TEXT NOT NULL,
    created_at       BIGINT NOT NULL,
    expires_at       BIGINT NOT NULL,
    answered_at      BIGINT,
    answered_by      TEXT,
    game_id          TEXT,
    challenger_white BOOLEAN,
    game_created     BOOLEAN NOT NULL DEFAULT false
);
CREATE INDEX challenges_challenged ON challenges (challenged_id, status);
CREATE INDEX challenges_challenger ON challenges (challenger_id, status);
CREATE INDEX challenges_lobby ON challenges (game, created_at) WHERE listed AND status = 'open';
CREATE INDEX challenges_expiring ON challenges (expires_at) WHERE status = 'open';
CREATE INDEX challenges_unmade ON challenges (answered_at)
    WHERE status = 'accepted' AND NOT game_created;

-- Whom a player takes challenges from (anyone, played: players they have played, school: their
-- organiser's players, nobody), and the most games they play at once (none: no limit).
ALTER TABLE players ADD COLUMN challenges_from TEXT NOT NULL DEFAULT 'anyone';
ALTER TABLE players ADD COLUMN max_games INTEGER;
