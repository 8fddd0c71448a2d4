-- Joins on array and interval equality (hash joins keyed by values):
-- equal arrays built apart match, '1 day' = '24 hours' (found by
-- bench/pgfuzz).
CREATE TABLE ak_tags (id int PRIMARY KEY, tags text[], wait interval);
CREATE TABLE ak_rules (id int PRIMARY KEY, tags text[], wait interval, label text);
INSERT INTO ak_tags VALUES (1, '{a,b}', '1 day'), (2, '{b}', '90 minutes'), (3, NULL, NULL), (4, '{a,b}', '24 hours'), (5, '{}', '0');
INSERT INTO ak_rules VALUES (1, '{a,b}', '24 hours', 'ab'), (2, '{b,a}', '1:30:00', 'ba'), (3, '{}', '1 day', 'empty'), (4, NULL, '0 days', 'null');

SELECT t.id, r.label FROM ak_tags t JOIN ak_rules r ON t.tags = r.tags ORDER BY 1, 2;
SELECT t.id, r.label FROM ak_tags t JOIN ak_rules r ON r.wait = t.wait ORDER BY 1, 2;
SELECT t.id, count(r.id) FROM ak_tags t LEFT JOIN ak_rules r ON t.tags = r.tags AND t.wait = r.wait GROUP BY t.id ORDER BY 1;
SELECT t.id, r.label FROM ak_tags t JOIN ak_rules r ON array_append(t.tags, 'z') = array_append(r.tags, 'z') ORDER BY 1, 2;
SELECT count(*) FROM (VALUES (ARRAY[1, 2]), (ARRAY[1, 2]), (ARRAY[3])) a(x) JOIN (VALUES (ARRAY[1, 2]), (ARRAY[3])) b(x) ON a.x = b.x;
