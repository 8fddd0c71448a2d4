-- ANALYZE and VACUUM skip, with a warning, a table the role does not own.
create table an_t (id int primary key, v int);
insert into an_t select g, g % 3 from generate_series(1, 12) as g;
create role rls_t_analyzer;
grant select on an_t to rls_t_analyzer;
set role rls_t_analyzer;
analyze an_t;
vacuum an_t;
reset role;
select reltuples from pg_class where relname = 'an_t';
select count(*) from pg_stats where tablename = 'an_t';
alter table an_t owner to rls_t_analyzer;
set role rls_t_analyzer;
analyze an_t;
reset role;
select reltuples from pg_class where relname = 'an_t';
select attname, n_distinct from pg_stats where tablename = 'an_t' order by attname;
drop table an_t;
drop role rls_t_analyzer;
