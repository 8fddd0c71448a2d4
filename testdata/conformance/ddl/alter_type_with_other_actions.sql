-- One ALTER TABLE that retypes a column and also sets its NOT NULL, default or constraints: the later passes see the new type, as in PostgreSQL.
create table p (id int primary key, c text, n int, d int default 1);
insert into p values (1, '12345', 5, 2), (2, null, 7, 3);
alter table p alter column c set not null, alter column c type varchar(10);
delete from p where c is null;
alter table p alter column c set not null, alter column c type varchar(10);
alter table p alter column n type bigint, alter column n set default 42, alter column n set not null;
alter table p alter column d drop default, alter column d type text using d::text || 'x', alter column d set default 'zz';
alter table p alter column c type varchar(3), alter column c drop not null;
alter table p alter column c type text, add constraint c_len check (length(c) > 2), alter column c set default 'abc';
insert into p (id) values (3);
select * from p order by id;
begin;
alter table p alter column n type int, alter column n set default 'notanint';
rollback;
select column_name, data_type, column_default, is_nullable from information_schema.columns where table_name = 'p' order by ordinal_position;
