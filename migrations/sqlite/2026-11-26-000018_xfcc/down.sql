DROP TABLE game_numbers;
DROP TABLE app_passwords;
ALTER TABLE players DROP COLUMN messages_off;
