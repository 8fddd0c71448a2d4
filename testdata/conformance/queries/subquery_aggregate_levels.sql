-- An aggregate belongs to the query level whose columns it reads, or to
-- the level it is written in when it reads none: count(*) in a subquery
-- is the subquery's, never the outer query's count(*) of the same text.
create table ev (id int primary key, user_id int, v int);
insert into ev select g, g % 7, g % 100 from generate_series(1, 21000) g;
create index ev_user on ev (user_id);
analyze ev;
select user_id, count(*) from ev group by user_id having count(*) > (select count(*) / 20 from ev) order by 1;
select user_id, count(*) from ev group by user_id having count(*) >= (select count(*) / 7 from ev) order by 1;
select user_id, count(*), (select count(*) from ev) from ev group by user_id order by 1;
select user_id, sum(v), (select sum(v) from ev e2 where e2.user_id = ev.user_id and e2.v < 10) from ev group by user_id order by 1;
select user_id, count(*) from ev group by user_id order by (select count(*) from ev e2 where e2.v = ev.user_id), 1 limit 3;
select user_id, max(v), min(v) from ev group by user_id having max(v) > (select max(v) - 1 from ev where id < 50) order by 1;
select count(*), (select count(*) from ev where v = 1) from ev where user_id = 3;
select user_id from ev group by user_id having count(*) = (select count(*) from ev e2 where e2.user_id = 0) order by 1;
select (select count(*) from ev e2 where e2.user_id = e.user_id) as n, count(*) from ev e where id <= 14 group by user_id order by user_id;
select user_id, (select count(*) from (select count(*) from ev group by v) s) from ev group by user_id order by 1;
with totals as (select count(*) as c from ev) select count(*), (select c from totals) from ev where v < 3;
select count(*) from (select user_id, count(*) from ev group by user_id having count(*) > 100) s;
-- an outer aggregate inside a subquery: evaluated once per outer group
select user_id, max(v), (select max(ev.v) + count(*) from ev e2 where e2.id < 3) from ev group by user_id order by 1;
select array(select count(*) from ev group by user_id order by 1), count(*) from ev;
