-- conformance: requires btree_gist
-- EXCLUDE constraints (CREATE TABLE, EXCLUDE): DDL, names, catalogs,
-- operator checks, existing rows when one is added.
CREATE TABLE plain (room_id int, during tstzrange, EXCLUDE USING gist (room_id WITH =));
CREATE EXTENSION IF NOT EXISTS btree_gist;
CREATE TABLE bookings (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, room_id int NOT NULL, during tstzrange NOT NULL,
    EXCLUDE USING gist (room_id WITH =, during WITH &&));
CREATE TABLE bad_op (room_id int, during tstzrange, EXCLUDE USING gist (during WITH <<));
CREATE TABLE bad_op2 (room_id int, EXCLUDE USING gist (room_id WITH <));
CREATE TABLE bad_op3 (room_id int, EXCLUDE USING gist (room_id WITH ===));
CREATE TABLE bad_col (room_id int, EXCLUDE USING gist (nope WITH =));
CREATE TABLE named (a int, b text, c int, CONSTRAINT named_x EXCLUDE USING btree (a WITH =) WHERE (c > 0), EXCLUDE (b WITH =));
SELECT conname, contype, conkey, pg_get_constraintdef(oid), pg_get_constraintdef(oid, true), conindid::regclass::text AS idx,
       conexclop::text AS ops
  FROM pg_constraint WHERE conrelid IN ('bookings'::regclass, 'named'::regclass) ORDER BY conname;
SELECT pg_get_indexdef('bookings_room_id_during_excl'::regclass), pg_get_indexdef('named_x'::regclass);
SELECT c.relname, i.indisunique, i.indisexclusion, i.indisprimary FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
  WHERE i.indrelid IN ('bookings'::regclass, 'named'::regclass) ORDER BY c.relname;
SELECT constraint_name, constraint_type FROM information_schema.table_constraints
  WHERE table_name IN ('bookings', 'named') AND constraint_type <> 'CHECK' ORDER BY constraint_name;
SELECT constraint_name, column_name FROM information_schema.key_column_usage WHERE table_name IN ('bookings', 'named') ORDER BY 1, 2;
INSERT INTO bookings (room_id, during) VALUES (1, '[2024-01-01 10:00, 2024-01-01 11:00)'), (2, '[2024-01-01 10:00, 2024-01-01 11:00)');
ALTER TABLE bookings ADD EXCLUDE USING gist (during WITH &&);
ALTER TABLE bookings ADD CONSTRAINT one_per_room EXCLUDE (room_id WITH =);
ALTER TABLE bookings ADD CONSTRAINT one_per_room EXCLUDE (room_id WITH =);
ALTER TABLE bookings ADD EXCLUDE USING gist (id WITH =);
SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'bookings'::regclass ORDER BY conname;
ALTER TABLE bookings RENAME CONSTRAINT one_per_room TO room_once;
ALTER INDEX bookings_id_excl RENAME TO bookings_id_x;
ALTER TABLE bookings DROP CONSTRAINT room_once;
SELECT conname, contype FROM pg_constraint WHERE conrelid = 'bookings'::regclass ORDER BY conname;
SELECT relname FROM pg_class WHERE relname IN ('room_once', 'one_per_room', 'bookings_id_x') ORDER BY 1;
ALTER TABLE bookings DROP CONSTRAINT room_once;
ALTER TABLE bookings RENAME TO reservations;
SELECT conname, conrelid::regclass::text FROM pg_constraint WHERE contype = 'x' ORDER BY conname;
DROP TABLE reservations;
SELECT count(*) FROM pg_constraint WHERE contype = 'x' AND conname LIKE 'bookings%';
BEGIN;
CREATE TABLE tx (a int, EXCLUDE (a WITH =));
ROLLBACK;
SELECT count(*) FROM pg_constraint WHERE conname = 'tx_a_excl';
CREATE TABLE IF NOT EXISTS named (a int, b text, c int, CONSTRAINT named_x EXCLUDE USING btree (a WITH =));
CREATE TABLE IF NOT EXISTS fresh (a int, EXCLUDE USING btree (a WITH =));
SELECT conname FROM pg_constraint WHERE conrelid IN ('named'::regclass, 'fresh'::regclass) ORDER BY 1;
ALTER TABLE named ADD COLUMN d int, ADD EXCLUDE (d WITH =);
SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'named'::regclass ORDER BY 1;
