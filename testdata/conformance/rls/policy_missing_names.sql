-- CREATE / ALTER POLICY resolve the relations and types their expressions
-- name, subqueries included: a missing one fails the statement
create table pmn_docs (id int primary key, owner uuid, org int);
create policy pmn_sub on pmn_docs using (exists (select 1 from pmn_nosuch n where n.id = org));
create policy pmn_in on pmn_docs for insert with check (org in (select org from pmn_nosuch));
create policy pmn_type on pmn_docs using ('admin'::pmn_role is not null);
create policy pmn_ok on pmn_docs using (exists (select 1 from pmn_docs d where d.id = pmn_docs.org));
alter policy pmn_ok on pmn_docs using (exists (select 1 from pmn_nosuch));
create policy pmn_qual on pmn_docs using (exists (select 1 from public.pmn_nosuch));
create type pmn_role as enum ('admin', 'member');
create table pmn_members (org int, role pmn_role);
create policy pmn_type on pmn_docs using (exists (select 1 from pmn_members m where m.org = pmn_docs.org and m.role = 'admin'::pmn_role));
select policyname from pg_policies where tablename = 'pmn_docs' order by 1;
create table pmn_gone (org int);
create function pmn_org() returns int language sql stable as $$ select org from pmn_gone limit 1 $$;
drop table pmn_gone;
create policy pmn_fn on pmn_docs using (org = pmn_org());
select policyname from pg_policies where tablename = 'pmn_docs' order by 1;
