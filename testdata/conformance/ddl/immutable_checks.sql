-- index expressions and predicates, generation expressions: immutable functions only
CREATE TABLE ev (id int PRIMARY KEY, at timestamptz, name text, n int);
CREATE FUNCTION f_stable(x int) RETURNS int LANGUAGE sql STABLE AS $$ SELECT x $$;
CREATE FUNCTION f_volatile(x int) RETURNS int LANGUAGE sql AS $$ SELECT x $$;
CREATE FUNCTION f_imm(x int) RETURNS int LANGUAGE sql IMMUTABLE AS $$ SELECT x + 1 $$;
CREATE INDEX ev_now ON ev ((at > now()));
CREATE INDEX ev_pred ON ev (id) WHERE at > now();
CREATE INDEX ev_stable ON ev (f_stable(n));
CREATE INDEX ev_volatile ON ev (f_volatile(n));
CREATE INDEX ev_pred_fn ON ev (id) WHERE f_stable(n) > 0;
CREATE INDEX ev_random ON ev ((n + random()));
CREATE INDEX ev_char ON ev (to_char(at, 'YYYY'));
CREATE INDEX ev_imm ON ev (f_imm(n));
CREATE INDEX ev_lower ON ev (lower(name)) WHERE n > 0;
CREATE INDEX ev_date ON ev (date_trunc('day', at AT TIME ZONE 'UTC'));
SELECT indexname FROM pg_indexes WHERE tablename = 'ev' ORDER BY indexname;
CREATE TABLE gen1 (n int, m int GENERATED ALWAYS AS (f_stable(n)) STORED);
CREATE TABLE gen2 (n int, m int GENERATED ALWAYS AS (f_imm(n)) STORED);
INSERT INTO gen2 (n) VALUES (4) RETURNING m;
