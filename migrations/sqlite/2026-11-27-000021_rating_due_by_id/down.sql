DROP INDEX games_rating_due;
CREATE INDEX games_rating_due ON games (updated_at)
    WHERE rated AND status = 'finished' AND NOT rating_settled;
