ALTER TABLE games DROP COLUMN visibility;
