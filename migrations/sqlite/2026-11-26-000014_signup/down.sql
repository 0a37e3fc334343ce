DROP TABLE invitations;
ALTER TABLE players DROP COLUMN email_confirmed;
