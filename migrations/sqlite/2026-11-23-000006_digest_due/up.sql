-- When each digest player's next daily digest is due (NULL: the player wants no digest). The
-- scheduler used to read every player who wants a digest on each round, and the only filter was on
-- mail_mode, which has no index: a sequential scan of all players several times a second (0.12 s a
-- round at 200,000 players). It now asks the partial index for the players whose digest is due.
ALTER TABLE players ADD COLUMN next_digest_at BIGINT;
UPDATE players SET next_digest_at = 0 WHERE mail_mode = 'digest';
CREATE INDEX players_digest_due ON players (next_digest_at) WHERE next_digest_at IS NOT NULL;
