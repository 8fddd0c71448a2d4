-- information_schema.foreign_data_wrappers and foreign_servers: the
-- existence check migrations run before creating a wrapper or a server
select count(*) from information_schema.foreign_data_wrappers;
create foreign data wrapper w1;
create foreign data wrapper w2 options (a '1');
create server s1 foreign data wrapper w1;
create server s2 type 'pg' version '15' foreign data wrapper w2;
select foreign_data_wrapper_catalog = current_database() as db, foreign_data_wrapper_name, authorization_identifier, library_name, foreign_data_wrapper_language from information_schema.foreign_data_wrappers order by 2;
select foreign_server_catalog = current_database() as db, foreign_server_name, foreign_data_wrapper_catalog = current_database() as fdw_db, foreign_data_wrapper_name, foreign_server_type, foreign_server_version, authorization_identifier from information_schema.foreign_servers order by 2;
select exists (select 1 from information_schema.foreign_data_wrappers where foreign_data_wrapper_name = 'w1');
do $$ begin if not exists (select 1 from information_schema.foreign_servers where foreign_server_name = 's3') then create server s3 foreign data wrapper w1; end if; end $$;
select foreign_server_name from information_schema.foreign_servers order by 1;
create role rls_t_fdw;
set role rls_t_fdw;
select count(*) from information_schema.foreign_data_wrappers;
select count(*) from information_schema.foreign_servers;
reset role;
grant usage on foreign server s1 to rls_t_fdw;
set role rls_t_fdw;
select foreign_server_name from information_schema.foreign_servers;
reset role;
drop server s1, s2, s3;
drop foreign data wrapper w1, w2;
drop role rls_t_fdw;
