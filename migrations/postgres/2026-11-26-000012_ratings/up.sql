-- Ratings (Glicko-2), one for each player in each game they have played rated games of. The
-- projection says which games are rated; the rating step marks each finished one settled in the
-- transaction that writes the ratings it moved, so each counts exactly once.
ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE games ADD COLUMN rating_settled BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX games_rating_due ON games (updated_at)
    WHERE rated AND status = 'finished' AND NOT rating_settled;

CREATE TABLE ratings (
    player_id    TEXT NOT NULL,
    game         TEXT NOT NULL,
    rating       DOUBLE PRECISION NOT NULL,
    deviation    DOUBLE PRECISION NOT NULL,
    volatility   DOUBLE PRECISION NOT NULL,
    games        INTEGER NOT NULL,
    last_game_at BIGINT,
    PRIMARY KEY (player_id, game)
);

-- Each rated game's effect on each of its players: their rating history.
CREATE TABLE rating_changes (
    game_id    TEXT NOT NULL,
    player_id  TEXT NOT NULL,
    game       TEXT NOT NULL,
    at         BIGINT NOT NULL,
    before     DOUBLE PRECISION NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
CREATE INDEX rating_changes_player ON rating_changes (player_id, game, at);
