-- a missing table whose name is close to an existing one: the message names only the missing table
create table todos (id bigint primary key, title text);
select * from todoz;
create table notes (id int primary key, todo_id bigint references todoz(id));
insert into todoz values (1);
select titel from todos;
drop table todos;
