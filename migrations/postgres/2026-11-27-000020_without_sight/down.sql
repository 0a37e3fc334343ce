ALTER TABLE players DROP COLUMN without_sight;
