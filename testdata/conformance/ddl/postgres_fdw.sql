-- postgres_fdw's objects: its wrapper with handler and validator, the
-- connection functions, and DROP EXTENSION with a dependent server
create extension postgres_fdw;
select fdwname, fdwhandler::regproc, fdwvalidator::regproc, fdwoptions from pg_foreign_data_wrapper;
select proname, pg_get_function_result(oid) from pg_proc where proname like 'postgres_fdw%' order by 1;
create server pg foreign data wrapper postgres_fdw options (host 'db.example', dbname 'app', port '5432');
create user mapping for current_user server pg options (user 'app', password 'secret');
create foreign table remote_items (id int, name text) server pg options (schema_name 'public', table_name 'items');
select * from postgres_fdw_get_connections();
select postgres_fdw_disconnect_all();
select srvname, srvoptions from pg_foreign_server;
drop extension postgres_fdw;
drop foreign table remote_items;
drop extension postgres_fdw;
drop extension postgres_fdw cascade;
select count(*) from pg_foreign_server;
select count(*) from pg_foreign_data_wrapper;
