DROP TABLE rating_changes;
DROP TABLE ratings;
DROP INDEX games_rating_due;
ALTER TABLE games DROP COLUMN rating_settled;
ALTER TABLE games DROP COLUMN rated;
