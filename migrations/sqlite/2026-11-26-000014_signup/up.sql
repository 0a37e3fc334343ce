-- Sign-up: an account made by its own player is confirmed when its first sign-in link is
-- followed (every account before this, and every account an organiser or the admin makes, is
-- taken as confirmed). An invitation is a link a player shares for others to sign up by.
ALTER TABLE players ADD COLUMN email_confirmed BOOLEAN NOT NULL DEFAULT 1;

CREATE TABLE invitations (
    hash       TEXT PRIMARY KEY NOT NULL,
    created_by TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
