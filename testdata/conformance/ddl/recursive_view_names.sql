-- CREATE RECURSIVE VIEW stores WITH RECURSIVE v AS (...) SELECT ... FROM v:
-- the WITH item hides the view of the same name, whether its body refers
-- to itself or not; WITH items hide views in ordinary queries too
create table rvn_edges (parent int, child int);
insert into rvn_edges values (1, 2), (2, 3), (3, 4), (10, 11);
create recursive view rvn_plain (parent, child) as select parent, child from rvn_edges;
select * from rvn_plain order by 1, 2;
create recursive view rvn_reach (root, node) as select parent, child from rvn_edges union all select r.root, e.child from rvn_reach r join rvn_edges e on e.parent = r.node;
select * from rvn_reach order by 1, 2;
create view rvn_top as select root, count(*) as n from rvn_reach group by root;
select * from rvn_top order by 1;
select definition from pg_views where viewname = 'rvn_plain';
create view rvn_five as select 5 as a;
with rvn_five as (select 7 as a) select * from rvn_five;
with x as (select * from rvn_five), rvn_five as (select 9 as a) select * from x;
with rvn_five as (select 8 as a) select * from rvn_top, rvn_five order by 1;
