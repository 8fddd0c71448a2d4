-- under pg_dump's empty search_path, defaults, checks and policies print schema-qualified
CREATE TYPE mood AS ENUM ('ok', 'sad');
CREATE SEQUENCE inv START 100;
CREATE SCHEMA app;
CREATE SEQUENCE app.counter;
CREATE TABLE t (id int DEFAULT nextval('inv'), m mood DEFAULT 'ok', s serial, n bigint DEFAULT nextval('app.counter'), ms mood[] DEFAULT '{sad}', CONSTRAINT t_m_check CHECK (m <> 'sad'::mood));
CREATE TABLE app.u (id int DEFAULT nextval('app.counter'), m public.mood DEFAULT 'sad');
ALTER TABLE t ENABLE ROW LEVEL SECURITY;
CREATE POLICY p ON t USING (m = 'ok');
SELECT adnum, pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 't'::regclass ORDER BY adnum;
SELECT adnum, pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'app.u'::regclass ORDER BY adnum;
SET search_path = '';
SELECT adnum, pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'public.t'::regclass ORDER BY adnum;
SELECT adnum, pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'app.u'::regclass ORDER BY adnum;
SELECT pg_get_expr(polqual, polrelid) FROM pg_catalog.pg_policy WHERE polname = 'p';
SELECT pg_get_constraintdef(oid) FROM pg_catalog.pg_constraint WHERE conname = 't_m_check';
SELECT column_name, column_default FROM information_schema.columns WHERE table_name = 't' ORDER BY ordinal_position;
RESET search_path;
SELECT pg_get_expr(polqual, polrelid) FROM pg_policy WHERE polname = 'p';
