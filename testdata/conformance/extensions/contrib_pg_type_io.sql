-- pg_type's storage and I/O columns of contrib's base types: the
-- extensions' own functions, qualified when their schema is off the
-- search path; their array types and domains over them as for any type.
CREATE EXTENSION citext;

CREATE EXTENSION hstore;

CREATE EXTENSION isn;

CREATE SCHEMA extensions;

CREATE EXTENSION ltree SCHEMA extensions;

CREATE DOMAIN email AS citext;

SELECT typname, typlen, typbyval, typalign, typstorage, typdelim, typsubscript::text,
       typinput::text, typoutput::text, typreceive::text, typsend::text,
       typmodin::text, typmodout::text, typanalyze::text
FROM pg_type
WHERE typname IN ('citext', '_citext', 'hstore', '_hstore', 'ean13', 'isbn', 'ltree', 'lquery', '_ltree', 'email')
ORDER BY typname;

SET search_path = public, extensions;

SELECT typname, typinput::text, typoutput::text FROM pg_type WHERE typname = 'ltree';

SELECT a.attname, a.attstorage
FROM pg_attribute a
WHERE a.attrelid = 'pg_catalog.pg_type'::regclass AND a.attname IN ('typalign', 'typinput', 'typdefaultbin')
ORDER BY a.attnum;
