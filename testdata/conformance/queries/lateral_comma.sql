-- a LATERAL item (or function) after a comma that starts a JOIN chain sees the earlier FROM items
CREATE TABLE la (y int);
CREATE TABLE lb (x int, v text);
CREATE TABLE lc (x int, w int);
INSERT INTO la VALUES (1), (2), (3);
INSERT INTO lb VALUES (1, 'one'), (2, 'two'), (4, 'four');
INSERT INTO lc VALUES (1, 10), (2, 20), (3, 30);
SELECT la.y, g, lb.v FROM la, LATERAL generate_series(1, la.y) g JOIN lb ON lb.x = g ORDER BY 1, 2;
SELECT la.y, g, lb.v FROM la, generate_series(1, la.y) g JOIN lb ON lb.x = g ORDER BY 1, 2;
SELECT la.y, k.a, lb.v FROM la, LATERAL (SELECT la.y * 2 AS a) k JOIN lb ON x = a ORDER BY 1;
SELECT la.y, u, lb.v FROM la, LATERAL unnest(ARRAY[la.y, 4]) u LEFT JOIN lb ON lb.x = u ORDER BY 1, 2;
SELECT la.y, n, i, lb.v FROM la, LATERAL generate_series(1, la.y) WITH ORDINALITY g(n, i) JOIN lb ON lb.x = n ORDER BY 1, 2;
SELECT la.y, lc.w, g, lb.v FROM la, lc, LATERAL generate_series(1, lc.x) g JOIN lb ON lb.x = g WHERE la.y = lc.x ORDER BY 1, 3;
SELECT la.y, k.a FROM la, LATERAL (SELECT la.y + 1 AS a) k JOIN lb ON lb.x = y ORDER BY 1;
SELECT la.y, g FROM la, LATERAL generate_series(1, la.y) g JOIN lb ON lb.x = la.y ORDER BY 1, 2;
SELECT la.y, e, lb.v FROM la, LATERAL jsonb_array_elements_text(jsonb_build_array(la.y, la.y + 1)) e JOIN lb ON lb.x::text = e ORDER BY 1, 2;
SELECT count(*) FROM la, LATERAL generate_series(1, la.y) g JOIN lb ON lb.x = g JOIN lc ON lc.x = g;
