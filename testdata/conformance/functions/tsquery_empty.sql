-- A tsquery that ends up empty (only stop words, or no lexemes) is
-- PostgreSQL's NOTICE, from each constructor and from tsquery input;
-- ts_headline's overloads with unknown literals.
select to_tsquery('english', 'the');
select plainto_tsquery('english', 'the a');
select phraseto_tsquery('english', 'the');
select websearch_to_tsquery('english', 'the');
select to_tsvector('english','the cat') @@ to_tsquery('english','the');
select ''::tsquery;
select to_tsquery('english', '');
select to_tsquery('simple', 'the');
select to_tsquery('english', 'the & cat');
select to_tsquery('english', 'the | the');
select count(*) from (values ('a cat'), ('the dog')) v(t) where to_tsvector('english', t) @@ plainto_tsquery('english', 'the');
select ts_headline('a b', 'a');
select ts_headline('english', 'a b', 'a');
select ts_headline('a b', 'a'::tsquery);
select ts_headline('a b'::text, 'a');
