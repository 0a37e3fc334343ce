DROP TABLE tournaments;
DROP TABLE tournament_events;
