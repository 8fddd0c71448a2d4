-- lag/lead's result is anyelement: the argument's typmod is dropped, so
-- a default keeps its own scale or length (found by bench/pgfuzz).
CREATE TABLE wl_prices (id int PRIMARY KEY, price numeric(10,2), code varchar(3));
INSERT INTO wl_prices VALUES (1, 1.50, 'ab'), (2, 2.25, NULL), (3, NULL, 'xyz'), (4, 10.10, 'q');

SELECT id, lead(price, 2, 0) OVER (ORDER BY id), lag(price, 1, 1.5555) OVER (ORDER BY id) FROM wl_prices ORDER BY id;
SELECT id, lag(code, 1, 'toolong') OVER (ORDER BY id), lead(code) OVER (ORDER BY id) FROM wl_prices ORDER BY id;
SELECT id, lead(price * 2, 1, -1) OVER (PARTITION BY id % 2 ORDER BY id) FROM wl_prices ORDER BY id;
