ALTER TABLE players DROP COLUMN school_visibility;
ALTER TABLE tournaments DROP COLUMN visibility;
