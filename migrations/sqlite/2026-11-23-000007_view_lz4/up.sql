-- PostgreSQL's compression of games.view (lz4 instead of pglz); SQLite stores text as it is, so
-- here nothing changes. Kept so both backends have the same migrations.
SELECT 1;
