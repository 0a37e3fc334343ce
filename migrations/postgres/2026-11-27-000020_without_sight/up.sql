-- A player who plays without sight: their game pages are the non-visual page, their moves
-- spoken, their mails speak the position.
ALTER TABLE players ADD COLUMN without_sight BOOLEAN NOT NULL DEFAULT FALSE;
