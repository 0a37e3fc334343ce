DROP TABLE login_codes;
DROP TABLE sessions;
DROP TABLE login_links;
ALTER TABLE players DROP COLUMN last_digest_at;
ALTER TABLE players DROP COLUMN utc_offset_minutes;
ALTER TABLE players DROP COLUMN digest_hour;
ALTER TABLE players DROP COLUMN mail_mode;
ALTER TABLE outbox DROP COLUMN claimed_until;
