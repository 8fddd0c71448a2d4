-- citext is a collatable type: pg_type.typcollation and a citext
-- column's attcollation are the database's default collation.
CREATE EXTENSION citext;
SELECT typname, typcollation, typlen, typbyval, typalign, typstorage FROM pg_type WHERE typname IN ('citext', '_citext') ORDER BY typname;
CREATE TABLE cc (a citext, b citext[]);
SELECT attname, attcollation, attlen, attbyval, attalign, attstorage FROM pg_attribute WHERE attrelid = 'cc'::regclass AND attnum > 0 ORDER BY attnum;
