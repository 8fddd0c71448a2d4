-- Writes driven by jsonb payloads, as RPC functions and edge functions send them.
CREATE TABLE products (sku text PRIMARY KEY, name text NOT NULL, price numeric(10,2) NOT NULL CHECK (price >= 0), tags text[] NOT NULL DEFAULT '{}', stock int NOT NULL DEFAULT 0, meta jsonb);
CREATE TYPE product_in AS (sku text, name text, price numeric, tags text[], stock int);
SELECT * FROM jsonb_to_recordset('[{"sku":"a1","name":"Apple","price":1.5,"stock":10},{"sku":"b2","name":"Banana","price":"0.25"}]') AS x(sku text, name text, price numeric, stock int) ORDER BY sku;
INSERT INTO products (sku, name, price, stock) SELECT sku, name, price, coalesce(stock, 0) FROM jsonb_to_recordset('[{"sku":"a1","name":"Apple","price":1.5,"stock":10},{"sku":"b2","name":"Banana","price":"0.25"}]') AS x(sku text, name text, price numeric, stock int) RETURNING sku, price, stock;
SELECT sku, name, price, tags, stock FROM jsonb_populate_recordset(NULL::product_in, '[{"sku":"c3","name":"Cherry","price":4,"tags":["red","small"]},{"sku":"a1","name":"Green apple","price":1.75,"stock":3}]') ORDER BY sku;
INSERT INTO products (sku, name, price, tags, stock) SELECT sku, name, price, coalesce(tags, '{}'), coalesce(stock, 0) FROM jsonb_populate_recordset(NULL::product_in, '[{"sku":"c3","name":"Cherry","price":4,"tags":["red","small"]},{"sku":"a1","name":"Green apple","price":1.75,"stock":3}]') ON CONFLICT (sku) DO UPDATE SET name = EXCLUDED.name, price = EXCLUDED.price, stock = products.stock + EXCLUDED.stock RETURNING sku, name, price, tags, stock;
SELECT sku, name, price, tags, stock FROM products ORDER BY sku;
SELECT (jsonb_populate_record(NULL::product_in, '{"sku":"d4","price":"2.50","unknown":1}')).*;
SELECT p.sku, p.price FROM jsonb_populate_record(NULL::product_in, '{"sku":"d4","price":"2.50"}') AS p;
SELECT * FROM jsonb_to_record('{"a":1,"b":"x","c":[1,2],"d":{"e":true}}') AS r(a int, b text, c int[], d jsonb);
UPDATE products p SET price = x.price, stock = x.stock FROM jsonb_to_recordset('[{"sku":"a1","price":2,"stock":1},{"sku":"zz","price":9,"stock":9}]') AS x(sku text, price numeric, stock int) WHERE p.sku = x.sku RETURNING p.sku, p.price, p.stock;
UPDATE products SET meta = coalesce(meta, '{}') || jsonb_build_object('color', 'yellow', 'organic', true) WHERE sku = 'b2' RETURNING meta;
UPDATE products SET meta = jsonb_set(meta, '{dims}', '{"w": 3, "h": 20}') WHERE sku = 'b2' RETURNING meta;
UPDATE products SET meta = meta #- '{dims,w}' WHERE sku = 'b2' RETURNING meta;
SELECT sku FROM products WHERE meta @> '{"organic": true}';
SELECT sku, meta->'dims'->>'h' AS h, (meta->'dims'->>'h')::int * 2 AS h2 FROM products WHERE meta ? 'dims';
DELETE FROM products WHERE sku IN (SELECT jsonb_array_elements_text('["b2","nope"]')) RETURNING sku;
SELECT jsonb_agg(jsonb_build_object('sku', sku, 'price', price) ORDER BY sku) FROM products;
SELECT json_agg(p ORDER BY sku) FROM (SELECT sku, stock FROM products) p;
SELECT jsonb_object_agg(sku, stock ORDER BY sku) FROM products;
SELECT to_jsonb(p) - 'meta' FROM products p WHERE sku = 'c3';
SELECT row_to_json(t) FROM (SELECT sku, tags FROM products WHERE sku = 'c3') t;
INSERT INTO products (sku, name, price) SELECT * FROM jsonb_to_recordset('[{"sku":"e5","name":"Elderberry","price":-1}]') AS x(sku text, name text, price numeric);
INSERT INTO products (sku, name, price) SELECT * FROM jsonb_to_recordset('[{"sku":"e5","price":1}]') AS x(sku text, name text, price numeric);
SELECT * FROM jsonb_to_recordset('[{"n":"abc"}]') AS x(n int);
SELECT * FROM jsonb_to_recordset('{"n":1}') AS x(n int);
SELECT * FROM jsonb_populate_recordset(NULL::product_in, '[{"stock":"1.5"}]');
CREATE FUNCTION upsert_products(payload jsonb) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  n int;
BEGIN
  INSERT INTO products (sku, name, price, tags)
  SELECT r.sku, r.name, r.price, coalesce(r.tags, '{}')
  FROM jsonb_to_recordset(payload) AS r(sku text, name text, price numeric, tags text[])
  ON CONFLICT (sku) DO UPDATE SET name = EXCLUDED.name, price = EXCLUDED.price, tags = EXCLUDED.tags;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END;
$$;
SELECT upsert_products('[{"sku":"a1","name":"Apple","price":1.1,"tags":["fruit"]},{"sku":"f6","name":"Fig","price":3}]');
SELECT sku, name, price, tags FROM products ORDER BY sku;
SELECT sku, elem, ord FROM products, unnest(tags) WITH ORDINALITY AS t(elem, ord) ORDER BY sku, ord;
SELECT key, value FROM jsonb_each('{"a":1,"b":[true,null],"c":"s"}') ORDER BY key;
SELECT key, value FROM jsonb_each_text('{"a":1,"b":[true,null],"c":"s","d":null}') ORDER BY key;
SELECT jsonb_array_length('[1,2,3]'), jsonb_strip_nulls('{"a":null,"b":{"c":null,"d":1}}'), jsonb_pretty('{"a":[1,{"b":2}]}');
