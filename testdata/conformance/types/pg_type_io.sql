-- pg_type's storage and I/O columns (docs 53.64 pg_type): built-in
-- types, arrays, pseudo-types, and the types CREATE TYPE / CREATE DOMAIN /
-- CREATE TABLE make. User OIDs differ, so only names are selected.
SELECT typname, typlen, typbyval, typalign, typstorage, typdelim, typsubscript::text,
       typinput::text, typoutput::text, typreceive::text, typsend::text,
       typmodin::text, typmodout::text, typanalyze::text
FROM pg_catalog.pg_type
WHERE typname IN ('bool', 'int2', 'int4', 'int8', 'float8', 'numeric', 'text', 'varchar', 'bpchar',
                  'name', 'tid', 'macaddr', 'macaddr8', 'uuid', 'timestamptz', 'interval', 'time',
                  'point', 'lseg', 'jsonb', 'json', 'bytea', 'inet', 'money', 'oid', 'regclass',
                  'int4range', 'tstzrange', 'int8multirange', 'tsvector', 'bit', 'varbit',
                  '_int4', '_text', '_point', '_int2', '_float8', '_jsonb', '_tid', '_uuid',
                  'record', '_record', 'cstring', 'anyelement', 'anyarray', 'void', 'trigger', 'internal')
ORDER BY typname;

SELECT typinput::regproc, typoutput::regproc, typreceive::regproc, typsend::regproc, typmodin::regproc
FROM pg_type WHERE typname = 'varchar';

SELECT count(*) FROM pg_type WHERE typinput::text = '-' AND typtype <> 'p';

CREATE TYPE mood AS ENUM ('sad', 'happy');

CREATE DOMAIN posint AS int4 CHECK (VALUE > 0);

CREATE DOMAIN label AS text DEFAULT 'none';

CREATE DOMAIN intlist AS int4[];

CREATE DOMAIN bigrange AS int8range;

CREATE TYPE pair AS (a int4, b text);

CREATE TABLE items (id int4 PRIMARY KEY, name text);

SELECT typname, typtype, typlen, typbyval, typalign, typstorage, typdelim, typsubscript::text,
       typinput::text, typoutput::text, typreceive::text, typsend::text,
       typmodin::text, typmodout::text, typanalyze::text, typdefault
FROM pg_type
WHERE typnamespace = 'public'::regnamespace
ORDER BY typname;

SELECT t.typname, pg_get_expr(t.typdefaultbin, 'pg_type'::regclass)
FROM pg_type t WHERE t.typname = 'label';
