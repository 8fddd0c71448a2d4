-- INSERT ... SELECT ... ON CONFLICT: an untyped literal in the query's SELECT list takes the type of the column it goes to (an enum's, a domain's, jsonb) as it does without ON CONFLICT, and an unknown label still fails.
CREATE TYPE usl_kind AS ENUM ('certification', 'degree');
CREATE DOMAIN usl_pos AS int CHECK (VALUE > 0);
CREATE TABLE usl_src (id int PRIMARY KEY, t text);
INSERT INTO usl_src VALUES (1, 'a'), (2, 'b');
CREATE TABLE usl (id int PRIMARY KEY, kind usl_kind NOT NULL, pos usl_pos, meta jsonb);
INSERT INTO usl (id, kind, pos, meta) SELECT 1, 'certification', 1, '{"a": 1}' ON CONFLICT DO NOTHING;
INSERT INTO usl (id, kind) SELECT id + 1, 'degree' FROM usl_src ON CONFLICT DO NOTHING;
INSERT INTO usl (id, kind, meta) SELECT id, 'certification', '[1]' FROM usl_src ON CONFLICT (id) DO UPDATE SET meta = excluded.meta, kind = excluded.kind;
INSERT INTO usl (id, kind) SELECT 10 + s.id, 'degree' FROM (SELECT id FROM usl_src) s ON CONFLICT DO NOTHING RETURNING id, kind;
SELECT id, kind, pos, meta FROM usl ORDER BY id;
INSERT INTO usl (id, kind) SELECT 20, 'nope' ON CONFLICT DO NOTHING;
INSERT INTO usl (id, kind, pos) SELECT 21, 'degree', 0 ON CONFLICT DO NOTHING;
INSERT INTO usl (id, kind) SELECT 22, t FROM usl_src WHERE id = 1 ON CONFLICT DO NOTHING;
