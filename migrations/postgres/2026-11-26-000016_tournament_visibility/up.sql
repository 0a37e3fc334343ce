-- Who may read each tournament as it now stands (public, signed_in or participants); none
-- for a tournament not written since, whose log says.
ALTER TABLE tournaments ADD COLUMN visibility TEXT;
-- An organiser's default for the games and tournaments of their pupils (none: participants).
ALTER TABLE players ADD COLUMN school_visibility TEXT;
