-- conformance: ordered
-- ROLLBACK TO SAVEPOINT closes the cursors opened after the savepoint;
-- the others keep their position.
BEGIN;
DECLARE a CURSOR FOR SELECT g FROM generate_series(1, 5) g;
FETCH a;
SAVEPOINT s1;
DECLARE b CURSOR FOR SELECT 'b' AS x;
FETCH a;
SAVEPOINT s2;
DECLARE c CURSOR FOR SELECT 'c' AS x;
RELEASE SAVEPOINT s2;
ROLLBACK TO SAVEPOINT s1;
SELECT name FROM pg_cursors ORDER BY name;
FETCH a;
FETCH b;
ROLLBACK;
