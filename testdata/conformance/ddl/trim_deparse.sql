-- TRIM(... FROM ...) prints back in SQL syntax (pg_get_indexdef, CHECK, defaults)
CREATE TABLE f (id int, name text, code text CHECK (trim(leading '0' from code) <> ''));
CREATE UNIQUE INDEX f_name_unique ON f (name, id) WHERE (TRIM(BOTH FROM name) <> ''::text);
CREATE INDEX f_rtrim ON f (id) WHERE rtrim(name) <> 'x';
CREATE INDEX f_trailing ON f (id) WHERE trim(trailing 'x' from name) <> '';
SELECT indexdef FROM pg_indexes WHERE tablename = 'f' ORDER BY indexname;
SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'f'::regclass AND contype = 'c';
INSERT INTO f VALUES (1, ' a ', '01');
INSERT INTO f VALUES (2, 'a', '000');
