-- DROP SERVER / FOREIGN DATA WRAPPER ... CASCADE take the foreign tables
-- with them
create foreign data wrapper w;
create server s foreign data wrapper w;
create user mapping for public server s;
create foreign table ft (a int) server s;
drop server s cascade;
select count(*) from pg_foreign_table;
select count(*) from pg_class where relname = 'ft';
create server s foreign data wrapper w;
create foreign table ft (a int) server s;
drop foreign data wrapper w cascade;
select count(*) from pg_class where relname = 'ft';
create table ft (b int);
select * from ft;
