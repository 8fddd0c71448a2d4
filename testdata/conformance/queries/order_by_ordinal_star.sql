-- ORDER BY positions that point into a * place NULLs as PostgreSQL does
create table obs (a int, b text, c int);
insert into obs values (2, 'x', 1), (null, 'y', 2), (1, null, 3), (3, 'w', null);
select * from obs order by 1;
select * from obs order by 2;
select * from obs order by 2 desc;
select * from obs order by 3 desc nulls last;
select obs.* from obs order by 1 desc;
select *, c * 2 as d from obs order by 4;
select c, * from obs order by 2;
with w as (select * from obs) select * from w order by 1;
select * from (select a, b from obs) s order by 2 desc;
select * from obs o1 join obs o2 on o1.c = o2.c order by 1, 4;
