-- CREATE / DROP INDEX CONCURRENTLY refuse to run in a transaction block
-- (a migration file applied in one transaction fails on it).
create table items (id int primary key, name text);
create index concurrently items_name_idx on items (name);
drop index concurrently items_name_idx;
begin;
create index concurrently items_name_idx2 on items (name);
rollback;
begin;
create index items_name_idx3 on items (name);
commit;
begin;
drop index concurrently items_name_idx3;
rollback;
drop index concurrently if exists items_name_idx3;
select indexname from pg_indexes where tablename = 'items' order by indexname;
