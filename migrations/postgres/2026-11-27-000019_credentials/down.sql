DROP INDEX tokens_id;
ALTER TABLE tokens DROP COLUMN last_used_at;
ALTER TABLE tokens DROP COLUMN name;
ALTER TABLE tokens DROP COLUMN id;
DROP INDEX login_codes_player;
ALTER TABLE login_codes DROP COLUMN expires_at;
