-- CASE, COALESCE, GREATEST, LEAST and ARRAY[] keep a typmod only when
-- every input has the same (PostgreSQL's select_common_typmod).
create table m (a numeric(10,2), b numeric(10,2), c numeric(6,3), s varchar(3), t varchar(5));
insert into m values (1.25, 2.5, 1.125, 'ab', 'abcd');
select greatest(a, 10), least(a, 0), greatest(a, b), greatest(a, c), coalesce(null, a), coalesce(a, 7) from m;
select case when a > 1 then a else 10 end, case when a > 5 then a else b end, case when a > 5 then a else c end from m;
select array[a, 10], array[a, b], pg_typeof(greatest(a, b)), pg_typeof(greatest(a, 10)) from m;
select greatest(s, t), coalesce(s, t), case when a > 5 then s else t end, case when a > 5 then s end from m;
create view mv as select greatest(a, b) g1, greatest(a, 10) g2, coalesce(s, t) c1, coalesce(s, s) c2 from m;
select attname, format_type(atttypid, atttypmod) from pg_attribute where attrelid = 'mv'::regclass and attnum > 0 order by attnum;
