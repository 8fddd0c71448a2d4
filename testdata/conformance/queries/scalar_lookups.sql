-- Correlated scalar subqueries keyed by the outer row through an index of
-- their table, which tinybase probes per outer row: a primary key, a
-- non-unique index (none, one or several rows: 21000), a two-column
-- key, NULL keys, filters on the inner and the outer row, the subquery
-- in WHERE, ORDER BY and nested, and a prepared statement's parameter.
create table teams (id int primary key, name text, region text);
create table people (id int primary key, team_id int, lead bool, name text, score int);
create index people_team_idx on people (team_id);
create table seats (team_id int, seat int, person_id int, primary key (team_id, seat));
insert into teams select g, 'team ' || g, case when g % 5 = 0 then null else 'r' || (g % 3) end from generate_series(1, 60) g;
insert into people select g, case when g % 11 = 0 then null else (g * 7) % 67 end, g % 4 = 0, 'person ' || g, (g * 13) % 100
  from generate_series(1, 300) g;
insert into seats select t, s, (t * 5 + s) % 300 + 1 from generate_series(1, 60) t, generate_series(1, 3) s;
select p.id, (select t.name from teams t where t.id = p.team_id) from people p where p.id <= 40 order by p.id;
select p.id, (select t.name || '/' || p.name from teams t where t.id = p.team_id and t.region is not null) from people p where p.id between 50 and 80 order by p.id;
select count(*), count((select t.region from teams t where t.id = p.team_id)) from people p;
select p.id from people p where (select t.region from teams t where t.id = p.team_id) = 'r1' and p.score > 50 order by p.id;
select p.id, (select t.id from teams t where t.id = p.team_id and t.id % 2 = p.id % 2) as same_parity from people p where p.id < 30 order by 2 nulls first, 1;
select t.id, (select pp.name from people pp where pp.team_id = t.id and pp.lead and pp.score > 90) from teams t where t.id < 20 order by t.id;
select t.id, (select pp.name from people pp where pp.team_id = t.id) from teams t where t.id < 20 order by t.id;
select t.id, (select pp.name from people pp where pp.team_id = t.id and pp.id > 250) from teams t where t.id in (3, 9, 64) order by t.id;
select s.team_id, s.seat, (select p.name from people p where p.id = s.person_id) from seats s where s.team_id <= 4 order by 1, 2;
select t.id, (select st.person_id from seats st where st.team_id = t.id and st.seat = t.id % 3 + 1) from teams t where t.id <= 10 order by t.id;
select p.id, (select t.name from teams t where t.id = (select pp.team_id from people pp where pp.id = p.id + 1)) from people p where p.id <= 12 order by p.id;
select p.id, (select t.name from teams t where t.id = p.team_id) as team from people p order by team nulls first, p.id limit 5;
select p.id, (select (select count(*) from seats st where st.team_id = t.id) from teams t where t.id = p.team_id) from people p where p.id <= 10 order by p.id;
prepare team_of(int) as select p.id, (select t.name from teams t where t.id = p.team_id) from people p where p.team_id = $1 order by p.id;
execute team_of(7);
execute team_of(0);
execute team_of(12);
update people set team_id = 7 where id = 1;
select p.id, (select t.name from teams t where t.id = p.team_id) from people p where p.id = 1;
