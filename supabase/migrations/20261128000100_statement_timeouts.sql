-- Hosted Supabase's per-role statement timeouts, written down so that they hold on any Postgres
-- this schema runs on: a visitor's query (anon) may run 3 s, a signed-in one 8 s, then Postgres
-- cancels it (57014: PostgREST answers an error, the Worker its 503 page). One
-- anonymous regular-expression filter once ran 12 s locally while every other request waited.
-- PGlite (the embedded backend) ignores statement_timeout: supabase/embedded/README.md, Limits.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
