-- a window's PARTITION BY and ORDER BY keys are computed for every row,
-- also when there is one row and nothing to compare (bench/pgfuzz seed 35)
CREATE TABLE wk (id int PRIMARY KEY, a int, b int);
INSERT INTO wk VALUES (1, 9, 0), (2, 4, 2), (3, 5, 2);
SELECT id, dense_rank() OVER (PARTITION BY a % b) FROM wk WHERE id = 1;
SELECT id, row_number() OVER (ORDER BY a / b) FROM wk WHERE id = 1;
SELECT id, count(*) OVER (PARTITION BY a % b ORDER BY id) FROM wk WHERE id <> 1 ORDER BY id;
SELECT id, sum(a) OVER (PARTITION BY a % b ORDER BY a / b, id) FROM wk WHERE id > 1 ORDER BY id;
SELECT id, rank() OVER (PARTITION BY 10 / (a - 9)) FROM wk WHERE a = 9;
SELECT id, rank() OVER (PARTITION BY CASE WHEN b = 0 THEN 0 ELSE a / b END) FROM wk ORDER BY id;
