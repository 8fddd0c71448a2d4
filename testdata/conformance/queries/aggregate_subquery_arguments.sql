-- A subquery in an aggregate call's argument, FILTER or ORDER BY, in a
-- query grouped by a computed key, over joins and LATERAL (found by
-- bench/pgfuzz).
CREATE TABLE sa_accounts (id int PRIMARY KEY, region int, name text, balance numeric(10,2));
CREATE TABLE sa_events (id int PRIMARY KEY, account_id int, kind text, amount int);
INSERT INTO sa_accounts VALUES
 (1, 10, 'acme', 1.50), (2, 20, 'bolt', 2.25), (3, NULL, 'core', NULL), (4, 10, 'dyne', -3.00),
 (5, 30, NULL, 0.00), (6, 20, 'echo', 10.10), (7, -5, '', 7.77), (8, 0, 'flux', 2.25);
INSERT INTO sa_events VALUES
 (1, 1, 'open', 5), (2, 1, 'pay', 7), (3, 2, 'open', NULL), (4, 4, 'pay', 5), (5, 8, 'close', 0),
 (6, NULL, 'pay', 3), (7, 11, 'open', 8), (8, 6, 'pay', -1), (9, 6, 'open', 5), (10, 3, 'close', 2);

SELECT a.region + 1 AS k, sum(CASE WHEN a.id IN (SELECT e.amount FROM sa_events e) THEN -5 ELSE a.id END)
FROM sa_accounts a GROUP BY 1 ORDER BY 1 NULLS FIRST;
SELECT 100 + a.balance AS k, count(*) FILTER (WHERE EXISTS (SELECT 1 FROM sa_events e WHERE e.account_id = a.id))
FROM sa_accounts a GROUP BY 1 ORDER BY 1 NULLS FIRST;
SELECT 0 IN (10, 0, 2) AS k, avg(CASE WHEN a.id NOT IN (SELECT e.amount FROM sa_events e WHERE e.kind <> 'pay') THEN a.region ELSE a.id END)
FROM sa_accounts a GROUP BY 1 HAVING count(*) > 0;
SELECT a.region % 3 AS k,
 string_agg(a.name, ',' ORDER BY a.id) FILTER (WHERE EXISTS (SELECT 1 FROM sa_events e WHERE e.account_id = a.id)),
 array_agg(a.id ORDER BY (SELECT max(e.amount) FROM sa_events e WHERE e.account_id = a.id) NULLS FIRST, a.id)
FROM sa_accounts a GROUP BY 1 ORDER BY 1 NULLS FIRST;
SELECT 100 + a.balance AS k, sum(CASE WHEN a.id IN (SELECT e.amount FROM sa_events e WHERE e.kind IS NOT NULL) THEN -5 ELSE a.id END)
FROM sa_accounts a, LATERAL (SELECT * FROM sa_events e WHERE e.account_id = a.id ORDER BY e.amount DESC NULLS LAST, e.id LIMIT 1) l
GROUP BY 1 ORDER BY 1 NULLS FIRST;
SELECT upper(e.kind) AS k, sum((SELECT count(*) FROM sa_events s WHERE s.account_id = a.id)), count(DISTINCT a.region)
FROM sa_accounts a JOIN sa_events e ON e.account_id = a.id GROUP BY 1 ORDER BY 1;
SELECT coalesce(a.name, '-') AS k, max(CASE WHEN a.balance > 5 THEN (SELECT e.kind FROM sa_events e WHERE e.account_id = a.id ORDER BY e.id LIMIT 1) END)
FROM sa_accounts a GROUP BY 1 ORDER BY 1;
