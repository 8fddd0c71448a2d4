-- tsvector_to_array, array_to_tsvector, ts_delete, ts_filter, tsquery_phrase and <->
select tsvector_to_array('b:1 a:2 c'::tsvector), tsvector_to_array(''::tsvector), array_to_tsvector('{b,a,a}');
select array_to_tsvector('{a,null}');
select array_to_tsvector('{a,""}');
select ts_delete('a:1 b:2 c'::tsvector, 'b'), ts_delete('a:1 b:2 c'::tsvector, array['a','c','z']), ts_delete('a'::tsvector, array['a',null]);
select ts_filter('a:1A,2 b:3B c d:4'::tsvector, '{a,d}'), ts_filter('a:1A b:2C'::tsvector, '{c}'), ts_filter('a:1A'::tsvector, '{}');
select ts_filter('a:1A'::tsvector, '{x}');
select ts_filter('a:1A'::tsvector, '{a,null}');
select tsquery_phrase('a', 'b|c'), tsquery_phrase('a', 'b', 3), 'a'::tsquery <-> 'b & c'::tsquery, tsquery_phrase('a', 'b', 0);
select tsquery_phrase('a', 'b', -1);
select tsquery_phrase('a', 'b', 16385);
select to_tsvector('english', 'the fat cat sat') @@ (to_tsquery('english', 'fat') <-> to_tsquery('english', 'cat'));
select get_current_ts_config()::text;
