-- a computed column of an inlined WITH query or FROM subquery is computed
-- after the joins, semi-joins (EXISTS, IN) and anti-joins that drop rows,
-- as PostgreSQL pulls the query up: 10 / x never runs for x = 0 when a
-- join drops that row; a materialized WITH query computes its columns for
-- every row read
CREATE TABLE t (x int);
INSERT INTO t VALUES (1), (2), (0);
CREATE TABLE u (x int);
INSERT INTO u VALUES (1), (2);
with c as (select x, 10 / x as y from t) select y from c where exists (select 1 from u where u.x = c.x);
with c as (select x, 10 / x as y from t) select y from c where x in (select x from u);
with c as (select x, 10 / x as y from t) select y from c join u on u.x = c.x;
with c as (select x, 10 / x as y from t) select y from c, u where u.x = c.x;
select y from (select x, 10 / x as y from t) c where exists (select 1 from u where u.x = c.x);
select y from (select x, 10 / x as y from t) c join u using (x);
with c as (select x, 10 / x as y from t) select y from c where x <> 0;
with c as (select x, 10 / x as y from t) select y from c where x > (select 0);
with c as (select x, 10 / x as y from t) select y from c where x = any (array[1,2]);
with c as (select x, 10 / x as y from t) select y from c where not exists (select 1 from t t2 where t2.x = c.x and t2.x = 0);
with c as (select x, 10 / x as y from t) select y from c where x not in (select 0);
with c as (select x, 10 / x as y from t) select y from c left join u on u.x = c.x where u.x is not null;
with c as (select x, 10 / x as y from t) select count(y) from c where exists (select 1 from u where u.x = c.x);
with c as (select x, 10 / x as y from t) select y from c where exists (select 1 from u where u.x = c.x) order by y;
with c as (select x, 10 / x as y from t) select sum(y) from c join u on u.x = c.x group by u.x;
with c as (select x, case when x > 0 then 10 / x end as y, 10 / x as z from t) select y from c where exists (select 1 from u where u.x = c.x);
with c as (select x, 10 / x as y from t where x >= 0) select y from c where exists (select 1 from u where u.x = c.x);
with c as (select distinct x, 10 / x as y from t) select y from c where exists (select 1 from u where u.x = c.x);
with c as (select x, 10 / x as y from t limit 10) select y from c where exists (select 1 from u where u.x = c.x);
with c as (select x, 10 / nullif(x, 0) as y, x * 2 as z from t) select y, z from c join u on u.x = c.x order by 1;
with c as (select x, x * 2 as z from t) select u.x, c.z from u left join c on c.x = u.x + 1 order by 1;
with c as (select x, coalesce(x, 5) * 2 as z from t) select u.x, c.z from u left join c on c.x = u.x + 5 order by 1;
with c as (select x, 7 as k from t) select u.x, c.k from u left join c on c.x = u.x + 5 order by 1;
with c as (select x, 7 as k from t) select u.x, c.k from c right join u on c.x = u.x + 5 order by 1;
with c as (select x, 7 as k from t) select u.x, c.k from c full join u on c.x = u.x order by 1, 2;
with c as (select x, x + 1 as k from t) select c.k, count(*) from c join u on u.x = c.x group by c.k order by 1;
with c as (select x, x + 1 as k from t) select sum(c.k) from c join u on u.x = c.x;
with c as (select x, x + 1 as k from t) select c.k from c join u on u.x = c.x where c.k > 2;
with c as (select x, x + 1 as k from t) select (select count(*) from u where u.x < c.k) from c join u on u.x = c.x order by 1;
with c as (select x, 10 / x as k from t) select c.k, d.k from c join u on u.x = c.x join c d on d.x = c.x order by 1;
select s.k from (select x, 10 / x as k from t) s join u on u.x = s.x order by 1;
select s.k, s.x from u, lateral (select t.x, 10 / t.x as k from t where t.x = u.x) s order by 1;
select (select s.k from (select x, 10 / x as k from t) s join u on u.x = s.x where s.x = o.x) from u o order by 1;
select x, (select c.k from (select x, 10 / x as k from t) c where c.x = u.x and exists (select 1 from u u2 where u2.x = c.x)) from u order by 1;
with c as (select x, 10 / x as k from t) select k from c where x in (select x from u) union all select 1 order by 1;
with c as (select x, 10 / x as k, random() as r from t) select k, r < 2 from c where x in (select x from u) order by 1;
with c as (select x, 10 / x as k from t) select k from c where x in (select x from u) order by k desc nulls first;
with c as (select x, 10 / x as k from t) select distinct k from c where x in (select x from u) order by 1;
with c as (select x, 'v' || (10 / x) as k from t) select upper(k) from c join u using (x) order by 1;
with w as materialized (select x, 10 / x as y from t) select x from w where exists (select 1 from u where u.x = w.x);
with w as materialized (select x, 10 / x as y from t) select y from w where exists (select 1 from u where u.x = w.x);
with w as materialized (select x, 10 / x as y from t) select x from w where x > 0;
with w as (select x, 10 / x as y from t) select x from w where exists (select 1 from u where u.x = w.x);
with w as (select x, 10 / x as y from t) select a.y from w a join w b on a.x = b.x where a.x <> 0;
with w as (select x, 10 / x as y from t) select y from w where exists (select 1 from u where u.x = w.x) and exists (select 1 from u where u.x = w.x);
with w as materialized (select x, 10 / x as y from t order by x desc) select x from w where exists (select 1 from u where u.x = w.x) limit 1;
