-- joins of four and five tables written in a bad order (the fact table
-- first, the selective filter on the last dimension) and in a good one:
-- the same rows; outer joins keep their meaning
CREATE TABLE jo_regions (id int PRIMARY KEY, name text NOT NULL);
CREATE TABLE jo_stores (id int PRIMARY KEY, region_id int NOT NULL REFERENCES jo_regions(id), name text NOT NULL);
CREATE TABLE jo_customers (id int PRIMARY KEY, name text NOT NULL, tier int NOT NULL);
CREATE TABLE jo_products (id int PRIMARY KEY, name text NOT NULL, price numeric NOT NULL);
CREATE TABLE jo_orders (id bigint PRIMARY KEY, customer_id int NOT NULL REFERENCES jo_customers(id), product_id int NOT NULL REFERENCES jo_products(id), store_id int NOT NULL REFERENCES jo_stores(id), qty int NOT NULL);
INSERT INTO jo_regions SELECT g, 'region ' || g FROM generate_series(1, 10) g;
INSERT INTO jo_stores SELECT g, 1 + g % 10, 'store ' || g FROM generate_series(1, 100) g;
INSERT INTO jo_customers SELECT g, 'customer ' || g, g % 5 FROM generate_series(1, 500) g;
INSERT INTO jo_products SELECT g, 'product ' || g, g % 97 FROM generate_series(1, 200) g;
INSERT INTO jo_orders SELECT g, 1 + (g * 7919) % 500, 1 + (g * 104729) % 200, 1 + (g * 31) % 100, 1 + g % 9 FROM generate_series(1::bigint, 5000) g;
CREATE INDEX jo_orders_customer_id_idx ON jo_orders (customer_id);
CREATE INDEX jo_orders_store_id_idx ON jo_orders (store_id);
ANALYZE jo_regions;
ANALYZE jo_stores;
ANALYZE jo_customers;
ANALYZE jo_products;
ANALYZE jo_orders;
SELECT o.id, c.name, p.name, s.name, r.name FROM jo_orders o JOIN jo_customers c ON c.id = o.customer_id JOIN jo_products p ON p.id = o.product_id JOIN jo_stores s ON s.id = o.store_id JOIN jo_regions r ON r.id = s.region_id WHERE s.name = 'store 7' ORDER BY o.id;
SELECT o.id, c.name, p.name, s.name, r.name FROM jo_regions r JOIN jo_stores s ON r.id = s.region_id JOIN jo_orders o ON s.id = o.store_id JOIN jo_customers c ON c.id = o.customer_id JOIN jo_products p ON p.id = o.product_id WHERE s.name = 'store 7' ORDER BY o.id;
SELECT o.id, c.tier, s.name FROM jo_orders o, jo_customers c, jo_stores s WHERE c.id = o.customer_id AND s.id = o.store_id AND c.name = 'customer 42' ORDER BY o.id;
SELECT r.name, count(*), sum(o.qty) FROM jo_orders o JOIN jo_customers c ON c.id = o.customer_id JOIN jo_stores s ON s.id = o.store_id JOIN jo_regions r ON r.id = s.region_id WHERE c.tier = 3 GROUP BY r.name ORDER BY r.name;
SELECT o.id, o.qty, s.name FROM jo_orders o JOIN jo_stores s ON s.id = o.store_id JOIN jo_regions r ON r.id = s.region_id JOIN jo_customers c ON c.id = o.customer_id WHERE r.name = 'region 4' AND c.name LIKE 'customer 1%' ORDER BY o.qty DESC, o.id LIMIT 12;
SELECT o.id, c.name, p.name FROM jo_orders o JOIN jo_customers c ON c.id = o.customer_id LEFT JOIN jo_products p ON p.id = o.product_id AND p.price < 10 JOIN jo_stores s ON s.id = o.store_id WHERE s.name IN ('store 3', 'store 4') ORDER BY o.id LIMIT 20;
SELECT r.name, o.id FROM jo_orders o JOIN jo_customers c ON c.id = o.customer_id JOIN jo_stores s ON s.id = o.store_id RIGHT JOIN jo_regions r ON r.id = s.region_id AND r.id = 3 AND c.tier = 1 ORDER BY r.name, o.id LIMIT 15;
SELECT o.id, s.name, p.name FROM jo_orders o JOIN jo_products p ON p.id = o.product_id JOIN jo_stores s ON s.id = o.store_id AND s.id > o.qty * 10 JOIN jo_customers c ON c.id = o.customer_id WHERE p.name = 'product 5' ORDER BY o.id;
