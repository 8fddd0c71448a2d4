-- conformance: context
-- ADD CONSTRAINT ... EXCLUDE over existing rows: which pair the DETAIL
-- names. PostgreSQL checks each row, in scan order, against the
-- constraint's index, so the first row with any conflict is named first
-- and the row it conflicts with second, even when that one comes later.
CREATE EXTENSION btree_gist;
CREATE TABLE rooms (room int, during tsrange, note text);
INSERT INTO rooms VALUES (1, '[2024-01-01 10:00, 2024-01-01 11:00)', 'a'), (2, '[2024-01-01 10:00, 2024-01-01 11:00)', 'b'), (1, '[2024-01-01 10:30, 2024-01-01 12:00)', 'c');
ALTER TABLE rooms ADD CONSTRAINT no_overlap EXCLUDE USING gist (room WITH =, during WITH &&);
DELETE FROM rooms WHERE note = 'c';
ALTER TABLE rooms ADD CONSTRAINT no_overlap EXCLUDE USING gist (room WITH =, during WITH &&);
INSERT INTO rooms VALUES (1, '[2024-01-01 10:59, 2024-01-01 12:00)', 'd');
INSERT INTO rooms VALUES (1, '[2024-01-01 11:00, 2024-01-01 12:00)', 'e');
CREATE TABLE tags (owner int, tag text);
INSERT INTO tags SELECT g % 50, 't' || (g % 997) FROM generate_series(1, 2000) g;
INSERT INTO tags VALUES (7, 'dup'), (8, 'x'), (7, 'dup');
ALTER TABLE tags ADD CONSTRAINT one_tag EXCLUDE (owner WITH =, tag WITH =);
DELETE FROM tags WHERE tag = 'dup';
ALTER TABLE tags ADD CONSTRAINT one_tag EXCLUDE (owner WITH =, tag WITH =);
INSERT INTO tags VALUES (3, 't3');
SELECT count(*) FROM tags;
