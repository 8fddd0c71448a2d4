-- BEFORE ROW triggers: changing NEW, returning NULL to skip, ordering by name
CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL, slug text, price numeric(8,2), note text);
CREATE FUNCTION make_slug() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.slug := lower(replace(NEW.name, ' ', '-'));
  RETURN NEW;
END $$;
CREATE TRIGGER b_slug BEFORE INSERT OR UPDATE ON items FOR EACH ROW EXECUTE FUNCTION make_slug();
INSERT INTO items (id, name, price) VALUES (1, 'Red Apple', 1.5), (2, 'Green Pear', 2);
SELECT id, slug FROM items ORDER BY id;
INSERT INTO items (id, name) VALUES (3, 'Big Box') RETURNING slug;
UPDATE items SET name = 'Yellow Pear' WHERE id = 2 RETURNING slug;
CREATE FUNCTION skip_free() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.price IS NULL OR NEW.price = 0 THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER a_skip BEFORE INSERT ON items FOR EACH ROW EXECUTE FUNCTION skip_free();
INSERT INTO items (id, name, price) VALUES (4, 'Free Thing', 0), (5, 'Paid Thing', 9.99);
SELECT id, name FROM items ORDER BY id;
INSERT INTO items (id, name) VALUES (6, 'No Price') RETURNING id;
CREATE FUNCTION note_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.note := coalesce(NEW.note, '') || TG_NAME || ';';
  RETURN NEW;
END $$;
CREATE TRIGGER z_last BEFORE INSERT ON items FOR EACH ROW EXECUTE FUNCTION note_order();
CREATE TRIGGER c_middle BEFORE INSERT ON items FOR EACH ROW EXECUTE FUNCTION note_order();
INSERT INTO items (id, name, price) VALUES (7, 'Ordered', 1);
SELECT note FROM items WHERE id = 7;
CREATE FUNCTION fill_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.name := coalesce(NEW.name, 'unnamed');
  RETURN NEW;
END $$;
CREATE TABLE named (id int PRIMARY KEY, name text NOT NULL);
CREATE TRIGGER fill BEFORE INSERT ON named FOR EACH ROW EXECUTE FUNCTION fill_name();
INSERT INTO named (id) VALUES (1);
SELECT * FROM named;
CREATE FUNCTION keep_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.id = 1 THEN
    RETURN NULL;
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER protect BEFORE DELETE ON named FOR EACH ROW EXECUTE FUNCTION keep_rows();
INSERT INTO named VALUES (2, 'two');
DELETE FROM named;
SELECT id FROM named ORDER BY id;
CREATE FUNCTION freeze_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL;
END $$;
CREATE TRIGGER freeze BEFORE UPDATE ON named FOR EACH ROW EXECUTE FUNCTION freeze_update();
UPDATE named SET name = 'changed';
SELECT name FROM named;
