-- a rule action's NEW of a column the INSERT leaves out reads the
-- column's default (PostgreSQL's rewriter substitutes it)
CREATE TABLE stock (id int PRIMARY KEY, name text DEFAULT 'unnamed', qty int DEFAULT 1, note text);
CREATE TABLE stock_log (id int, name text, qty int, note text);
CREATE RULE log_ins AS ON INSERT TO stock DO ALSO INSERT INTO stock_log VALUES (NEW.id, NEW.name, NEW.qty, NEW.note);
INSERT INTO stock (id) VALUES (1);
INSERT INTO stock (id, qty) VALUES (2, 7);
INSERT INTO stock VALUES (3, 'bolt');
INSERT INTO stock (id, name) SELECT 4, 'nut';
SELECT * FROM stock ORDER BY id;
SELECT * FROM stock_log ORDER BY id;
