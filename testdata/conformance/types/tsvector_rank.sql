-- ts_rank with the default weights
SELECT ts_rank(to_tsvector('english', 'The fat cat sat on the fat mat with another cat'), to_tsquery('english', 'cat')),
       ts_rank(to_tsvector('english', 'The fat cat sat on the fat mat with another cat'), to_tsquery('english', 'cat & mat')),
       ts_rank(to_tsvector('english', 'The fat cat sat on the fat mat'), to_tsquery('english', 'cat | dog')),
       ts_rank(setweight(to_tsvector('english', 'cats rule'), 'A') || to_tsvector('english', 'dogs drool about cats'), to_tsquery('english', 'cat')),
       ts_rank(to_tsvector('english', 'a b c'), to_tsquery('english', 'zebra')),
       ts_rank('a b c'::tsvector, 'a & b'::tsquery),
       ts_rank(to_tsvector('simple', 'one two three four five six seven'), to_tsquery('simple', 'one <-> seven')),
       ts_rank(to_tsvector('english', 'running runner runs'), to_tsquery('english', 'run:*'));
CREATE TABLE docs (id int PRIMARY KEY, body text NOT NULL);
INSERT INTO docs VALUES (1, 'Postgres full text search ranks documents'), (2, 'Search search search everywhere'), (3, 'Nothing relevant'), (4, 'Ranking search results in Postgres with ts_rank');
SELECT id, ts_rank(to_tsvector('english', body), q) AS rank FROM docs, to_tsquery('english', 'search & postgres') q WHERE to_tsvector('english', body) @@ q ORDER BY rank DESC, id;
SELECT id, ts_rank(to_tsvector('english', body), websearch_to_tsquery('english', 'search')) FROM docs ORDER BY 2 DESC, id;
SELECT ts_rank(to_tsvector('english', 'a cat'), to_tsquery('english', 'cat'), 1);
SELECT n, ts_rank(to_tsvector('english', 'the fat cat sat on a fat mat with a cat'), to_tsquery('english', 'cat & fat'), n) FROM (VALUES (0), (2), (8), (16), (32), (3)) v(n) ORDER BY n;
