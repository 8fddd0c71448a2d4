-- ts_stat: counts over a query's tsvectors, the weights filter, row order, errors
create temp table docs (id int, v tsvector, t text);
insert into docs values (1, to_tsvector('english', 'The fat cats sat on the mat'), 'a'), (2, setweight(to_tsvector('english', 'fat rats'), 'A') || to_tsvector('english', 'cats and rats and fat cats'), 'b'), (3, NULL, 'c'), (4, 'nopos other:1B,2C über', 'd'), (5, '', 'e');
select * from ts_stat('select v from docs');
select * from ts_stat('select v from docs', 'a');
select * from ts_stat('select v from docs', 'AbX');
select * from ts_stat('select v from docs', 'd');
select * from ts_stat('select v from docs', '');
select word, ndoc from ts_stat('select v from docs where id = 2') order by nentry desc, word limit 2;
select ts_stat('select v from docs where id = 1');
select * from ts_stat('select v, id from docs');
select * from ts_stat('select t from docs');
select * from ts_stat('select v from docs where false');
select * from ts_stat('select nonsense');
select * from ts_stat(NULL);
select * from ts_stat('select ''b:1 a:2 ab:3 aa:1 A:1''::tsvector');
