-- Issue 19's query shapes on tables large enough for index paths: range
-- and ordered index scans, = ANY and IN lists, IS NULL, the second column
-- of an index after an equality, keyset pages, top-N, OFFSET, joins on a
-- foreign key. Results must not depend on the access path.
create table users (id bigint primary key, name text not null);
create table posts (id bigint primary key, user_id bigint not null references users (id), published bool not null,
  created_at timestamptz, title text not null, score int);
insert into users select g, 'user ' || g from generate_series(1, 200) g;
insert into posts select g, 1 + (g * 7919) % 200, g % 3 <> 0,
  case when g % 41 = 0 then null else timestamptz '2024-01-01 00:00:00+00' + ((g * 37) % 20000) * interval '1 minute' end,
  'post ' || g, case when g % 9 = 0 then null else g % 50 end
  from generate_series(1, 20000) g;
create index posts_user_id_idx on posts (user_id);
create index posts_created_at_idx on posts (created_at);
create index posts_user_score_idx on posts (user_id, score);
analyze posts;
select id, user_id, title from posts where published and id > 12345 order by id limit 20;
select id, title from posts where id >= 19990 order by id desc limit 5;
select id, title, created_at from posts where created_at is not null order by created_at desc limit 20;
select id, title, created_at from posts order by created_at limit 20;
select id, created_at from posts order by created_at desc nulls last limit 5;
select id, created_at from posts order by created_at nulls first, id limit 5;
select id, user_id from posts where id = any('{5,17,17,400,19999,30000}'::bigint[]) order by id;
select id from posts where id in (3, 1, 2, 99999) order by id;
select id from posts where created_at is null order by id limit 10;
select count(*) from posts where created_at is null;
select id, score from posts where user_id = 7 and score between 10 and 20 order by id;
select id, score from posts where user_id = 7 and score > 45 order by id;
select id, score from posts where user_id = 7 and score is null order by id;
select id from posts where id between 100 and 110 order by id;
select id from posts where id < 5 order by id;
select id from posts where created_at >= timestamptz '2024-01-10 00:00:00+00' and created_at < timestamptz '2024-01-10 01:00:00+00' order by created_at, id;
select p.id, p.title, u.name from posts p join users u on u.id = p.user_id where u.id = 42 order by p.id;
select count(*) from posts p join users u on u.id = p.user_id where p.user_id = 42;
select id, title from posts order by id limit 20 offset 10000;
select id, title from posts order by id desc limit 3 offset 5;
select id, score from posts order by score desc nulls last, id limit 7;
select id, score from posts order by score, id limit 7;
select user_id, count(*) from posts group by user_id order by user_id limit 10;
select count(*) from posts where id > 19000 and published;
select id from posts where id > 19990 and id < 19995 and title like 'post 1999%' order by id;
