-- result types of UNION / INTERSECT / EXCEPT columns whose sides differ
CREATE TABLE metrics (id int PRIMARY KEY, small int2, big bigint, amount numeric(10,2), ratio float8, code varchar(3), label text);
INSERT INTO metrics VALUES (1, 1, 10000000000, 12.50, 0.5, 'ab', 'first'), (2, 2, 20, 3.25, 1.5, 'cd', 'second');
SELECT small FROM metrics UNION ALL SELECT big FROM metrics ORDER BY 1;
SELECT id FROM metrics UNION SELECT amount FROM metrics ORDER BY 1;
SELECT total + 1 FROM (SELECT id AS total FROM metrics UNION ALL SELECT big FROM metrics) s ORDER BY 1;
SELECT amount FROM metrics UNION SELECT ratio FROM metrics ORDER BY 1;
SELECT code FROM metrics UNION SELECT label FROM metrics ORDER BY 1;
SELECT id FROM metrics UNION SELECT label FROM metrics;
SELECT id FROM metrics INTERSECT SELECT small FROM metrics ORDER BY 1;
SELECT big FROM metrics EXCEPT SELECT id FROM metrics ORDER BY 1;
SELECT 1 AS n UNION SELECT 2 UNION SELECT 2.5 ORDER BY 1;
SELECT NULL AS v UNION ALL SELECT amount FROM metrics ORDER BY 1;
SELECT id, label FROM metrics UNION ALL SELECT big, code FROM metrics ORDER BY 1, 2;
