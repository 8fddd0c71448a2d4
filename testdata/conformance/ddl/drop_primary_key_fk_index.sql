-- a foreign key whose columns lead a composite primary key keeps working
-- once that key is dropped (PostgreSQL needs no index on them), and a
-- primary key another table's key references cannot be dropped
CREATE TABLE pkfk_sets (id int PRIMARY KEY, name text);
CREATE TABLE pkfk_cols (set_id int NOT NULL, name text NOT NULL, id int NOT NULL, PRIMARY KEY (set_id, name));
ALTER TABLE pkfk_cols ADD CONSTRAINT pkfk_cols_set_id_fkey FOREIGN KEY (set_id) REFERENCES pkfk_sets(id) ON UPDATE CASCADE ON DELETE CASCADE;
INSERT INTO pkfk_sets VALUES (1, 'a'), (2, 'b');
INSERT INTO pkfk_cols VALUES (1, 'x', 10), (2, 'y', 20);
ALTER TABLE pkfk_cols DROP CONSTRAINT pkfk_cols_pkey;
ALTER TABLE pkfk_cols ADD CONSTRAINT pkfk_cols_pkey PRIMARY KEY (id);
DELETE FROM pkfk_sets WHERE false;
UPDATE pkfk_sets SET id = 3 WHERE id = 2;
DELETE FROM pkfk_sets WHERE id = 1;
SELECT * FROM pkfk_cols ORDER BY id;
INSERT INTO pkfk_cols VALUES (9, 'z', 30);
ALTER TABLE pkfk_sets DROP CONSTRAINT pkfk_sets_pkey;
SELECT conname FROM pg_constraint WHERE conrelid = 'pkfk_sets'::regclass ORDER BY conname;
