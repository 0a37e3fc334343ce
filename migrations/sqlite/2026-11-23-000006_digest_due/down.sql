DROP INDEX players_digest_due;
ALTER TABLE players DROP COLUMN next_digest_at;
