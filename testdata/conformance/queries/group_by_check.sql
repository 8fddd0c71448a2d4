-- grouped queries: ungrouped columns, functional dependency on the primary key
CREATE TABLE orders (id int PRIMARY KEY, customer text, total int);
INSERT INTO orders VALUES (1, 'ann', 10), (2, 'bob', 20), (3, 'ann', 5);
SELECT id, customer, total FROM orders GROUP BY id ORDER BY id;
SELECT o.customer, o.total FROM orders o GROUP BY o.customer;
SELECT customer, total + 1 FROM orders GROUP BY customer;
SELECT customer, sum(total) FROM orders GROUP BY customer HAVING max(total) > 5 ORDER BY customer;
SELECT customer FROM orders GROUP BY customer HAVING total > 1;
SELECT customer, (SELECT count(*) FROM orders i WHERE i.customer = orders.customer) FROM orders GROUP BY customer ORDER BY 1;
SELECT upper(customer), count(*) FROM orders GROUP BY customer ORDER BY 1;
SELECT customer AS c, count(*) FROM orders GROUP BY c ORDER BY 1;
SELECT customer, count(*) OVER () FROM orders GROUP BY customer ORDER BY 1;
