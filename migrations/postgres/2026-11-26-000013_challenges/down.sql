ALTER TABLE players DROP COLUMN max_games;
ALTER TABLE players DROP COLUMN challenges_from;
DROP TABLE challenges;
