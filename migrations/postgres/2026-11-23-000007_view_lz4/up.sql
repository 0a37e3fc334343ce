-- A long game's stored view (the Game resource as JSON) is over 2 kB, so PostgreSQL compresses it
-- on every move's write and decompresses it on each read. Its default method, pglz, was about 5%
-- of the machine under move load; lz4 does both several times faster. Values already stored stay
-- as they are (PostgreSQL reads both). A server built without lz4 keeps pglz.
DO $$
BEGIN
    ALTER TABLE games ALTER COLUMN view SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
    RAISE NOTICE 'this PostgreSQL has no lz4: games.view stays compressed with pglz';
END
$$;
