-- a view casting AT TIME ZONE, IS NULL, AND/OR or COLLATE without a cast's own parentheses keeps the cast on the whole expression (the stored text once cast the time zone literal: 22007)
create table vz (id int, ts timestamptz, t text, b boolean);
create view vz1 as select (ts at time zone 'Asia/Ho_Chi_Minh')::date as d, (ts at time zone 'UTC')::text as s from vz;
select pg_get_viewdef('vz1'::regclass);
create view vz2 as select (t is null)::int as n, (b and id > 1)::text as a, (ts::timestamp at time zone 'UTC')::date as e from vz;
select pg_get_viewdef('vz2'::regclass);
insert into vz values (1, '2024-01-01 20:00+00', null, true);
select * from vz1;
select * from vz2;
create materialized view vzm as select (ts at time zone 'Asia/Tokyo')::date as d from vz;
select * from vzm;
create or replace view vz1 as select (ts at time zone 'Asia/Ho_Chi_Minh')::date as d, (ts at time zone 'UTC')::text as s, array[(ts at time zone 'UTC')::date] as arr from vz;
select * from vz1;
alter table vz rename to vz_r;
alter table vz_r rename column ts to ts2;
select * from vz1;
select pg_get_viewdef('vz1'::regclass);
