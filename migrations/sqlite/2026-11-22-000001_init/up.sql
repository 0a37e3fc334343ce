-- Players and their bearer tokens (stored only as SHA-256 hashes).
CREATE TABLE players (
    id          TEXT PRIMARY KEY NOT NULL,
    name        TEXT NOT NULL,
    email       TEXT UNIQUE,
    locale      TEXT NOT NULL DEFAULT 'en',
    notation    TEXT,
    roles       TEXT NOT NULL DEFAULT 'player',
    created_at  BIGINT NOT NULL
);

CREATE TABLE tokens (
    hash        TEXT PRIMARY KEY NOT NULL,
    player_id   TEXT NOT NULL REFERENCES players (id),
    created_at  BIGINT NOT NULL
);
CREATE INDEX tokens_player ON tokens (player_id);

-- Each game's append-only log. A unique violation on (game_id, seq) is a lost race: 409.
CREATE TABLE game_events (
    game_id     TEXT NOT NULL,
    seq         BIGINT NOT NULL,
    type        TEXT NOT NULL,
    version     INTEGER NOT NULL,
    data        TEXT NOT NULL,
    actor       TEXT NOT NULL,
    recorded_at BIGINT NOT NULL,
    prev_hash   TEXT NOT NULL,
    hash        TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- The games projection: written in the same transaction as the events; listings read it and
-- never replay logs. `view` is the Game resource as of `last_seq`.
CREATE TABLE games (
    id              TEXT PRIMARY KEY NOT NULL,
    white_id        TEXT NOT NULL,
    black_id        TEXT NOT NULL,
    organiser_id    TEXT,
    status          TEXT NOT NULL,
    to_move         TEXT NOT NULL,
    to_move_id      TEXT,
    deadline        BIGINT,
    result          TEXT,
    termination     TEXT,
    last_seq        BIGINT NOT NULL,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL,
    view            TEXT NOT NULL
);
CREATE INDEX games_white ON games (white_id, status);
CREATE INDEX games_black ON games (black_id, status);
CREATE INDEX games_deadline ON games (status, deadline);

-- Transactional outbox: rows written with the events that cause them, drained by the sender.
CREATE TABLE outbox (
    id              TEXT PRIMARY KEY NOT NULL,
    game_id         TEXT,
    kind            TEXT NOT NULL,
    recipient_id    TEXT NOT NULL,
    payload         TEXT NOT NULL,
    created_at      BIGINT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    sent_at         BIGINT,
    last_error      TEXT
);
CREATE INDEX outbox_pending ON outbox (sent_at, next_attempt_at);
