-- conformance: context
-- EXCLUDED is visible only in ON CONFLICT DO UPDATE's SET and WHERE:
-- RETURNING naming it is 42P01 with PostgreSQL's wording and position.

CREATE TABLE u (a int PRIMARY KEY, b int);
INSERT INTO u VALUES (1, 1) ON CONFLICT (a) DO UPDATE SET b = excluded.b RETURNING excluded.b;
INSERT INTO u VALUES (1, 2) ON CONFLICT (a) DO UPDATE SET b = excluded.b RETURNING b, excluded.a;
INSERT INTO u AS x VALUES (1, 2) ON CONFLICT (a) DO UPDATE SET b = excluded.b RETURNING x.b, excluded.*;
INSERT INTO u VALUES (2, 2) RETURNING excluded.b;
SELECT a, b FROM u ORDER BY a;
