DROP INDEX games_reminder;
ALTER TABLE games DROP COLUMN reminder_at;
ALTER TABLE games DROP COLUMN claimed_until;
ALTER TABLE games DROP COLUMN clock_state;
