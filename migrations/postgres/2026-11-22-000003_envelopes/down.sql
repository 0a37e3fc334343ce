DROP INDEX games_resume_deadline;
ALTER TABLE games DROP COLUMN resume_deadline;
DROP TABLE envelopes;
