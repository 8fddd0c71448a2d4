-- A GROUP BY key (or a SELECT-list expression of a grouped query) that
-- holds a subquery: EXISTS, IN, scalar subqueries, correlated with the
-- grouped rows, by ordinal and by expression, with HAVING, joins and
-- ORDER BY (found by bench/pgfuzz).
CREATE TABLE gk_orders (id int PRIMARY KEY, customer text, total numeric(10,2), placed date);
CREATE TABLE gk_items (id int PRIMARY KEY, order_id int, sku text, qty int);
INSERT INTO gk_orders VALUES
 (1, 'ann', 10.00, '2024-01-01'), (2, 'bob', 25.50, '2024-01-02'), (3, 'ann', NULL, NULL),
 (4, 'cy', 7.25, '2024-02-01'), (5, NULL, 0.00, '2024-02-01'), (6, 'bob', 99.99, '2024-03-15');
INSERT INTO gk_items VALUES
 (1, 1, 'pen', 2), (2, 1, 'ink', 1), (3, 2, 'pad', NULL), (4, 4, 'pen', 5), (5, 6, 'cap', 0),
 (6, NULL, 'pen', 3), (7, 9, 'pad', 1), (8, 6, 'pen', 2);

SELECT EXISTS (SELECT 1 FROM gk_items i WHERE i.order_id = o.id AND i.sku = 'pen') AS has_pen, count(*)
FROM gk_orders o GROUP BY 1 ORDER BY 1;
SELECT EXISTS (SELECT 1 FROM gk_items i WHERE i.order_id = o.id AND i.sku = 'pen'), count(*), sum(o.total)
FROM gk_orders o GROUP BY EXISTS (SELECT 1 FROM gk_items i WHERE i.order_id = o.id AND i.sku = 'pen') ORDER BY 1;
SELECT (SELECT count(*) FROM gk_items i WHERE i.order_id = o.id) AS n_items, count(*), min(o.id)
FROM gk_orders o GROUP BY 1 ORDER BY 1;
SELECT o.id IN (SELECT i.order_id FROM gk_items i WHERE i.qty > 1) AS big, count(*)
FROM gk_orders o GROUP BY 1 ORDER BY 1 NULLS FIRST;
SELECT o.id NOT IN (SELECT i.order_id FROM gk_items i) AS no_items, array_agg(o.id ORDER BY o.id)
FROM gk_orders o GROUP BY 1 ORDER BY 1 NULLS FIRST;
SELECT o.customer, (SELECT max(i.qty) FROM gk_items i WHERE i.order_id = o.id) AS top_qty, count(*)
FROM gk_orders o GROUP BY 1, 2 ORDER BY 1 NULLS FIRST, 2 NULLS FIRST;
SELECT (SELECT count(*) FROM gk_items i WHERE i.order_id = o.id) + 1 AS k, count(*)
FROM gk_orders o GROUP BY (SELECT count(*) FROM gk_items i WHERE i.order_id = o.id)
HAVING (SELECT count(*) FROM gk_items i WHERE i.order_id = o.id) < 2
ORDER BY (SELECT count(*) FROM gk_items i WHERE i.order_id = o.id) DESC;
SELECT EXISTS (SELECT 1 FROM gk_items s WHERE s.order_id = i.order_id AND s.qty < 2) AS k, sum(o.id), count(*)
FROM gk_orders o JOIN gk_items i ON i.order_id = o.id GROUP BY 1 HAVING count(*) > 1 ORDER BY 1;
SELECT CASE WHEN EXISTS (SELECT 1 FROM gk_items s WHERE s.order_id = i.qty) THEN i.sku ELSE 'other' END AS k,
 count(DISTINCT o.customer)
FROM gk_orders o RIGHT JOIN gk_items i ON i.order_id = o.id GROUP BY 1 ORDER BY 1;
SELECT EXISTS (SELECT 1 FROM gk_items s WHERE s.order_id = i.id AND s.qty IS NULL) AS k, count(*)
FROM gk_orders o LEFT JOIN gk_items i ON i.order_id = o.id GROUP BY 1 ORDER BY 1;
SELECT (SELECT s.sku FROM gk_items s WHERE s.order_id = o.id ORDER BY s.qty DESC NULLS LAST, s.id LIMIT 1) AS top_sku,
 count(*), string_agg(o.customer, ',' ORDER BY o.id)
FROM gk_orders o GROUP BY 1 ORDER BY 1 NULLS FIRST;
SELECT l.sku IS NULL AS none, EXISTS (SELECT 1 FROM gk_items s WHERE s.order_id = o.id AND s.qty = 0) AS zero, count(*)
FROM gk_orders o LEFT JOIN LATERAL (SELECT * FROM gk_items i WHERE i.order_id = o.id ORDER BY i.qty DESC NULLS LAST, i.id LIMIT 1) l ON true
GROUP BY 1, 2 ORDER BY 1, 2;
SELECT * FROM (
 SELECT EXISTS (SELECT 1 FROM gk_items i WHERE i.order_id = o.id) AS has_items, count(*) AS n FROM gk_orders o GROUP BY 1
) g ORDER BY 1;
SELECT o.placed, (SELECT count(*) FROM gk_items i WHERE i.order_id = o.id) AS n, count(*)
FROM gk_orders o GROUP BY ROLLUP (1, 2) ORDER BY 1 NULLS FIRST, 2 NULLS FIRST, 3;
SELECT o.customer, count(*) FROM gk_orders o GROUP BY ROLLUP (1) ORDER BY 1 NULLS FIRST, 2;
