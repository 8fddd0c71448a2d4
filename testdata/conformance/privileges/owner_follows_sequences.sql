-- ALTER TABLE ... OWNER TO moves the table's serial and identity sequences too
create role rls_t_seqowner;
create table seq_owned (id bigserial primary key, n int generated always as identity, note text);
alter table seq_owned owner to rls_t_seqowner;
select c.relname, pg_get_userbyid(c.relowner) from pg_class c where c.relname like 'seq_owned%' order by 1;
set role rls_t_seqowner;
insert into seq_owned (note) values ('a') returning id, n, note;
reset role;
drop table seq_owned;
drop role rls_t_seqowner;
