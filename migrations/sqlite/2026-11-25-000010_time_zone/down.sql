ALTER TABLE players DROP COLUMN time_zone;
