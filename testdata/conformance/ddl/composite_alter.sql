-- ALTER TYPE ... ADD / DROP ATTRIBUTE on composite types not in use
create type pa as (a int);
alter type pa add attribute b text;
select '(1,x)'::pa, ('(1,x)'::pa).b;
alter type pa add attribute b text;
alter type pa drop attribute zz;
alter type pa drop attribute if exists zz;
alter type pa drop attribute a;
select '(x)'::pa;
select a.attname, a.attnum from pg_attribute a join pg_class c on c.oid = a.attrelid where c.relname = 'pa' and a.attnum > 0 and not a.attisdropped order by 1;
alter type pa drop attribute b;
select '()'::pa;
alter type pa add attribute c int, add attribute d text;
select row(1, 'q')::pa;
create type en as enum ('x');
alter type en add attribute z int;
alter type nope add attribute z int;
