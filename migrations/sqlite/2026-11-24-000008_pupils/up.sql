-- Who created each player (an organiser's pupils and players: the organiser's pages list them and
-- print their sign-in codes), and the school and class a pupil belongs to (the code sheet is one
-- class; tournaments rank schools and classes).
ALTER TABLE players ADD COLUMN created_by TEXT;
ALTER TABLE players ADD COLUMN school TEXT;
ALTER TABLE players ADD COLUMN class_name TEXT;
CREATE INDEX players_created_by ON players (created_by, class_name, name) WHERE created_by IS NOT NULL;
-- The games an organiser runs, newest first, for the organiser's page.
CREATE INDEX games_organiser ON games (organiser_id, created_at) WHERE organiser_id IS NOT NULL;
