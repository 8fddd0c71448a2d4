create table a (d date, e date);
create table b (d date, e date);
insert into a values ('2024-01-01', null), ('2024-01-03', '2024-01-02');
create view v1 as select 'A' as tipo, avg(date '2024-02-01' - coalesce(d, e)) as m, percentile_cont(0.5) within group (order by date '2024-02-01' - coalesce(d, e)) as p50 from a where coalesce(d, e) is not null;
select * from v1;
create or replace view v2 as select 'A' as tipo, avg(current_date - coalesce(d, e)) as m, percentile_cont(0.5) within group (order by current_date - coalesce(d, e)) as p50 from a where coalesce(d, e) is not null union all select 'B' as tipo, avg(current_date - coalesce(d, e)) as m, percentile_cont(0.9) within group (order by current_date - coalesce(d, e)) as p90 from b where coalesce(d, e) is not null;
select tipo, m is not null, p50 is not null from v2 order by tipo;
select percentile_cont(0.5) within group (order by x) from (values (1), (2), (4)) s(x);
