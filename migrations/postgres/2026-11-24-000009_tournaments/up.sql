-- Each tournament's append-only log, kept as a game's is: a unique violation on
-- (tournament_id, seq) is a lost race.
CREATE TABLE tournament_events (
    tournament_id TEXT NOT NULL,
    seq           BIGINT NOT NULL,
    type          TEXT NOT NULL,
    version       INTEGER NOT NULL,
    data          TEXT NOT NULL,
    actor         TEXT NOT NULL,
    recorded_at   BIGINT NOT NULL,
    prev_hash     TEXT NOT NULL,
    hash          TEXT NOT NULL,
    PRIMARY KEY (tournament_id, seq)
);

-- The tournaments projection, written in the same transaction as the events.
CREATE TABLE tournaments (
    id            TEXT PRIMARY KEY NOT NULL,
    name          TEXT NOT NULL,
    system        TEXT NOT NULL,
    status        TEXT NOT NULL,
    rounds        INTEGER NOT NULL,
    rounds_paired INTEGER NOT NULL,
    players       INTEGER NOT NULL,
    last_seq      BIGINT NOT NULL,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);
