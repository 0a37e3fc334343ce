DROP INDEX games_organiser;
DROP INDEX players_created_by;
ALTER TABLE players DROP COLUMN class_name;
ALTER TABLE players DROP COLUMN school;
ALTER TABLE players DROP COLUMN created_by;
