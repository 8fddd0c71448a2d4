-- [NOT] EXISTS under ORDER BY … LIMIT with the outer rows read in the
-- order of the correlated key, which tinybase merges with an index of the
-- subquery's table read in the same order: keys missing on either side,
-- duplicate and NULL keys on both sides, a range and a filter on the
-- outer rows, an OFFSET, limits past the end.
create table parents (id int primary key, grp int, name text);
create table kids (id int primary key, parent_id int, tag text);
create index kids_parent_idx on kids (parent_id);
create index parents_grp_idx on parents (grp);
insert into parents select g, case when g % 9 = 0 then null else g % 40 end, 'parent ' || g from generate_series(1, 500) g;
insert into kids select g, case when g % 17 = 0 then null else (g * 3) % 450 + 20 end, 't' || (g % 5) from generate_series(1, 6000) g;
select p.id from parents p where exists (select 1 from kids k where k.parent_id = p.id) order by p.id limit 10;
select p.id from parents p where not exists (select 1 from kids k where k.parent_id = p.id) order by p.id limit 30;
select p.id, p.name from parents p where exists (select 1 from kids k where k.parent_id = p.id) and p.id > 200 order by p.id limit 7;
select p.id from parents p where exists (select 1 from kids k where k.parent_id = p.id) and p.name like '%3%' order by p.id limit 8;
select p.id from parents p where not exists (select 1 from kids k where k.parent_id = p.id) and p.id between 440 and 500 order by p.id limit 100;
select p.id from parents p where exists (select 1 from kids k where k.parent_id = p.id) order by p.id limit 5 offset 3;
select p.id from parents p where exists (select 1 from kids k where k.parent_id = p.id) order by p.id limit 1000;
select k.id, k.parent_id from kids k where exists (select 1 from parents p where p.grp = k.parent_id) order by k.parent_id, k.id limit 12;
select grp, count(*) from (select p.grp, p.id from parents p where exists (select 1 from kids k where k.id = p.grp) order by p.grp limit 15) s group by grp order by grp;
select grp, count(*) from (select p.grp, p.id from parents p where not exists (select 1 from kids k where k.parent_id = p.grp) order by p.grp limit 1000) s group by grp order by grp nulls first;
select count(*) from (select p.id from parents p where not exists (select 1 from kids k where k.parent_id = p.id) order by p.id limit 1000) s;
