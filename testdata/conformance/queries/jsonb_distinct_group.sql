-- DISTINCT, GROUP BY, count(DISTINCT) and IN over jsonb values built
-- per row: equal documents are one group (found by bench/pgfuzz).
CREATE TABLE jg_events (id int PRIMARY KEY, kind text, n int, payload jsonb);
INSERT INTO jg_events VALUES
 (1, 'a', 10, '{"k": "x", "n": 1}'), (2, 'b', 20, '{"n": 1, "k": "x"}'), (3, 'a', NULL, '[1, 2]'),
 (4, NULL, 10, '[1, 2]'), (5, 'c', 30, '{"o": {"p": true}}'), (6, 'b', 20, NULL), (7, 'a', 10, '"x"');

SELECT DISTINCT jsonb_build_object('kind', kind) AS o FROM jg_events ORDER BY 1;
SELECT DISTINCT payload FROM jg_events ORDER BY 1 NULLS FIRST;
SELECT payload, count(*) FROM jg_events GROUP BY payload ORDER BY 1 NULLS FIRST;
SELECT jsonb_build_object('n', n) AS k, sum(id) FROM jg_events GROUP BY 1 HAVING count(*) > 1 ORDER BY 1;
SELECT jsonb_build_array(kind, n) AS k, array_agg(id ORDER BY id) FROM jg_events GROUP BY 1 ORDER BY 1;
SELECT count(DISTINCT payload), count(DISTINCT payload - 'n'), count(DISTINCT jsonb_build_object('n', n)) FROM jg_events;
SELECT id FROM jg_events WHERE jsonb_build_object('n', n) IN (SELECT jsonb_build_object('n', e.n) FROM jg_events e WHERE e.kind = 'b') ORDER BY id;
SELECT DISTINCT payload -> 'k' AS k, payload ? 'o' AS has_o FROM jg_events ORDER BY 1 NULLS FIRST, 2;
SELECT kind FROM jg_events GROUP BY kind, payload - 'k' ORDER BY 1 NULLS FIRST;
