-- TG_RELID is the table's OID, in a trigger function's declarations as
-- in its body (supa_audit's trigger reads it in both)
CREATE TABLE relid_items (id int PRIMARY KEY, name text);
CREATE TABLE relid_log (rel regclass, op text, tname name, pk text[]);
CREATE FUNCTION relid_pk(rel oid) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT array_agg(a.attname::text ORDER BY a.attnum)
  FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
  WHERE i.indrelid = rel AND i.indisprimary
$$;
CREATE FUNCTION relid_audit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pk text[] = relid_pk(TG_RELID);
  r oid := TG_RELID;
BEGIN
  INSERT INTO relid_log VALUES (r, TG_OP, TG_TABLE_NAME, pk);
  INSERT INTO relid_log VALUES (TG_RELID::regclass, TG_OP || '2', TG_RELNAME, NULL);
  RETURN coalesce(new, old);
END $$;
CREATE TRIGGER relid_t AFTER INSERT OR DELETE ON relid_items FOR EACH ROW EXECUTE FUNCTION relid_audit();
CREATE TRIGGER relid_s AFTER UPDATE ON relid_items FOR EACH STATEMENT EXECUTE FUNCTION relid_audit();
INSERT INTO relid_items VALUES (1, 'a');
UPDATE relid_items SET name = 'b';
DELETE FROM relid_items;
SELECT rel, op, tname, pk, rel = 'relid_items'::regclass AS same FROM relid_log ORDER BY op;
