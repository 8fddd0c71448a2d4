-- ts_rank with weights and normalization flags
select ts_rank(to_tsvector('english', 'The quick brown fox jumps over the lazy dog'), to_tsquery('english', 'fox & dog'));
select ts_rank(setweight(to_tsvector('english', 'quick fox'), 'A') || to_tsvector('english', 'lazy dog fox'), to_tsquery('english', 'fox'));
select ts_rank('{0.1, 0.2, 0.4, 1.0}', setweight(to_tsvector('english', 'quick fox'), 'B'), to_tsquery('english', 'fox'));
select ts_rank(to_tsvector('english', 'The quick brown fox jumps over the lazy dog fox'), to_tsquery('english', 'fox | cat'), 1), ts_rank(to_tsvector('english', 'The quick brown fox jumps over the lazy dog fox'), to_tsquery('english', 'fox'), 2), ts_rank(to_tsvector('english', 'The quick brown fox jumps over the lazy dog fox'), to_tsquery('english', 'fox'), 8), ts_rank(to_tsvector('english', 'The quick brown fox jumps over the lazy dog fox'), to_tsquery('english', 'fox'), 16), ts_rank(to_tsvector('english', 'The quick brown fox jumps over the lazy dog fox'), to_tsquery('english', 'fox'), 32), ts_rank(to_tsvector('english', 'The quick brown fox jumps over the lazy dog fox'), to_tsquery('english', 'fox'), 4);
select ts_rank(to_tsvector('english', 'a b c fox dog'), to_tsquery('english', 'fox <-> dog'));
select ts_rank('{0.1, 0.2, 0.4, 1.0}', to_tsvector('english', 'quick fox fox dog'), to_tsquery('english', 'fox & dog'), 1), ts_rank('{1, 1, 1, 1}', to_tsvector('english', 'quick fox'), to_tsquery('english', 'fox')), ts_rank('{-1, 0.5, 0.5, 0.5}', to_tsvector('english', 'quick fox'), to_tsquery('english', 'fox')), ts_rank(array[0.3, 0.3, 0.3, 0.3, 0.9]::real[], to_tsvector('english', 'quick fox'), to_tsquery('english', 'fox'), 32);
select ts_rank('{0.1, 0.2}', to_tsvector('english', 'quick fox'), to_tsquery('english', 'fox'));
select ts_rank('{0.1, 0.2, 0.3, 2}', to_tsvector('english', 'quick fox'), to_tsquery('english', 'fox'));
select ts_rank('{0.1, 0.2, null, 1}', to_tsvector('english', 'quick fox'), to_tsquery('english', 'fox'));
select ts_rank('{{0.1, 0.2}, {0.3, 1}}', to_tsvector('english', 'quick fox'), to_tsquery('english', 'fox'));
