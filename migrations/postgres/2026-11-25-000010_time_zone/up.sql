-- A player's named time zone (tz database, e.g. Europe/London): their offset follows summer
-- time. NULL: the fixed offset in utc_offset_minutes.
ALTER TABLE players ADD COLUMN time_zone TEXT;
