-- Sealed-move envelopes (Appendix A): the move and nonce, encrypted under the server's envelope
-- key; the game log holds only the commitment until the envelope is opened.
CREATE TABLE envelopes (
    game_id     TEXT NOT NULL,
    kind        TEXT NOT NULL,
    sealed_by   TEXT NOT NULL,
    ciphertext  TEXT NOT NULL,
    sealed_at   BIGINT NOT NULL,
    PRIMARY KEY (game_id, kind)
);

-- When the scheduler must apply A10 (an hour after the resumption time).
ALTER TABLE games ADD COLUMN resume_deadline BIGINT;
CREATE INDEX games_resume_deadline ON games (status, resume_deadline);
