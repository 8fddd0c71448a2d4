-- count(*), GROUP BY and IN (subquery) on the paths that skip row copies,
-- count from the row count, hash by value and join: NULL keys, own
-- writes, savepoints, empty tables.
create table agg_items (id int primary key, grp int, flag boolean, label text, n bigint);
insert into agg_items select g, case when g % 11 = 0 then null else g % 7 end,
  case when g % 5 = 0 then null else g % 2 = 0 end,
  case when g % 13 = 0 then null else 'l' || (g % 4) end, g * 10
  from generate_series(1, 3000) g;
create table agg_empty (id int primary key, grp int);
select count(*) from agg_items;
select count(*) from agg_items i;
select count(*) from agg_empty;
select grp, count(*) from agg_empty group by grp;
select count(*) from agg_items where flag;
select grp, count(*), sum(n), min(label), max(id), count(label) from agg_items group by grp order by grp;
select flag, count(*), avg(n) from agg_items group by flag order by flag;
select label, grp, count(*) from agg_items group by label, grp order by label, grp;
select grp, count(*) from agg_items where id > 1500 group by grp having count(*) > 200 order by grp;
select count(*) from agg_items where grp in (select id from agg_items where id < 4);
select count(*) from agg_items where id in (select grp from agg_items);
select count(*) from agg_items where grp in (select case when id = 1 then null else id end from agg_items where id < 3);
select count(*) from agg_items where grp not in (select case when id = 1 then null else id end from agg_items where id < 3);
select count(*) from agg_items where grp not in (select id from agg_items where id < 3);
begin;
insert into agg_items select g, g % 7, true, 'new', 1 from generate_series(3001, 3100) g;
delete from agg_items where id <= 50;
select count(*) from agg_items;
select grp, count(*) from agg_items group by grp order by grp;
savepoint a;
insert into agg_items select g, 1, false, 'sp', 2 from generate_series(4001, 4500) g;
select count(*) from agg_items;
rollback to savepoint a;
select count(*) from agg_items;
select grp, count(*) from agg_items group by grp order by grp;
rollback;
select count(*) from agg_items;
