-- DROP COLUMN drops the table's foreign keys that use the column, one- or
-- many-column, without CASCADE; other foreign keys stay
create table dcfk_brain (id int primary key, x int, unique (id, x));
create table dcfk_user (id int primary key);
create table dcfk_k (id int primary key, brain_id int references dcfk_brain, bx int, owner int references dcfk_user, foreign key (brain_id, bx) references dcfk_brain (id, x));
insert into dcfk_brain values (1, 1);
insert into dcfk_user values (1);
insert into dcfk_k values (1, 1, 1, 1);
alter table dcfk_k drop column brain_id;
select conname, contype from pg_constraint where conrelid = 'dcfk_k'::regclass order by 1;
insert into dcfk_k values (2, 99, 1);
insert into dcfk_k values (3, 99, 5);
select * from dcfk_k order by id;
alter table dcfk_k drop column owner;
select conname from pg_constraint where conrelid = 'dcfk_k'::regclass order by 1;
