-- An ORDER BY key that reads a scalar subquery, sorted whole and as a
-- top-N (LIMIT): the subquery sees its own table's row, not the sort's.
create table n3 (id bigint primary key, x int, v text);
insert into n3 values (1, 5, 'e'), (2, 3, 'c'), (3, 9, 'i'), (4, 6, 'f'), (5, 1, 'a');
select id from n3 order by abs(x - (select x from n3 where id = 1));
select id from n3 order by abs(x - (select x from n3 where id = 1)) limit 2;
select id from n3 order by abs(x - (select x from n3 where id = 1)) desc limit 3 offset 1;
select id, v from n3 order by (select count(*) from n3 m where m.x < n3.x) desc limit 2;
select id from n3 order by v || (select v from n3 where id = 3) limit 3;
