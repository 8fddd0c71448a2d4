-- bit(n) and bit varying(n)
SELECT B'101', X'1F', '101'::bit(3), '101'::varbit, '101'::bit varying(5), pg_typeof(B'101'), pg_typeof('1'::varbit(3));
SELECT B'101'::bit(2), B'1'::bit(4), '1010'::varbit(2), B'10'::bit(4)::varbit;
SELECT '1012'::bit(4);
SELECT X'G1';
SELECT 5::bit(4), 1::bit, (-1)::bit(8), 255::bit(8)::int, B'101'::int, B'101'::int8, 7::bit(3)::int;
SELECT B'101' & B'011', B'101' | B'011', B'101' # B'011', ~B'101', B'101' || B'11', B'1001' << 1, B'1001' >> 2;
SELECT B'101' & B'11';
SELECT length(B'10101'), bit_length(B'101'), get_bit(B'101', 1), B'101' = B'101', B'10' < B'101', B'11' > B'101';
CREATE TABLE flags (id int PRIMARY KEY, perms bit(4) NOT NULL DEFAULT B'0000', tags varbit(8));
INSERT INTO flags VALUES (1, B'1010', B'1'), (2, '0110', '10101010');
INSERT INTO flags (id) VALUES (3);
INSERT INTO flags VALUES (4, B'10', NULL);
INSERT INTO flags VALUES (5, B'1111', B'111111111');
SELECT id, perms, tags, perms & B'0010' = B'0010' AS can_write FROM flags ORDER BY id;
SELECT id FROM flags WHERE perms = '1010' ORDER BY id;
UPDATE flags SET perms = perms | B'0001' WHERE id = 3 RETURNING perms;
SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'flags'::regclass AND attnum > 0 ORDER BY attnum;
SELECT column_name, data_type, udt_name, character_maximum_length FROM information_schema.columns WHERE table_name = 'flags' ORDER BY ordinal_position;
