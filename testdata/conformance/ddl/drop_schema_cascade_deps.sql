-- conformance: context
-- DROP SCHEMA reaches the objects of other schemas that depend on its
-- contents: without CASCADE 2BP01 lists them (PostgreSQL's DETAIL), with
-- it they go too, each named in the NOTICE's detail.

CREATE SCHEMA s;
CREATE TABLE s.parent (id int PRIMARY KEY);
CREATE TYPE s.mood AS ENUM ('ok', 'bad');
CREATE SEQUENCE s.counter;
CREATE TABLE public.child (id int PRIMARY KEY, parent_id int REFERENCES s.parent (id), m s.mood, n bigint DEFAULT nextval('s.counter'), r regclass DEFAULT 's.parent');
CREATE VIEW public.pv AS SELECT id FROM s.parent;
CREATE FUNCTION public.moodf(x s.mood) RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;
CREATE FUNCTION public.moodr() RETURNS s.mood LANGUAGE sql AS $$ SELECT 'ok'::s.mood $$;
CREATE TABLE public.pol (id int);
CREATE POLICY pp ON public.pol USING (tableoid <> 's.parent'::regclass);
CREATE FUNCTION s.trig() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
CREATE TRIGGER tg BEFORE INSERT ON public.pol FOR EACH ROW EXECUTE FUNCTION s.trig();
DROP SCHEMA s;
DROP SCHEMA s CASCADE;
SELECT conname FROM pg_constraint WHERE conrelid = 'public.child'::regclass ORDER BY conname;
SELECT attname, pg_get_expr(adbin, adrelid) FROM pg_attrdef JOIN pg_attribute ON attrelid = adrelid AND attnum = adnum WHERE adrelid = 'public.child'::regclass ORDER BY attnum;
SELECT attname FROM pg_attribute WHERE attrelid = 'public.child'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum;
SELECT proname FROM pg_proc WHERE proname IN ('moodf', 'moodr', 'trig') ORDER BY proname;
SELECT count(*) FROM pg_views WHERE viewname = 'pv';
SELECT count(*) FROM pg_policy WHERE polname = 'pp';
SELECT count(*) FROM pg_trigger WHERE tgname = 'tg';
INSERT INTO public.pol VALUES (1);
INSERT INTO public.child (id) VALUES (1);
SELECT id, n, r FROM public.child;

-- a schema with only its own objects
CREATE SCHEMA lone;
CREATE TABLE lone.a (id int);
CREATE VIEW lone.v AS SELECT id FROM lone.a;
CREATE FUNCTION lone.f() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;
DROP SCHEMA lone;
DROP SCHEMA lone CASCADE;

-- a domain, a view read from outside, a sequence a default calls
CREATE SCHEMA d;
CREATE DOMAIN d.pos AS int CHECK (VALUE > 0);
CREATE VIEW d.dv AS SELECT 1 AS one;
CREATE SEQUENCE d.seq;
CREATE TABLE public.dt (id int DEFAULT nextval('d.seq'), p d.pos, q int);
CREATE VIEW public.dvv AS SELECT one FROM d.dv;
CREATE VIEW public.dvr AS SELECT 'd.dv'::regclass AS r;
DROP SCHEMA d;
DROP SCHEMA d CASCADE;
SELECT attname FROM pg_attribute WHERE attrelid = 'public.dt'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum;
SELECT count(*) FROM pg_attrdef WHERE adrelid = 'public.dt'::regclass;
SELECT viewname FROM pg_views WHERE schemaname = 'public' ORDER BY viewname;

-- a view reading a column of the schema's type goes with the column
CREATE SCHEMA e;
CREATE TYPE e.color AS ENUM ('red', 'blue');
CREATE TABLE public.et (id int, c e.color, x int);
CREATE VIEW public.etv AS SELECT id, c FROM public.et;
CREATE VIEW public.etx AS SELECT id, x FROM public.et;
DROP SCHEMA e;
DROP SCHEMA e CASCADE;
SELECT viewname FROM pg_views WHERE viewname IN ('etv', 'etx');
SELECT attname FROM pg_attribute WHERE attrelid = 'public.et'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum;
