-- Who may read each game: public (anyone), signed_in, or participants (its players, its
-- arbiter and the admin). Every game before this was public.
ALTER TABLE games ADD COLUMN visibility TEXT NOT NULL DEFAULT 'public';
