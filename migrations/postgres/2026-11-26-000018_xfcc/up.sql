-- Application passwords: a player's password for one correspondence program (Xfcc), made by
-- the server, shown once, stored as its SHA-256, revoked by setting `revoked_at`.
CREATE TABLE app_passwords (
    id           TEXT PRIMARY KEY NOT NULL,
    player_id    TEXT NOT NULL,
    name         TEXT NOT NULL,
    hash         TEXT NOT NULL UNIQUE,
    created_at   BIGINT NOT NULL,
    last_used_at BIGINT,
    revoked_at   BIGINT
);
CREATE INDEX app_passwords_player ON app_passwords (player_id);
-- Each game's number for Xfcc, whose game ids are integers: given when a game is first listed,
-- never changed.
CREATE TABLE game_numbers (
    number  BIGSERIAL PRIMARY KEY,
    game_id TEXT NOT NULL UNIQUE
);
-- An organiser turned the players' messages off in the games they run (a school's choice).
ALTER TABLE players ADD COLUMN messages_off BOOLEAN NOT NULL DEFAULT false;
