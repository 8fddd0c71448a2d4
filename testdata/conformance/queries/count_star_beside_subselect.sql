-- an ungrouped count(*) of a whole table beside a sub-select, in a FROM
-- subquery or a set operation: the sub-select keeps its own value
create table csb_users (id int primary key, name text);
create table csb_posts (id int, user_id int);
insert into csb_users values (1, 'a'), (2, 'b'), (3, 'c');
insert into csb_posts values (1, 1), (2, 1);
select (select count(*) from csb_posts where user_id = 7) c, count(*) from csb_users;
select * from (select (select count(*) from csb_posts where user_id = 7) c, count(*) from csb_users) s;
select * from (select (select max(id) from csb_posts) c, count(*) n from csb_users) s;
select * from (select count(*) n, (select max(id) from csb_posts) c from csb_users) s;
select (select count(*) from csb_posts where user_id = 7) c, count(*) from csb_users union all select 9, 9;
select c + n from (select (select max(id) from csb_posts) c, count(*) n from csb_users) s;
select u.id, (select count(*) from csb_posts p where p.user_id = u.id) c, count(*) from csb_users u group by rollup(u.id) order by 1;
select (select count(*) from csb_posts p where p.user_id = u.id) c, count(*) from csb_users u group by rollup(u.id) order by 1, 2;
