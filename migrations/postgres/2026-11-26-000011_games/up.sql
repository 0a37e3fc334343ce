-- Which game each game is (chess, checkers, …); every game before this was chess. The stored
-- Game resource gains `game` and the position in every game's own text (`position`,
-- `start_position`), which for chess is its FEN.
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'chess';
UPDATE games SET view = (view::jsonb || jsonb_build_object(
    'game', 'chess',
    'start_position', view::jsonb -> 'start_fen',
    'position', view::jsonb -> 'fen'))::text;
