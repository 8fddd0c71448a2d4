-- IN lists, BETWEEN and COALESCE in CHECK constraints print as PostgreSQL's analyzed form (= ANY (ARRAY[...]))
CREATE TABLE cin (i int4, b int8, n numeric, t text, v varchar(20), c char(2), ok bool, CHECK (t IN ('a', 'b')), CHECK (v IN ('a', 'b')), CHECK (i IN (1, 2)), CHECK (n IN (1, 2.5)), CHECK (i NOT IN (1, 2)), CHECK (b IN (1, 5000000000)), CHECK (ok AND i IN (1, 2)), CHECK (i IN (3)), CHECK (c IN ('x', 'y')), CHECK (i BETWEEN 1 AND 5), CHECK (n NOT BETWEEN 0 AND 1.5), CHECK (COALESCE(i, 0) > 0), CHECK (i IN (1, b)), CHECK (i IN (1, 2, b)), CHECK (coalesce(t, v, 'z') <> ''));
SELECT conname, pg_get_constraintdef(oid), pg_get_constraintdef(oid, true) FROM pg_constraint WHERE conrelid = 'cin'::regclass ORDER BY conname;
CREATE TABLE pin (id int PRIMARY KEY, status text, kind varchar(10));
ALTER TABLE pin ENABLE ROW LEVEL SECURITY;
CREATE POLICY pin_status ON pin FOR SELECT USING (status IN ('open', 'closed') AND kind NOT IN ('x', 'y'));
SELECT policyname, qual FROM pg_policies WHERE tablename = 'pin' ORDER BY policyname;
