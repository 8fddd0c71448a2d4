-- Partition keys that are expressions (docs 5.11.2, CREATE TABLE
-- "PARTITION BY ... ( { column_name | ( expression ) } )"): rows route by
-- the expression's value, pg_get_partkeydef and pg_partitioned_table show
-- it, routing and partition constraint errors, the key's own checks
-- (immutable, not constant, no subqueries, aggregates, window or
-- set-returning functions, system or generated columns), no unique
-- constraints, key columns cannot be dropped or retyped, renames follow
CREATE TABLE users (id int, email text) PARTITION BY RANGE ((lower(email)));
CREATE TABLE users_am PARTITION OF users FOR VALUES FROM ('a') TO ('n');
CREATE TABLE users_nz PARTITION OF users FOR VALUES FROM ('n') TO ('zzzz');
INSERT INTO users VALUES (1, 'Alice@example.com'), (2, 'Zed@example.com'), (3, 'bob@example.com'), (4, 'Nina@example.com');
SELECT tableoid::regclass, id, email FROM users ORDER BY id;
INSERT INTO users VALUES (5, '~tilde');
INSERT INTO users_am VALUES (6, 'Zz');
UPDATE users SET email = 'Quinn@example.com' WHERE id = 1;
SELECT tableoid::regclass, id, email FROM users ORDER BY id;
SELECT pg_get_partkeydef('users'::regclass);
SELECT partstrat, partnatts, partattrs::text, pg_get_expr(partexprs, partrelid) FROM pg_partitioned_table WHERE partrelid = 'users'::regclass;
SELECT pg_get_expr(relpartbound, oid) FROM pg_class WHERE relname = 'users_am';
ALTER TABLE users ADD PRIMARY KEY (id);
ALTER TABLE users ADD UNIQUE (email);
CREATE UNIQUE INDEX ON users (id);
CREATE INDEX ON users (id);
SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND tablename LIKE 'users%' ORDER BY 1;
ALTER TABLE users DROP COLUMN email;
ALTER TABLE users ALTER COLUMN email TYPE varchar(100);
ALTER TABLE users RENAME COLUMN email TO mail;
SELECT pg_get_partkeydef('users'::regclass);
INSERT INTO users VALUES (7, 'Carol@example.com');
SELECT tableoid::regclass, id, mail FROM users ORDER BY id;
CREATE TABLE events (id bigint, created_at timestamptz NOT NULL, payload jsonb) PARTITION BY RANGE (((created_at AT TIME ZONE 'UTC')::date));
CREATE TABLE events_2024_01 PARTITION OF events FOR VALUES FROM ('2024-01-01') TO ('2024-02-01');
CREATE TABLE events_2024_02 PARTITION OF events FOR VALUES FROM ('2024-02-01') TO ('2024-03-01');
CREATE TABLE events_default PARTITION OF events DEFAULT;
INSERT INTO events VALUES (1, '2024-01-31 23:30:00+00', '{}'), (2, '2024-01-31 23:30:00-05', '{}'), (3, '2024-02-15 12:00:00+00', '{}'), (4, '2023-12-31 23:59:59+00', '{}');
SELECT tableoid::regclass, id, created_at FROM events ORDER BY id;
SELECT pg_get_partkeydef('events'::regclass);
CREATE TABLE events_2023_12 PARTITION OF events FOR VALUES FROM ('2023-12-01') TO ('2024-01-01');
CREATE TABLE logs (id int, at timestamp) PARTITION BY RANGE (date_trunc('month', at));
CREATE TABLE logs_2024_05 PARTITION OF logs FOR VALUES FROM ('2024-05-01') TO ('2024-06-01');
INSERT INTO logs VALUES (1, '2024-05-31 23:59:59'), (2, '2024-05-01 00:00:00');
INSERT INTO logs VALUES (3, '2024-06-01 00:00:00');
SELECT tableoid::regclass, id, at FROM logs ORDER BY id;
SELECT pg_get_partkeydef('logs'::regclass);
CREATE TABLE hk (a int, b text) PARTITION BY HASH ((a + 1), lower(b));
CREATE TABLE hk0 PARTITION OF hk FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE hk1 PARTITION OF hk FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO hk SELECT g, 'X' || g FROM generate_series(1, 12) g;
SELECT tableoid::regclass, a, b FROM hk ORDER BY a;
SELECT pg_get_partkeydef('hk'::regclass);
CREATE TABLE lk (a int, b text) PARTITION BY LIST ((b || 'x'));
CREATE TABLE lk1 PARTITION OF lk FOR VALUES IN ('ax', 'bx');
INSERT INTO lk VALUES (1, 'a'), (2, 'b');
INSERT INTO lk VALUES (3, 'c');
CREATE TABLE pk1 (a int) PARTITION BY RANGE ((a));
SELECT pg_get_partkeydef('pk1'::regclass);
CREATE TABLE pk2 (a int) PARTITION BY RANGE (((a::text)::int));
SELECT pg_get_partkeydef('pk2'::regclass);
CREATE TABLE bad (a int, created_at timestamptz) PARTITION BY RANGE (date_trunc('month', created_at));
CREATE TABLE bad (a int, created_at timestamptz) PARTITION BY RANGE ((created_at::date));
CREATE TABLE bad (a int) PARTITION BY RANGE ((random()));
CREATE TABLE bad (a int) PARTITION BY RANGE ((1));
CREATE TABLE bad (a int) PARTITION BY RANGE ((lower('X')));
CREATE TABLE bad (a int) PARTITION BY RANGE ((sum(a)));
CREATE TABLE bad (a int) PARTITION BY RANGE (((SELECT 1)));
CREATE TABLE bad (a int) PARTITION BY RANGE ((a + b));
CREATE TABLE bad (a int) PARTITION BY RANGE ((row_number() OVER ()));
CREATE TABLE bad (a int) PARTITION BY RANGE ((generate_series(1, a)));
CREATE TABLE bad (a int) PARTITION BY RANGE ((ctid));
CREATE TABLE bad (a int) PARTITION BY RANGE (tableoid);
CREATE TABLE bad (a int) PARTITION BY RANGE (b);
CREATE TABLE bad (a int, b int GENERATED ALWAYS AS (a * 2) STORED) PARTITION BY RANGE ((b + 1));
CREATE TABLE bad (a int, b int GENERATED ALWAYS AS (a * 2) STORED) PARTITION BY RANGE (b);
CREATE TABLE bad (id int PRIMARY KEY, email text) PARTITION BY RANGE ((lower(email)));
CREATE TABLE bad (id int, email text, UNIQUE (email)) PARTITION BY RANGE ((lower(email)));
CREATE TABLE bad (a int, CHECK (a > 0) NO INHERIT) PARTITION BY LIST (a);
