DROP TABLE outbox;
DROP TABLE games;
DROP TABLE game_events;
DROP TABLE tokens;
DROP TABLE players;
