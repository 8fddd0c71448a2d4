-- ALTER FOREIGN TABLE (columns and OPTIONS), COMMENT ON FOREIGN TABLE
create foreign data wrapper w;
create server s foreign data wrapper w;
create foreign table ft (a int) server s options (object 'x');
alter foreign table ft add column b text;
alter foreign table ft options (add y '1');
alter foreign table ft options (set y '2'), add column c int;
alter foreign table ft options (drop nosuch);
alter foreign table ft options (add object 'z');
select attname from pg_attribute where attrelid = 'ft'::regclass and attnum > 0 order by attnum;
select ftoptions from pg_foreign_table;
comment on foreign table ft is 'remote rows';
select obj_description('ft'::regclass, 'pg_class');
create table t (a int);
alter foreign table t options (add x '1');
drop foreign table t;
alter foreign table if exists nosuch add column x int;
create foreign table if not exists ft (a int) server s;
select relkind from pg_class where relname = 'ft';
