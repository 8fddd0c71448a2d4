-- A range condition on constants inside a subquery chooses its scan as
-- the same condition at the top level does: a large share of a big table
-- is read in heap order (Seq Scan or Bitmap Heap Scan), a few rows through
-- the index in key order. Each result here is one value whose contents
-- show that order (ARRAY(), an aggregate without ORDER BY, LIMIT 1).
create table u (id int primary key, a int, b int, c text);
insert into u select g, (g * 7919) % 1000, g % 13, 'k' || ((g * 31) % 500) from generate_series(1, 12000) g;
create index u_a on u (a);
create index u_bc on u (b, c);
analyze u;
select (select id from u where a between 10 and 20 limit 1);
select (select id from u where a > 990 limit 1);
select array(select id from u where a between 10 and 11);
select (select string_agg(id::text, ',') from u where a < 2);
select (select id from u where b = 3 and c > 'k4' limit 1);
select (select id from u where b = 3 and c like 'k4%' limit 1);
select x.id, (select u.id from u where u.a > 995 and u.b = 4 limit 1) from u x where x.id < 4 order by 1;
select exists (select 1 from u where a = 3), (select count(*) from u where a < 10);
select id from u where id in (select id from u where a between 10 and 11 limit 3) order by 1;
select (select json_agg(id) from (select id from u where a between 500 and 501) s);
select (select id from u where a = 7 offset 5 limit 1);
select (select id from u where a > 990 order by a, id limit 1);
select (select id from u where a between 10 and 20 order by a desc, id desc limit 1);
select x.id, array(select u.id from u where u.a = 5 and u.id > x.id * 1000) from u x where x.id < 3 order by 1;
select array(select id from u where a = any('{3,4}'::int[]));
select array(select id from u where a = 3 union all select id from u where a = 4);
select count(*) from u x where x.a = 1 and x.id in (select id from u where a between 1 and 2);
