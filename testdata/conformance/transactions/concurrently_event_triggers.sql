-- CREATE / DROP INDEX CONCURRENTLY outside a block run while event
-- triggers watch DDL (Supabase installs some): the triggers' transaction
-- is not the client's block.
create table items (id int primary key, name text);
create table ddl_log (tag text);
create function log_ddl() returns event_trigger language plpgsql as $$
begin
  insert into ddl_log values (tg_tag);
end $$;
create event trigger log_ddl_end on ddl_command_end execute function log_ddl();
create index concurrently items_name_idx on items (name);
drop index concurrently items_name_idx;
begin;
create index concurrently items_name_idx2 on items (name);
rollback;
select tag from ddl_log order by tag;
select indexname from pg_indexes where tablename = 'items' order by indexname;
drop event trigger log_ddl_end;
