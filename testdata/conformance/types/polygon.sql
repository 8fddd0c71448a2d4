-- polygon: input forms, output, ~= and npoints
SELECT '((0,0),(1,1))'::polygon, '(0,0),(1,1)'::polygon, '0,0,1,1,2,3'::polygon, '( 0 , 0 , 1.5 , 1e20 )'::polygon, '((1,2))'::polygon;
SELECT ' ( (0,0) , (1,1) ) '::polygon, '(0,0,1,1)'::polygon, '((0,0),(nan,-inf))'::polygon, '((-0.5,2.25),(3,-4))'::polygon;
SELECT '0,0,1'::polygon;
SELECT ''::polygon;
SELECT '((0,0),(1,1)'::polygon;
SELECT '((0,0),(1,1)) x'::polygon;
SELECT '[(0,0),(1,1)]'::polygon;
SELECT '((0,0),(1e400,1))'::polygon;
SELECT '((0,0),(1e-400,1))'::polygon;
SELECT '((0,0),(1,1))'::polygon ~= '((1,1),(0,0))'::polygon, '((0,0),(1,0),(1,1))'::polygon ~= '((1,1),(0,0),(1,0))'::polygon, '((0,0),(1,0),(1,1))'::polygon ~= '((1,1),(1,0),(0,0))'::polygon, '((0,0),(1,0),(1,1))'::polygon ~= '((1,1),(0,1),(0,0))'::polygon, '((0,0),(1,1))'::polygon ~= '((0,0),(1,1),(2,2))'::polygon;
SELECT '((0,0),(1,1))'::polygon ~= '((0.0000001,0),(1,1))'::polygon, npoints('((0,0),(1,1),(2,0))'::polygon);
SELECT '(0,0),(1,1)'::polygon = '(0,0),(1,1)'::polygon;
SELECT '((0,0),(1,1))'::polygon::text, pg_typeof('((0,0),(1,1))'::polygon), ARRAY['((0,0),(1,1))'::polygon], '{"((0,0),(1,1))"}'::polygon[];
CREATE TABLE shapes (id int PRIMARY KEY, p polygon);
INSERT INTO shapes VALUES (1, '((0,0),(4,0),(4,3))'), (2, '((1,1),(2,2))'), (3, NULL);
SELECT id, p, npoints(p) FROM shapes ORDER BY id;
SELECT id FROM shapes WHERE p ~= '((4,3),(0,0),(4,0))' ORDER BY id;
