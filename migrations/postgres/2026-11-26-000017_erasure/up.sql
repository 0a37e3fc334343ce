-- When an organiser anonymised the player (a pupil who left); none: never.
ALTER TABLE players ADD COLUMN anonymised_at BIGINT;
-- Events whose personal data was erased in place: their recorded hash stands for the content
-- they had (`zarf verify` accepts it for them alone).
CREATE TABLE erasures (
    kind TEXT NOT NULL,
    log_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    erased_at BIGINT NOT NULL,
    erased_by TEXT NOT NULL,
    PRIMARY KEY (kind, log_id, seq)
);
