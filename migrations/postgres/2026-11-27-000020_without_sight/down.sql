DROP TABLE game_visits;
ALTER TABLE players DROP COLUMN without_sight;
