-- An ORDER BY key that reads a scalar subquery, sorted whole and as a
-- top-N (LIMIT): the subquery sees its own table's row, not the sort's.
create table n3 (id bigint primary key, x int, v text);
insert into n3 values (1, 5, 'e'), (2, 3, 'c'), (3, 9, 'i'), (4, 6, 'f'), (5, 1, 'a');
select id from n3 order by abs(x - (select x from n3 where id = 1));
select id from n3 order by abs(x - (select x from n3 where id = 1)) limit 2;
select id from n3 order by abs(x - (select x from n3 where id = 1)) desc limit 3 offset 1;
select id, v from n3 order by (select count(*) from n3 m where m.x < n3.x) desc limit 2;
select id from n3 order by v || (select v from n3 where id = 3) limit 3;
-- Window and DISTINCT ON sorts: GMS's window appends each row's position
-- while sorting.
create table w3 (id bigint primary key, x int, v text, g int);
insert into w3 values (1, 5, 'e', 1), (2, 3, 'c', 1), (3, 9, 'i', 2), (4, 6, 'f', 2), (5, 1, 'a', 3), (6, null, null, 3);
select distinct on (g) g, id from w3 order by g, abs(x - (select x from w3 where id = 1));
select g, id, row_number() over (partition by g order by abs(x - (select x from w3 where id = 1))) from w3 order by g, id;
select id, rank() over (order by (select count(*) from w3 m where m.x < w3.x) desc nulls last) from w3 order by id;
select id, sum(x) over (partition by (g = (select g from w3 where id = 4)) order by id) from w3 order by id;
