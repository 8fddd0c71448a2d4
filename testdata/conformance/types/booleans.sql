-- boolean input spellings, output, operators and three-valued logic
CREATE TABLE todos (id int PRIMARY KEY, title text NOT NULL, done boolean NOT NULL DEFAULT false);
INSERT INTO todos VALUES (1, 'write spec', true), (2, 'review', 'f'), (3, 'ship', 'yes'), (4, 'party', 'off'), (5, 'sleep', DEFAULT);
SELECT id, done FROM todos ORDER BY id;
SELECT 't'::boolean, 'FALSE'::boolean, ' on '::bool, '1'::boolean, '0'::boolean, 'n'::boolean;
SELECT count(*) FROM todos WHERE done;
SELECT count(*) FROM todos WHERE NOT done;
SELECT true AND NULL, false AND NULL, true OR NULL, false OR NULL, NOT NULL::boolean;
SELECT NULL::boolean IS NULL, NULL::boolean IS UNKNOWN, true IS TRUE, false IS NOT TRUE, NULL::boolean IS NOT FALSE;
SELECT id FROM todos WHERE done IS NOT TRUE ORDER BY id;
SELECT true::int, false::int, 1::boolean, 0::boolean, 5::boolean;
SELECT true::text, false::text, true::varchar;
SELECT 'true'::text::boolean;
SELECT true > false, true = 't', max(done::int) FROM todos;
SELECT 'maybe'::boolean;
INSERT INTO todos (id, title, done) VALUES (6, 'nope', 'perhaps');
SELECT 2::bigint::boolean;
SELECT done, count(*) FROM todos GROUP BY done ORDER BY done;
