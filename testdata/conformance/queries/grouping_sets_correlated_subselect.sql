-- correlated sub-selects under ROLLUP / CUBE / GROUPING SETS read the grouping columns outside a set as NULL
create table gsc_users(id int primary key, name text);
create table gsc_posts(id int primary key, user_id int, title text);
insert into gsc_users values (1,'a'),(2,'b'),(3,null);
insert into gsc_posts values (10,1,'x'),(11,1,'y'),(12,2,null);
select u.id, (select count(*) from gsc_posts p where p.user_id = u.id) from gsc_users u group by rollup(u.id);
select u.id, (select count(*) from gsc_posts p where p.user_id = u.id) as n from gsc_users u group by rollup(u.id) order by 1;
select u.id, (select count(*) from gsc_posts p where p.user_id = u.id) from gsc_users u group by cube(u.id);
select u.id, (select count(*) from gsc_posts p where p.user_id = u.id) from gsc_users u group by grouping sets ((u.id), ());
select u.id, u.name, (select max(p.title) from gsc_posts p where p.user_id = u.id) from gsc_users u group by rollup(u.id, u.name);
select u.id, exists(select 1 from gsc_posts p where p.user_id = u.id) from gsc_users u group by rollup(u.id);
select u.id, u.id in (select user_id from gsc_posts) from gsc_users u group by rollup(u.id);
select u.id, (select count(*) from gsc_posts p where p.user_id = u.id) from gsc_users u group by u.id;
select id, (select count(*) from gsc_posts p where p.user_id = gsc_users.id) from gsc_users group by rollup(id);
select u.id, (select string_agg(p.title, ',' order by p.title) from gsc_posts p where p.user_id = u.id) from gsc_users u group by rollup(u.id);
select u.id, (select count(*) from gsc_posts p where p.user_id = u.id), grouping(u.id) from gsc_users u group by rollup(u.id);
select u.name, (select count(*) from gsc_posts p where p.user_id = u.id) from gsc_users u group by rollup(u.name, u.id);
select u.id, array(select p.id from gsc_posts p where p.user_id = u.id order by 1) from gsc_users u group by rollup(u.id);
select u.id, (select count(*) from gsc_posts p where p.user_id = u.id) from gsc_users u group by rollup(u.id) order by u.id;
