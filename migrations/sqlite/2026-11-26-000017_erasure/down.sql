DROP TABLE erasures;
ALTER TABLE players DROP COLUMN anonymised_at;
