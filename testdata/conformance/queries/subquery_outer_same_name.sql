-- a subquery condition reading only an enclosing query's column, named as
-- a column of the subquery's own table: it stays the outer row's
create table grp (id int primary key, flag bool);
insert into grp values (1, true), (2, false), (3, true);
create table item (id int primary key, flag bool);
insert into item select g, g % 2 = 0 from generate_series(1, 11) g;
select g.id, (select count(*) from item i where g.id = 1) as n from grp g order by 1;
select g.id, (select min(i.id) from item i where g.id > 1) as m from grp g order by 1;
select g.id, exists (select 1 from item i where g.id > 2) as e from grp g order by 1;
select g.id from grp g where exists (select 1 from item i where g.id >= 2) order by 1;
select g.id, (select count(*) from item where g.id = 1 and item.id > 5) as n from grp g order by 1;
select g.id, (select count(*) from item i where g.flag) as n from grp g order by 1;
select g.id, x.n from grp g cross join lateral (select count(*) as n from item i where g.id < 3) x order by 1;
select g.id, (select count(*) from item i where i.id = g.id) as n from grp g order by 1;
