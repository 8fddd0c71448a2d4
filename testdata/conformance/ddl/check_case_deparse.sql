-- CASE in CHECK constraints and generated columns prints as PostgreSQL's ruleutils indents it
CREATE TABLE cc (i int, n numeric, ok bool, t text, CHECK (CASE WHEN ok THEN i > 0 ELSE true END), CHECK ((CASE WHEN i > 10 THEN 'big' WHEN i > 0 THEN 'small' END) <> 'x'), CHECK (n > CASE WHEN ok THEN 1 ELSE 2.5 END), label text GENERATED ALWAYS AS (CASE WHEN i IS NULL THEN 'none' ELSE t END) STORED);
SELECT conname, pg_get_constraintdef(oid), pg_get_constraintdef(oid, true) FROM pg_constraint WHERE conrelid = 'cc'::regclass ORDER BY conname;
SELECT column_name, generation_expression FROM information_schema.columns WHERE table_name = 'cc' AND is_generated = 'ALWAYS';
