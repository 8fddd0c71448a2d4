-- citext reaches pg_trgm's text operators through its implicit cast to
-- text, as a function taking citext arguments uses them
CREATE EXTENSION pg_trgm;
CREATE EXTENSION citext;
CREATE TABLE handles (id int PRIMARY KEY, handle citext);
INSERT INTO handles VALUES (1, 'Olirice'), (2, 'michelp'), (3, 'Supabase');
SELECT 'abc'::citext <% 'abcd'::citext, 'abc'::citext % 'ABC'::citext, 'abc'::citext %> 'abcd';
SELECT id FROM handles WHERE handle <% 'olir' ORDER BY id;
CREATE FUNCTION search_handles(q citext) RETURNS SETOF int LANGUAGE sql STABLE AS $$
  SELECT id FROM handles WHERE $1 IS NULL OR handle <% $1 OR handle ~ $1 ORDER BY id
$$;
SELECT * FROM search_handles('supa');
SELECT * FROM search_handles(NULL);
SELECT similarity('abc'::citext, 'abcd'::citext), word_similarity('abc'::citext, 'abcd');
