-- NULLIF evaluates both arguments, as PostgreSQL does: an error in the
-- second raises even when the first is NULL (found by bench/pgfuzz).
CREATE TABLE nb_t (id int PRIMARY KEY, a int, b text);
INSERT INTO nb_t VALUES (1, 10, 'x'), (2, 0, NULL), (3, NULL, 'y');

SELECT id, nullif(a, 10) FROM nb_t ORDER BY id;
SELECT id, nullif(length(b), 1) FROM nb_t ORDER BY id;
SELECT id, nullif(length(b), 10 / a) FROM nb_t ORDER BY id;
SELECT id, nullif(NULL::int, 10 / a) FROM nb_t WHERE id = 2;
SELECT id, nullif(b, 'x') FROM nb_t WHERE a <> 0 ORDER BY id;
