-- conformance: requires btree_gist
-- EXCLUDE constraints enforced on INSERT, UPDATE, upserts and COPY: a
-- row conflicts with another when every column matches by its operator.
CREATE EXTENSION IF NOT EXISTS btree_gist;
CREATE TABLE bookings (id int PRIMARY KEY, room int, during tsrange, EXCLUDE USING gist (room WITH =, during WITH &&));
INSERT INTO bookings VALUES (1, 1, '[2024-01-01 10:00, 2024-01-01 11:00)'), (2, 1, '[2024-01-01 11:00, 2024-01-01 12:00)'), (3, 2, '[2024-01-01 10:00, 2024-01-01 11:00)');
INSERT INTO bookings VALUES (4, 1, '[2024-01-01 10:30, 2024-01-01 11:30)');
INSERT INTO bookings VALUES (4, 3, '[2024-01-01 10:30, 2024-01-01 11:30)'), (5, 3, '[2024-01-01 11:00, 2024-01-01 11:15)');
UPDATE bookings SET during = '[2024-01-01 10:30, 2024-01-01 11:30)' WHERE id = 2;
UPDATE bookings SET room = 1 WHERE id = 3;
UPDATE bookings SET during = during WHERE id = 1;
UPDATE bookings SET room = 3;
INSERT INTO bookings VALUES (6, NULL, '[2024-01-01 10:00, 2024-01-01 11:00)'), (7, NULL, '[2024-01-01 10:00, 2024-01-01 11:00)');
INSERT INTO bookings VALUES (8, 5, 'empty'), (9, 5, 'empty');
INSERT INTO bookings VALUES (10, 1, '[2024-01-01 10:30, 2024-01-01 11:30)'), (11, 7, '[2024-01-01 10:30, 2024-01-01 11:30)') ON CONFLICT DO NOTHING;
INSERT INTO bookings VALUES (12, 7, '[2024-01-01 11:00, 2024-01-01 12:00)') ON CONFLICT ON CONSTRAINT bookings_room_during_excl DO NOTHING RETURNING id;
INSERT INTO bookings VALUES (12, 7, '[2024-01-01 11:00, 2024-01-01 12:00)') ON CONFLICT (room, during) DO NOTHING;
INSERT INTO bookings VALUES (12, 7, '[2024-01-01 11:00, 2024-01-01 12:00)') ON CONFLICT ON CONSTRAINT bookings_room_during_excl DO UPDATE SET room = 8;
INSERT INTO bookings VALUES (1, 9, '[2024-01-01 11:00, 2024-01-01 12:00)') ON CONFLICT DO NOTHING;
SELECT * FROM bookings ORDER BY id;
CREATE TABLE slots (id int, kind text, during int4range, EXCLUDE USING gist (kind WITH =, during WITH &&) WHERE (kind <> 'free'));
INSERT INTO slots VALUES (1, 'free', '[1,10)'), (2, 'free', '[1,10)'), (3, 'busy', '[1,10)');
INSERT INTO slots VALUES (4, 'busy', '[5,6)');
UPDATE slots SET kind = 'busy' WHERE id = 1;
UPDATE slots SET during = '[10,20)' WHERE id = 1;
UPDATE slots SET kind = 'busy' WHERE id = 1;
SELECT * FROM slots ORDER BY id;
BEGIN;
INSERT INTO slots VALUES (5, 'busy', '[30,40)');
SAVEPOINT s;
INSERT INTO slots VALUES (6, 'busy', '[35,36)');
ROLLBACK TO s;
INSERT INTO slots VALUES (6, 'busy', '[40,41)');
COMMIT;
SELECT id, during FROM slots WHERE id >= 5 ORDER BY id;
CREATE TABLE appts (id int PRIMARY KEY, doctor int NOT NULL, starts_at timestamptz NOT NULL, ends_at timestamptz NOT NULL, status text,
  CONSTRAINT no_overlap EXCLUDE USING gist (doctor WITH =, tstzrange(starts_at, ends_at) WITH &&) WHERE (status <> 'cancelled'));
INSERT INTO appts VALUES (1, 1, '2024-01-01 10:00+00', '2024-01-01 11:00+00', 'ok');
INSERT INTO appts VALUES (2, 1, '2024-01-01 10:30+00', '2024-01-01 11:30+00', 'ok');
INSERT INTO appts VALUES (2, 1, '2024-01-01 10:30+00', '2024-01-01 11:30+00', 'cancelled');
UPDATE appts SET status = 'ok' WHERE id = 2;
INSERT INTO appts VALUES (3, 2, '2024-01-01 10:30+00', '2024-01-01 11:30+00', 'ok');
SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'appts'::regclass ORDER BY 1;
CREATE TABLE sums (x int, y int, EXCLUDE ((x + y) WITH =));
INSERT INTO sums VALUES (1, 2), (2, 1);
SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'sums'::regclass;
