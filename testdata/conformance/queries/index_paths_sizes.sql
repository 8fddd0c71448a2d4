-- Conditions on indexed columns of tables of different sizes: a small
-- table is read sequentially, a large one through its indexes (ranges,
-- points, = ANY, IS NULL, ORDER BY ... LIMIT), never analyzed and after
-- ANALYZE. Results must not depend on the access path.
create table small (id bigint primary key, k int, note text);
create index small_k_idx on small (k);
insert into small select g, g % 4, 'n' || g from generate_series(1, 8) g;
select id, k from small where id > 3;
select id, k from small where k = 2;
select id from small where k > 1 and id < 7;
select id from small where id = any('{2,4,99}'::bigint[]);
select id from small where k is null;

create table big (id bigint primary key, k int, tag text, at timestamptz);
create index big_k_idx on big (k);
create index big_at_idx on big (at);
insert into big select g, g % 500, case when g % 10 = 0 then null else 't' || (g % 37) end,
  timestamptz '2024-01-01 00:00:00+00' + ((g * 13) % 50000) * interval '1 second'
  from generate_series(1, 50000) g;
select id, k from big where id between 1000 and 1010;
select id, k from big where id > 49990;
select id from big where id = any('{7,7,49999,123456,42}'::bigint[]);
select id from big where k = 123 and id < 3000;
select count(*) from big where k = 7;
select count(*) from big where id > 25000;
select count(*) from big where tag is null and k = 10;
select id, at from big where at >= timestamptz '2024-01-01 10:00:00+00' and at < timestamptz '2024-01-01 10:00:05+00';
select id from big where id > 100 order by id limit 5;
select id, at from big order by at desc limit 5;
select id from big where k = 42 order by id desc limit 3;
analyze big;
select id, k from big where id between 20000 and 20005;
select count(*) from big where k = 7;
select count(*) from big where id < 100;
select id from big where id = any('{3,1,2}'::bigint[]);
select id from big where k = 499 and id > 49000;
