-- ORDER BY positions into a * over USING / NATURAL joins, which list a merged column once, first, place NULLs as PostgreSQL does
create table obu_a (k int, x text, y int);
create table obu_b (k int, z text);
insert into obu_a values (1,'p',null),(2,null,5),(null,'q',3);
insert into obu_b values (1,null),(2,'m'),(null,'n');
select * from obu_a join obu_b using (k) order by 2;
select * from obu_a join obu_b using (k) order by 2 desc;
select * from obu_a join obu_b using (k) order by 4;
select * from obu_a natural join obu_b order by 3;
select * from obu_a left join obu_b using (k) order by 1, 2;
select * from obu_a full join obu_b using (k) order by 1;
select * from obu_a join obu_b using (k) order by 3 desc nulls last;
select * from obu_a right join obu_b using (k) order by 1, 4;
select * from obu_a join obu_b using (k) join obu_a a2 using (k) order by 5;
select *, 1 as one from obu_a join obu_b using (k) order by 3;
select obu_a.*, obu_b.* from obu_a join obu_b using (k) order by 3;
select obu_b.z, * from obu_a left join obu_b using (k) order by 3;
select * from obu_a full join obu_b using (k) order by 1 desc;
select * from obu_a join obu_b using (k) order by 2 nulls first;
