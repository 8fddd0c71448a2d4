-- ALTER TABLE ... DROP COLUMN c, ADD COLUMN c ...: the drop runs first
-- (its pass precedes ADD's), so the add makes a new column of that name
create table adas (id int primary key, status text);
insert into adas values (1, 'x'), (2, 'y');
alter table adas drop column if exists status cascade, add column status text not null default 'pending' check (status in ('pending', 'done'));
select * from adas order by id;
alter table adas add column status int, drop column status;
select column_name, data_type from information_schema.columns where table_name = 'adas' order by ordinal_position;
alter table adas drop column status, drop column status;
alter table adas drop column status, add column nosuch boolean default true;
select * from adas order by id;
insert into adas (id) values (3);
select * from adas order by id;
