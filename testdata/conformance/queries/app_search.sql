-- Search boxes: ILIKE with escaped user input, trigram-free prefix search, full text with to_tsvector / websearch_to_tsquery.
CREATE TABLE articles (id int PRIMARY KEY, title text NOT NULL, body text NOT NULL, tags text[] NOT NULL DEFAULT '{}', published boolean NOT NULL DEFAULT true,
  fts tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')) STORED);
CREATE INDEX articles_fts_idx ON articles USING gin (fts);
INSERT INTO articles (id, title, body, tags, published) VALUES
  (1, 'Getting started with Postgres', 'Install the database and run your first queries.', '{postgres,intro}', true),
  (2, 'Row Level Security in depth', 'Policies decide which rows a user can see. 100% of tables should have them.', '{security,rls}', true),
  (3, 'Scaling reads', 'Replicas and caches help when queries get slow.', '{performance}', true),
  (4, 'Draft: running queries_faster', 'Indexes make queries faster_than before.', '{performance,draft}', false),
  (5, 'Postgres functions', 'Functions and triggers move logic into the database.', '{postgres}', true);
SELECT id, title FROM articles WHERE title ILIKE '%postgres%' ORDER BY id;
SELECT id FROM articles WHERE title ILIKE 'row%' OR body ILIKE '%row%' ORDER BY id;
SELECT id FROM articles WHERE body LIKE '%100\%%' ORDER BY id;
SELECT id FROM articles WHERE title LIKE '%queries\_faster%' ORDER BY id;
SELECT id FROM articles WHERE body LIKE '%faster#_than%' ESCAPE '#' ORDER BY id;
SELECT id FROM articles WHERE title ILIKE '%' || replace(replace(replace('queries_f', '\', '\\'), '%', '\%'), '_', '\_') || '%' ORDER BY id;
SELECT id FROM articles WHERE lower(title) LIKE lower('POSTGRES') || '%' ORDER BY id;
SELECT id FROM articles WHERE title ~* '^(postgres|scaling)' ORDER BY id;
SELECT id FROM articles WHERE fts @@ to_tsquery('english', 'query') ORDER BY id;
SELECT id FROM articles WHERE fts @@ websearch_to_tsquery('english', 'postgres -functions') ORDER BY id;
SELECT id FROM articles WHERE fts @@ websearch_to_tsquery('english', '"first queries"') ORDER BY id;
SELECT id FROM articles WHERE fts @@ plainto_tsquery('english', 'database logic') ORDER BY id;
SELECT id, round(ts_rank(fts, to_tsquery('english', 'postgres | queries'))::numeric, 4) AS rank FROM articles WHERE fts @@ to_tsquery('english', 'postgres | queries') ORDER BY rank DESC, id;
SELECT id FROM articles WHERE published AND (fts @@ to_tsquery('english', 'queri:*') OR 'performance' = ANY (tags)) ORDER BY id;
SELECT id FROM articles WHERE tags && '{rls,intro}' ORDER BY id;
SELECT id, title FROM articles WHERE title ILIKE ANY (ARRAY['%security%', '%scaling%']) ORDER BY id;
SELECT id FROM articles WHERE position('database' IN body) > 0 ORDER BY id;
SELECT id, left(body, 20) || CASE WHEN length(body) > 20 THEN '…' ELSE '' END AS snippet FROM articles ORDER BY id;
SELECT id, regexp_replace(title, '(postgres)', '<b>\1</b>', 'gi') FROM articles WHERE title ~* 'postgres' ORDER BY id;
SELECT count(*) FILTER (WHERE fts @@ to_tsquery('english', 'postgres')) AS pg, count(*) FILTER (WHERE NOT published) AS drafts FROM articles;
SELECT unnest(tags) AS tag, count(*) FROM articles GROUP BY tag ORDER BY count(*) DESC, tag LIMIT 3;
SELECT to_tsvector('english', 'The quick brown foxes jumped') @@ to_tsquery('english', 'fox & jump');
SELECT id FROM articles WHERE title SIMILAR TO '%(Postgres|Scaling)%' ORDER BY id;
SELECT id FROM articles WHERE fts @@ to_tsquery('english', 'postgres &');
SELECT id FROM articles WHERE title ILIKE 5;
