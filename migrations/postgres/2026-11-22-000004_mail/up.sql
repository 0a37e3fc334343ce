-- Mail: the sender's lease on outbox rows, players' preferences, sign-in links, sessions and
-- one-time login codes (all stored as SHA-256 hashes).
ALTER TABLE outbox ADD COLUMN claimed_until BIGINT;

-- every_event (default) | digest | reminders_only
ALTER TABLE players ADD COLUMN mail_mode TEXT NOT NULL DEFAULT 'every_event';
-- Digest hour (0-23) in the player's UTC offset (minutes east of UTC).
ALTER TABLE players ADD COLUMN digest_hour INTEGER NOT NULL DEFAULT 18;
ALTER TABLE players ADD COLUMN utc_offset_minutes INTEGER NOT NULL DEFAULT 180;
ALTER TABLE players ADD COLUMN last_digest_at BIGINT;

CREATE TABLE login_links (
    hash        TEXT PRIMARY KEY NOT NULL,
    player_id   TEXT NOT NULL,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT
);

CREATE TABLE sessions (
    hash        TEXT PRIMARY KEY NOT NULL,
    player_id   TEXT NOT NULL,
    expires_at  BIGINT NOT NULL
);

CREATE TABLE login_codes (
    hash        TEXT PRIMARY KEY NOT NULL,
    player_id   TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    used_at     BIGINT
);
