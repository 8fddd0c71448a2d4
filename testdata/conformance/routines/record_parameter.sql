-- A row of any composite type passes to a parameter of the record
-- pseudo-type (Supabase's realtime.broadcast_changes takes NEW and OLD
-- so); ALTER FUNCTION names such a function by (…, record).
CREATE TABLE rp_items (id int PRIMARY KEY, name text);
CREATE TABLE rp_log (line text);
CREATE FUNCTION rp_show(label text, r record) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  RETURN label || ': ' || coalesce(to_jsonb(r)::text, 'null');
END $$;
CREATE FUNCTION rp_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rp_log VALUES (rp_show(tg_op || ' new', new)), (rp_show(tg_op || ' old', old));
  RETURN NULL;
END $$;
CREATE TRIGGER rp_items_log AFTER INSERT OR UPDATE OR DELETE ON rp_items FOR EACH ROW EXECUTE FUNCTION rp_trg();
INSERT INTO rp_items VALUES (1, 'one');
UPDATE rp_items SET name = 'uno';
DELETE FROM rp_items;
SELECT line FROM rp_log ORDER BY line;
SELECT rp_show('row', ROW(1, 'x'));
SELECT rp_show('table row', i) FROM (VALUES (1)) AS v(x), LATERAL (SELECT 2 AS id, 'two'::text AS name) i;
ALTER FUNCTION rp_show(text, record) OWNER TO CURRENT_USER;
COMMENT ON FUNCTION rp_show(text, record) IS 'shows a row';
DROP FUNCTION rp_show(text, record) CASCADE;
