-- Login codes expire (the organiser's choice, 30 days unless they say); a new code for a player
-- cancels their older ones. A code made before expiry was recorded lives 30 days from its making.
ALTER TABLE login_codes ADD COLUMN expires_at BIGINT NOT NULL DEFAULT 0;
UPDATE login_codes SET expires_at = created_at + 2592000000000;
CREATE INDEX login_codes_player ON login_codes (player_id);
-- A player's bearer tokens, several: each listed by an id of its own (never its hash), with a
-- name and when it was last used (to the hour), and revoked by deleting it.
ALTER TABLE tokens ADD COLUMN id TEXT NOT NULL DEFAULT '';
UPDATE tokens SET id = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX tokens_id ON tokens (id);
ALTER TABLE tokens ADD COLUMN name TEXT;
ALTER TABLE tokens ADD COLUMN last_used_at BIGINT;
-- A pupil's token was handed to the organiser who made them; no pupil could make one of their
-- own, so every pupil's token is one the organiser may hold: none survives.
DELETE FROM tokens WHERE player_id IN (SELECT id FROM players WHERE created_by IS NOT NULL);
