UPDATE games SET view = (view::jsonb - 'game' - 'start_position' - 'position')::text;
ALTER TABLE games DROP COLUMN game;
