-- EXISTS and NOT EXISTS correlated through equalities, which tinybase
-- runs as hash semi and anti joins: NULL keys on either side, several
-- keys, extra conditions inside and outside the subquery, a join outside.
create table orgs (id int primary key, region text, tier int);
create table members (id int primary key, org_id int, region text, role text, active bool);
create index members_org_idx on members (org_id);
insert into orgs select g, case when g % 6 = 0 then null else 'r' || (g % 4) end, case when g % 9 = 0 then null else g % 3 end
  from generate_series(1, 120) g;
insert into members select g, case when g % 10 = 0 then null else (g * 7) % 150 end,
  case when g % 8 = 0 then null else 'r' || (g % 4) end, case when g % 3 = 0 then 'admin' else 'user' end, g % 5 <> 0
  from generate_series(1, 400) g;
select count(*) from orgs o where exists (select 1 from members m where m.org_id = o.id);
select count(*) from orgs o where not exists (select 1 from members m where m.org_id = o.id);
select count(*) from orgs o where exists (select 1 from members m where m.org_id = o.id and m.role = 'admin' and m.active);
select count(*) from orgs o where not exists (select 1 from members m where m.org_id = o.id and m.role = 'admin');
select o.id from orgs o where exists (select 1 from members m where m.org_id = o.id and m.region = o.region) and o.tier = 1 order by o.id;
select count(*) from orgs o where not exists (select 1 from members m where m.region = o.region);
select count(*) from orgs o where exists (select m.id from members m where o.id = m.org_id limit 1);
select count(*) from orgs o where o.tier is not null and not exists (select 1 from members m where m.org_id = o.id and m.active);
select count(*) from orgs o join orgs p on p.id = o.id + 1 where exists (select 1 from members m where m.org_id = p.id);
select count(*) from members m where not exists (select 1 from orgs o where o.id = m.org_id);
select count(*) from orgs o where exists (select 1 from members m where m.org_id = o.id) or o.tier = 0;
