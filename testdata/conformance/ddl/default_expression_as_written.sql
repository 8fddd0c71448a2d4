-- a default that is an expression over constants is stored as written
-- (PostgreSQL folds only a literal's cast), so pg_get_expr and
-- information_schema print the call or operator, not its value: ORMs
-- compare that text with their model
create table dx (id int primary key, a text default lower('A.B'), b int default 1+2, c timestamptz default now() - interval '1 day', d int default abs(-3), e text default 'x' || 'y', f numeric default 2.5*2, g bigint default 1+2, h int default length('abc'), i boolean default 'a' = 'b', j varchar(10) default upper('q'));
select a.attname, pg_get_expr(d.adbin, d.adrelid) from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum where d.adrelid = 'dx'::regclass order by a.attnum;
select column_name, column_default from information_schema.columns where table_name = 'dx' order by ordinal_position;
insert into dx (id) values (1) returning a, b, c < now(), d, e, f, g, h, i, j;
alter table dx alter column b set default 2*5;
alter table dx alter column a set default repeat('p', 2);
select column_name, column_default from information_schema.columns where table_name = 'dx' and column_name in ('a', 'b') order by ordinal_position;
insert into dx (id) values (2) returning a, b;
alter table dx alter column g type int;
select column_name, column_default from information_schema.columns where table_name = 'dx' and column_name = 'g';
create table dx_check (v text check (v <> lower('A.B')), w text check (w <> 'x' || 'y'));
select pg_get_constraintdef(oid) from pg_constraint where conrelid = 'dx_check'::regclass order by 1;
