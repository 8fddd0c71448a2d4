-- conformance: requires btree_gist
-- EXCLUDE ... INCLUDE (cols): the INCLUDE columns ride in the constraint's
-- index (indnatts, indkey, pg_get_indexdef, pg_get_constraintdef) and take
-- no part in the exclusion
CREATE EXTENSION IF NOT EXISTS btree_gist;
CREATE TABLE bk (room int, during tsrange, note text, who text, EXCLUDE USING gist (room WITH =, during WITH &&) INCLUDE (note));
ALTER TABLE bk ADD CONSTRAINT bk_who EXCLUDE USING gist (who WITH =) INCLUDE (note, room);
ALTER TABLE bk ADD CONSTRAINT bk_bad EXCLUDE USING gist (who WITH =) INCLUDE (nope);
CREATE TABLE bk2 (a int, EXCLUDE (a WITH =) INCLUDE (nope));
SELECT conname, contype, conkey::text, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'bk'::regclass ORDER BY 1;
SELECT indexrelid::regclass::text, indnatts, indnkeyatts, indkey::text, indisexclusion, pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid = 'bk'::regclass ORDER BY 1;
INSERT INTO bk VALUES (1, '[2024-01-01,2024-01-05)', 'a', 'x');
INSERT INTO bk VALUES (1, '[2024-01-03,2024-01-06)', 'b', 'y');
INSERT INTO bk VALUES (2, '[2024-01-03,2024-01-06)', 'a', 'x');
INSERT INTO bk VALUES (2, '[2024-01-03,2024-01-06)', 'a', 'z');
SELECT * FROM bk ORDER BY room;
SELECT attname FROM pg_attribute WHERE attrelid = 'bk_who'::regclass ORDER BY attnum;
ALTER TABLE bk DROP CONSTRAINT bk_who;
SELECT conname FROM pg_constraint WHERE conrelid = 'bk'::regclass ORDER BY 1;
