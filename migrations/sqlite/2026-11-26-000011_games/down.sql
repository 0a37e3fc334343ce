UPDATE games SET view = json_remove(view, '$.game', '$.start_position', '$.position');
ALTER TABLE games DROP COLUMN game;
