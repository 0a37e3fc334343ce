-- Clocks: the clock state as of the last event (so reads compute seconds left without replaying),
-- a lease for the scheduler that claims due games, and the next reminder's time.
ALTER TABLE games ADD COLUMN clock_state TEXT;
ALTER TABLE games ADD COLUMN claimed_until BIGINT;
ALTER TABLE games ADD COLUMN reminder_at BIGINT;
CREATE INDEX games_reminder ON games (status, reminder_at);
