-- Supabase's publication for Realtime's postgres_changes
-- (supabase/postgres's initial schema creates it empty; projects add
-- their tables with ALTER PUBLICATION supabase_realtime ADD TABLE ...).
-- There it belongs to supabase_admin, a superuser as here.
CREATE PUBLICATION supabase_realtime;
ALTER PUBLICATION supabase_realtime OWNER TO supabase_admin;
