-- ALTER COLUMN TYPE of a column a trigger names in UPDATE OF or WHEN (0A000)
CREATE TABLE items (id int PRIMARY KEY, price int, qty int, note text);
CREATE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
CREATE TRIGGER on_price BEFORE UPDATE OF price ON items FOR EACH ROW EXECUTE FUNCTION touch();
CREATE TRIGGER on_qty BEFORE UPDATE ON items FOR EACH ROW WHEN (NEW.qty > 0) EXECUTE FUNCTION touch();
ALTER TABLE items ALTER COLUMN price TYPE bigint;
ALTER TABLE items ALTER COLUMN qty TYPE bigint;
ALTER TABLE items ALTER COLUMN note TYPE varchar(20);
DROP TRIGGER on_price ON items;
ALTER TABLE items ALTER COLUMN price TYPE bigint;
SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'items' ORDER BY ordinal_position;
