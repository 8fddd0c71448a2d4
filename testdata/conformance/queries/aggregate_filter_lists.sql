-- several aggregates over one column whose FILTERs differ only in their lists
CREATE TABLE orders (id int PRIMARY KEY, status text, region text, total numeric, tags text[]);
INSERT INTO orders VALUES (1, 'paid', 'eu', 10, '{a}'), (2, 'paid', 'us', 20, '{b}'), (3, 'refunded', 'eu', 5, '{a,b}'), (4, 'open', 'apac', 7, '{c}'), (5, 'open', 'us', 3, '{}');
SELECT sum(total) FILTER (WHERE status IN ('paid', 'refunded')) AS settled, sum(total) FILTER (WHERE status IN ('open')) AS pending FROM orders;
SELECT count(*) FILTER (WHERE id IN (1, 2)), count(*) FILTER (WHERE id IN (3, 4, 5)), count(*) FILTER (WHERE id NOT IN (1, 2)) FROM orders;
SELECT region, sum(total) FILTER (WHERE status IN ('paid')) AS paid, sum(total) FILTER (WHERE status IN ('open', 'refunded')) AS other FROM orders GROUP BY region ORDER BY region;
SELECT count(*) FILTER (WHERE tags && ARRAY['a']), count(*) FILTER (WHERE tags && ARRAY['c']) FROM orders;
SELECT max(total) FILTER (WHERE region = ANY (ARRAY['eu', 'us'])), max(total) FILTER (WHERE region = ANY (ARRAY['apac'])) FROM orders;
