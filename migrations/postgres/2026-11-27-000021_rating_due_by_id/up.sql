-- The finished rated games still to be counted, found by a partial index whose key never changes
-- while a game is played. Keyed on `updated_at`, which every move writes, it made every update of
-- a game's row touch the index: in PostgreSQL no such update could be a heap-only (HOT) update.
-- The due games are few; they are sorted by when they ended after the index finds them.
DROP INDEX games_rating_due;
CREATE INDEX games_rating_due ON games (id)
    WHERE rated AND status = 'finished' AND NOT rating_settled;
