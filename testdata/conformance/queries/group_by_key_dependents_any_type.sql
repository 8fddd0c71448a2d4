-- Sub-selects of a grouped query reading key-dependent columns of types
-- without equality (json, point) or a partly null composite: the
-- columns pass through the grouping whatever their type.
create type gk_pair as (a int, b int);
create table gk_u (id int primary key, j json, p point, r gk_pair);
create table gk_p (uid int);
insert into gk_u values (1, '{"a": 1}', '(1,2)', row(1, null)), (2, null, null, null);
insert into gk_p values (1), (1), (2);
select u.id, (select u.j), (select u.p), (select u.r), count(*) from gk_u u join gk_p p on p.uid = u.id group by u.id order by u.id;
select u.id from gk_u u join gk_p p on p.uid = u.id group by u.id having exists (select 1 where u.j is not null) order by u.id;
