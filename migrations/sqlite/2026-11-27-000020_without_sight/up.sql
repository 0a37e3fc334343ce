-- A player who plays without sight: their game pages are the non-visual page, their moves
-- spoken, their mails speak the position.
ALTER TABLE players ADD COLUMN without_sight BOOLEAN NOT NULL DEFAULT 0;
-- The version of each game its player last read on its page: what happened since is summed up
-- in their list of games.
CREATE TABLE game_visits (
    player_id    TEXT NOT NULL,
    game_id      TEXT NOT NULL,
    seen_version BIGINT NOT NULL,
    seen_ply     BIGINT NOT NULL,
    PRIMARY KEY (player_id, game_id)
);
