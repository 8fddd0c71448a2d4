-- ROW(...)::composite casts each field in the cast's own context: an
-- explicit cast takes text to a smallint field, as a semver parser does
CREATE TYPE semver AS (major smallint, minor smallint, patch smallint);
CREATE TYPE tagged AS (tag varchar(3), n int);
SELECT (split_part('1.2.3', '.', 1), split_part('1.2.3', '.', 2), split_part('1.2.3', '.', 3))::semver;
SELECT ROW('10'::text, '20'::text, '30'::text)::semver AS v;
SELECT (('1'::text, '2'::text, '3'::text)::semver).minor;
SELECT ROW('abcdef'::text, 2.7)::tagged;
SELECT ROW('x'::text, '2'::text, '3'::text)::semver;
CREATE FUNCTION text_to_semver(text) RETURNS semver IMMUTABLE STRICT LANGUAGE sql AS $$
  SELECT (split_part($1, '.', 1), split_part($1, '.', 2), split_part($1, '.', 3))::semver
$$;
SELECT text_to_semver('4.5.6');
CREATE TABLE pkg (id int PRIMARY KEY, v semver DEFAULT text_to_semver('0.0.0'));
INSERT INTO pkg (id) VALUES (1);
INSERT INTO pkg VALUES (2, ROW('1'::text, '2'::text, '3'::text));
INSERT INTO pkg VALUES (3, ROW(1, 2, 3));
SELECT id, v FROM pkg ORDER BY id;
