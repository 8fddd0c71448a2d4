-- A row IN (subquery) compares column by column with three-valued logic:
-- true when some row equals in every column, NULL when no row does but
-- some row is equal or unknown in every column, false otherwise; NOT IN
-- is its negation, so one NULL can make it keep no rows.
create table cst (id int primary key, name text, region int);
insert into cst select g, case when g % 11 = 0 then null else 'n' || (g % 300) end, case when g % 9 = 0 then null else g % 5 end from generate_series(1, 10000) g;
create index cst_region on cst (region);
analyze cst;
select count(*) from cst c where (c.region, c.id % 5) in (select region, id % 5 from cst where id < 20);
select count(*) from cst c where (c.region, c.id % 5) not in (select region, id % 5 from cst where id < 20);
select count(*) from cst c where (c.region, c.id % 5) not in (select region, id % 5 from cst where id < 20 and region is not null);
select count(*) from cst c where (c.region, 1) in (select region, 1 from cst where id < 20);
select count(*) from cst c where (c.region, 1) in (select null::int, 1);
select (null::int, 1) in (select null::int, 1), (1, 1) in (select null::int, 1), (1, 1) not in (select null::int, 1);
select (1, 1) in (select 1, 1 union all select null, 1), (1, 2) in (select 1, 1 union all select null, 1), (1, 2) in (select 2, null::int);
select (1, null::int) in (select 1, 5), (2, null::int) in (select 1, 5), (1, 1) in (select 1, 1 where false);
select (null::int, 1) = any (select region, 1 from cst where id = 9);
select id, (region, name) in (select region, name from cst where id between 1 and 3) from cst where id <= 12 order by id;
select id from cst c where (c.region, c.name) in (select region, name from cst where id < 30) and c.id < 400 order by id;
