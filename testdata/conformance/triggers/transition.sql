-- statement-level AFTER triggers with transition tables (REFERENCING)
CREATE TABLE orders (id int PRIMARY KEY, amount int NOT NULL, status text NOT NULL DEFAULT 'new');
CREATE TABLE audit (n serial PRIMARY KEY, op text, detail text);
CREATE FUNCTION audit_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit (op, detail) SELECT TG_OP, 'count=' || count(*) || ' sum=' || coalesce(sum(amount), 0) FROM new_rows;
  RETURN NULL;
END $$;
CREATE TRIGGER orders_ins AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_ins();
INSERT INTO orders VALUES (1, 10), (2, 20), (3, 30);
INSERT INTO orders VALUES (4, 5);
SELECT op, detail FROM audit ORDER BY n;
CREATE FUNCTION audit_upd() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT o.id, o.amount AS before, n.amount AS after FROM old_rows o JOIN new_rows n USING (id) ORDER BY o.id LOOP
    INSERT INTO audit (op, detail) VALUES (TG_OP, r.id || ':' || r.before || '->' || r.after);
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER orders_upd AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_upd();
DELETE FROM audit;
UPDATE orders SET amount = amount * 2 WHERE id <= 2;
SELECT op, detail FROM audit ORDER BY n;
UPDATE orders SET amount = 0 WHERE id = 99;
SELECT count(*) FROM audit;
CREATE FUNCTION audit_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit (op, detail) SELECT TG_OP, string_agg(id::text || '/' || status, ',' ORDER BY id) FROM gone;
  RETURN NULL;
END $$;
CREATE TRIGGER orders_del AFTER DELETE ON orders REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION audit_del();
DELETE FROM audit;
DELETE FROM orders WHERE amount < 25;
SELECT op, detail FROM audit ORDER BY n;
SELECT id FROM orders ORDER BY id;
CREATE FUNCTION row_sees() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit (op, detail) VALUES ('row', NEW.id || ' of ' || (SELECT count(*) FROM ins_rows));
  RETURN NULL;
END $$;
CREATE TRIGGER orders_row AFTER INSERT ON orders REFERENCING NEW TABLE AS ins_rows FOR EACH ROW EXECUTE FUNCTION row_sees();
DELETE FROM audit;
INSERT INTO orders VALUES (7, 70), (8, 80);
SELECT op, detail FROM audit ORDER BY n;
CREATE TRIGGER bad_before BEFORE INSERT ON orders REFERENCING NEW TABLE AS x FOR EACH STATEMENT EXECUTE FUNCTION audit_ins();
CREATE TRIGGER bad_old AFTER INSERT ON orders REFERENCING OLD TABLE AS x FOR EACH STATEMENT EXECUTE FUNCTION audit_ins();
CREATE TRIGGER bad_new AFTER DELETE ON orders REFERENCING NEW TABLE AS x FOR EACH STATEMENT EXECUTE FUNCTION audit_ins();
CREATE TRIGGER bad_cols AFTER UPDATE OF amount ON orders REFERENCING NEW TABLE AS x FOR EACH STATEMENT EXECUTE FUNCTION audit_ins();
CREATE TRIGGER bad_same AFTER UPDATE ON orders REFERENCING OLD TABLE AS x NEW TABLE AS x FOR EACH STATEMENT EXECUTE FUNCTION audit_ins();
CREATE FUNCTION sql_fn_reads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'INSERT INTO audit (op, detail) SELECT $1, count(*)::text FROM dyn_rows' USING TG_OP;
  RETURN NULL;
END $$;
CREATE TRIGGER orders_dyn AFTER INSERT ON orders REFERENCING NEW TABLE AS dyn_rows FOR EACH STATEMENT EXECUTE FUNCTION sql_fn_reads();
DELETE FROM audit;
INSERT INTO orders VALUES (9, 90);
SELECT op, detail FROM audit ORDER BY n;
SELECT * FROM new_rows;
