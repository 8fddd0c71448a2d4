-- data-modifying CTEs: WITH ... INSERT/UPDATE/DELETE ... RETURNING
CREATE TABLE orders (id serial PRIMARY KEY, customer text NOT NULL, status text NOT NULL DEFAULT 'new', total numeric(10,2) NOT NULL);
CREATE TABLE order_events (order_id int NOT NULL, event text NOT NULL);
CREATE TABLE archived_orders (id int PRIMARY KEY, customer text, total numeric(10,2));
INSERT INTO orders (customer, total) VALUES ('ann', 10), ('bob', 25.5), ('ann', 99.99), ('cy', 5);
WITH new_order AS (INSERT INTO orders (customer, total) VALUES ('di', 42) RETURNING id) INSERT INTO order_events (order_id, event) SELECT id, 'created' FROM new_order RETURNING order_id, event;
WITH shipped AS (UPDATE orders SET status = 'shipped' WHERE customer = 'ann' RETURNING id) INSERT INTO order_events SELECT id, 'shipped' FROM shipped;
SELECT order_id, event FROM order_events ORDER BY order_id, event;
WITH moved AS (DELETE FROM orders WHERE status = 'shipped' RETURNING id, customer, total) INSERT INTO archived_orders SELECT * FROM moved RETURNING id, total;
SELECT id, customer, status FROM orders ORDER BY id;
WITH d AS (DELETE FROM order_events WHERE event = 'shipped' RETURNING order_id) SELECT count(*) AS deleted, sum(order_id) FROM d;
WITH totals AS (SELECT customer, sum(total) AS t FROM orders GROUP BY customer) UPDATE orders o SET total = o.total + 1 FROM totals WHERE totals.customer = o.customer AND totals.t > 20 RETURNING o.id, o.total;
WITH ins AS (INSERT INTO orders (customer, total) VALUES ('ed', 1), ('fay', 2) RETURNING id, customer) SELECT customer FROM ins ORDER BY customer;
WITH a AS (UPDATE orders SET status = 'paid' WHERE customer = 'bob' RETURNING id), b AS (UPDATE orders SET status = 'void' WHERE customer = 'cy' RETURNING id) SELECT (SELECT count(*) FROM a) AS paid, (SELECT count(*) FROM b) AS voided;
SELECT status, count(*) FROM orders GROUP BY status ORDER BY status;
WITH bad AS (INSERT INTO orders (customer) VALUES ('gus') RETURNING id) SELECT * FROM bad;
WITH gone AS (DELETE FROM orders RETURNING id) SELECT count(*) FROM gone;
SELECT count(*) FROM orders;
