-- An integer constant in a window's ORDER BY is a constant sort key
-- (every row a peer), not a SELECT-list ordinal (found by bench/pgfuzz).
CREATE TABLE wc_sales (id int PRIMARY KEY, region text, amount int);
INSERT INTO wc_sales VALUES (1, 'n', 10), (2, 's', 20), (3, 'n', NULL), (4, 's', 5), (5, 'e', 7);

SELECT id, rank() OVER (ORDER BY 10) FROM wc_sales ORDER BY id;
SELECT id, sum(amount) OVER (ORDER BY 1) AS total, sum(amount) OVER (ORDER BY 1, id) AS running FROM wc_sales ORDER BY id;
SELECT id, dense_rank() OVER (PARTITION BY region ORDER BY -1 DESC NULLS LAST) FROM wc_sales ORDER BY id;
SELECT id, count(*) OVER (ORDER BY 2 ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM wc_sales ORDER BY id;
SELECT id, sum(amount) OVER w FROM wc_sales WINDOW w AS (ORDER BY 3) ORDER BY 1;
SELECT id, row_number() OVER (PARTITION BY region ORDER BY 1, id) FROM wc_sales ORDER BY 2, 1;
