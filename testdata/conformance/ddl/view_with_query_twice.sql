-- A view whose WITH query is read twice, or MATERIALIZED: CREATE VIEW
-- plans the body without running it, and the view reads as written.
create table insight (id int primary key, model text, tokens int);
insert into insight values (1, 'gpt-a', 1000), (2, 'gpt-b', 3000);
create view insight_cost as
  with pricing as (
    select 'gpt-a' as model, 1.25 as per_1k
    union all
    select 'gpt-b', 0.5
  )
  select i.id, i.tokens / 1000.0 * p.per_1k as cost, q.per_1k as other
  from insight i
    join pricing p on i.model = p.model
    join pricing q on q.model <> p.model;
select * from insight_cost order by id;
create view pinned as
  with c as materialized (select id, tokens from insight)
  select c.id, d.tokens from c join c d using (id);
select * from pinned order by id;
select pg_get_viewdef('pinned'::regclass);
create materialized view insight_mv as
  with c as (select id from insight) select x.id from c x join c y using (id);
select * from insight_mv order by id;
