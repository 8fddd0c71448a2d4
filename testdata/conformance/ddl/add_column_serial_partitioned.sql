-- ADD COLUMN of a serial or identity column to a partitioned table: the
-- partitions share the parent's sequence
create table pp (id int, v text) partition by list (id);
create table pp1 partition of pp for values in (1);
create table pp2 partition of pp for values in (2);
insert into pp values (1, 'a'), (2, 'b'), (1, 'c');
alter table pp add column s serial;
select id, v, s from pp order by s;
insert into pp (id, v) values (2, 'd') returning s;
select pg_get_serial_sequence('pp', 's'), pg_get_serial_sequence('pp1', 's');
select count(*) from pg_class where relkind = 'S';
alter table pp add column g int generated always as identity;
