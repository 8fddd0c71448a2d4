-- text search with the english configuration (the default) and the simple one
SELECT to_tsvector('english', 'The Fat Rats ate the fat-cat, don''t they? 3.14 foo@bar.com running quickly');
SELECT to_tsvector('The quick brown foxes jumped over the lazy dogs'), to_tsvector('english', 'Supabase makes Postgres databases easier');
SELECT to_tsquery('english', 'Rats & (cats | the) & !dogs'), to_tsquery('english', 'the & a'), plainto_tsquery('english', 'The fat cats'), phraseto_tsquery('english', 'fat the cats');
SELECT to_tsvector('english', 'fat cats ate rats') @@ to_tsquery('english', 'cat & rat'), 'fat cats ate rats' @@ to_tsquery('cat'), 'fat cats ate rats' @@ 'rats';
SELECT to_tsvector('english', 'jumping jumped jumps') @@ plainto_tsquery('english', 'jump'), to_tsquery('english', 'jump:*');
SELECT to_tsvector('english', 'Ünïcödé wörds and café'), to_tsvector('english', 'connection connections connected connecting');
SHOW default_text_search_config;
CREATE TABLE articles (id int PRIMARY KEY, title text NOT NULL, body text NOT NULL,
  fts tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')) STORED);
INSERT INTO articles (id, title, body) VALUES
  (1, 'Running Postgres locally', 'Databases are easier to run with a local stack'),
  (2, 'Cats and dogs', 'Our pets were running around the garden'),
  (3, 'Release notes', 'Nothing about animals here');
SELECT id, fts FROM articles ORDER BY id;
SELECT id, title FROM articles WHERE fts @@ to_tsquery('english', 'run') ORDER BY id;
SELECT id FROM articles WHERE fts @@ plainto_tsquery('english', 'the dog') ORDER BY id;
SELECT id FROM articles WHERE fts @@ websearch_to_tsquery('english', 'cats -dogs') ORDER BY id;
SELECT id FROM articles WHERE to_tsvector(title || ' ' || body) @@ to_tsquery('database:*') ORDER BY id;
SELECT websearch_to_tsquery('english', 'cats -dogs'), websearch_to_tsquery('english', '"supernovae stars" -crab'), websearch_to_tsquery('english', 'sad cat or fat rat'), websearch_to_tsquery('english', 'the or'), websearch_to_tsquery('simple', 'Foo-bar "x y z"');
