-- point and xml
SELECT '(1,2)'::point, '1.5, 2'::point, ' ( 3 , 4 ) '::point, '(1e20,0.1)'::point, point(1, 2), point(-0.5, 3);
SELECT 'x'::point;
SELECT '(1,2'::point;
SELECT '(0,0)'::point <-> '(3,4)'::point, '(1,2)'::point ~= '(1,2)'::point, '(1,2)'::point ~= '(1,3)'::point, pg_typeof('(1,2)'::point);
SELECT '(1,2)'::point = '(1,2)'::point;
SELECT '<a>hi</a>'::xml, 'plain text'::xml, '<a/><b>two roots</b>'::xml, '<?xml version="1.0"?><doc/>'::xml;
SELECT '<a><b></a>'::xml;
SELECT '<a attr=noquotes/>'::xml;
SELECT '<a>x</a>'::xml::text, '<r/>'::text::xml, pg_typeof('<a/>'::xml);
CREATE TABLE places (id int PRIMARY KEY, loc point, meta xml);
INSERT INTO places VALUES (1, '(0,0)', '<place name="origin"/>'), (2, point(3, 4), NULL);
INSERT INTO places VALUES (3, '(1,1)', '<broken>');
SELECT id, loc, meta, loc <-> point(0, 0) AS dist FROM places ORDER BY id;
