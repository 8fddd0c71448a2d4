-- a renamed table keeps its primary key's name; once that key is
-- dropped, a new one takes the name it is given (or <table>_pkey)
CREATE TABLE rx_items (a int NOT NULL, b int NOT NULL, c int NOT NULL);
CREATE UNIQUE INDEX rx_items_pkey ON rx_items (a, b);
ALTER TABLE rx_items ADD CONSTRAINT rx_items_pkey PRIMARY KEY USING INDEX rx_items_pkey;
ALTER TABLE rx_items RENAME TO rx_lines;
SELECT conname, contype FROM pg_constraint WHERE conrelid = 'rx_lines'::regclass ORDER BY conname;
ALTER TABLE rx_lines DROP CONSTRAINT IF EXISTS rx_items_pkey;
ALTER TABLE rx_lines ADD CONSTRAINT rx_lines_pkey PRIMARY KEY (a, b, c);
SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'rx_lines'::regclass ORDER BY conname;
SELECT indexname FROM pg_indexes WHERE tablename = 'rx_lines' ORDER BY indexname;
ALTER TABLE rx_lines DROP CONSTRAINT IF EXISTS rx_lines_pkey;
DROP INDEX IF EXISTS rx_lines_pkey;
ALTER TABLE rx_lines ALTER COLUMN b DROP NOT NULL;
CREATE TABLE rx_other (id int PRIMARY KEY);
ALTER TABLE rx_other RENAME TO rx_renamed;
ALTER TABLE rx_renamed DROP CONSTRAINT rx_other_pkey;
ALTER TABLE rx_renamed ADD PRIMARY KEY (id);
SELECT conname FROM pg_constraint WHERE conrelid = 'rx_renamed'::regclass ORDER BY conname;
