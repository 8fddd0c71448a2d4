-- tsvector and tsquery with the 'simple' configuration
SELECT 'a b c a'::tsvector, 'fat:2,1 cat:3A rat'::tsvector, 'a:1,1,2'::tsvector, ''::tsvector;
SELECT $$'it''s' "x y" 'back\\slash'$$::tsvector;
SELECT 'fat & rat'::tsquery, 'a | b & c'::tsquery, '!(a | b)'::tsquery, 'a:* & b:AB'::tsquery, '(a|b)&c'::tsquery, 'a <2> b'::tsquery, 'a <-> (b | c)'::tsquery;
SELECT 'a &'::tsquery;
SELECT '(a'::tsquery;
SELECT to_tsvector('simple', 'The Fat Rats ate the fat cat');
SELECT to_tsvector('simple', 'Hello, World! Hello again.'), to_tsvector('simple', ''), to_tsvector('simple', 'Don''t stop');
SELECT to_tsquery('simple', 'Fat & (Rat | cat) & !dog'), to_tsquery('simple', 'fat <-> cat'), to_tsquery('simple', 'sup:*');
SELECT plainto_tsquery('simple', 'The Fat cat'), phraseto_tsquery('simple', 'fat cat sat');
SELECT to_tsvector('simple', 'fat cat') @@ to_tsquery('simple', 'fat & cat'),
       to_tsvector('simple', 'fat cat') @@ to_tsquery('simple', 'cat <-> fat'),
       to_tsvector('simple', 'fat cat') @@ to_tsquery('simple', 'fat <-> cat'),
       to_tsvector('simple', 'fat cat') @@ to_tsquery('simple', 'dog | ca:*'),
       to_tsvector('simple', 'fat cat') @@ to_tsquery('simple', '!dog');
SELECT to_tsquery('simple', 'cat') @@ to_tsvector('simple', 'the cat sat'), 'a:1A b:2'::tsvector @@ 'a:A'::tsquery, 'a:1A b:2'::tsvector @@ 'b:A'::tsquery;
SELECT length(to_tsvector('simple', 'a b a c')), strip('a:1,2 b:3'::tsvector), setweight(to_tsvector('simple', 'fat cat'), 'A');
SELECT setweight(to_tsvector('simple', 'Title words'), 'A') || setweight(to_tsvector('simple', 'body words here'), 'B');
SELECT 'a'::tsquery && 'b'::tsquery, 'a'::tsquery || 'b'::tsquery, numnode('a & b'::tsquery);
SELECT to_tsvector('nosuchconfig', 'x');
CREATE TABLE posts (id int PRIMARY KEY, title text NOT NULL, body text, search tsvector);
INSERT INTO posts VALUES
  (1, 'Fat cats', 'A story about fat cats', to_tsvector('simple', 'Fat cats A story about fat cats')),
  (2, 'Rats', 'Rats ate the cheese', to_tsvector('simple', 'Rats ate the cheese')),
  (3, 'Dogs', NULL, NULL);
SELECT id, search FROM posts ORDER BY id;
SELECT id, title FROM posts WHERE search @@ to_tsquery('simple', 'cats | cheese') ORDER BY id;
SELECT id FROM posts WHERE to_tsvector('simple', title || ' ' || coalesce(body, '')) @@ plainto_tsquery('simple', 'fat story') ORDER BY id;
SELECT id, search::text FROM posts WHERE search @@ 'ra:*'::tsquery ORDER BY id;
SELECT 'x'::tsvector::text, 'a & b'::text::tsquery, pg_typeof('a'::tsvector);
