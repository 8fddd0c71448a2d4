-- Planner statistics: pg_class.reltuples / relpages before and after
-- VACUUM and ANALYZE, pg_stats per column, pg_stat_user_tables' live
-- rows. Tables this small are analyzed whole, so the values are exact.
create table st (id int primary key, grp int not null, label text, note text, flag boolean, uniq int);
select relname, reltuples, relpages from pg_class where relname in ('st', 'st_pkey') order by relname;
insert into st select g, g % 5, 'n' || g, case when g % 4 = 0 then null else 'x' end, g % 2 = 0,
  case when g % 3 = 0 then null else g end from generate_series(1, 30) as g;
select reltuples, relpages from pg_class where relname = 'st';
select count(*) from pg_stats where tablename = 'st';
analyze st;
select relname, reltuples, relpages from pg_class where relname in ('st', 'st_pkey') order by relname;
select attname, inherited, null_frac, avg_width, n_distinct, most_common_vals::text, most_common_freqs
  from pg_stats where schemaname = 'public' and tablename = 'st' order by attname;
select relname, n_live_tup, analyze_count from pg_stat_user_tables where relname = 'st';
analyze st (nosuch);
vacuum st (id);
analyze nosuch;
create table allnull (a int, b text);
vacuum allnull;
select reltuples, relpages from pg_class where relname = 'allnull';
insert into allnull select g, null from generate_series(1, 10) as g;
vacuum allnull;
select reltuples, relpages from pg_class where relname = 'allnull';
select count(*) from pg_stats where tablename = 'allnull';
analyze allnull (b);
select attname, null_frac, avg_width, n_distinct, most_common_vals::text from pg_stats where tablename = 'allnull' order by attname;
vacuum analyze allnull;
select attname, null_frac, avg_width, n_distinct from pg_stats where tablename = 'allnull' order by attname;
delete from st where id > 20;
analyze;
select reltuples from pg_class where relname = 'st';
select attname, n_distinct, most_common_vals::text, most_common_freqs from pg_stats where tablename = 'st' and attname in ('grp', 'flag') order by attname;
