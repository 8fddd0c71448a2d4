-- conformance: ordered
-- Rows an index lookup keyed from an outer row finds (a correlated
-- subquery, a lateral subquery, the inner side of a nested loop) come in
-- heap order when no ORDER BY asks otherwise: an updated row after the
-- rows older than its update.
create table users (username text primary key, status text);
create table messages (id bigint primary key, username text references users, message text);
insert into users values ('supabot', 'ONLINE'), ('kiwicopple', 'OFFLINE'), ('awailas', 'ONLINE');
insert into messages values (1, 'supabot', 'one'), (2, 'supabot', 'two'), (3, 'supabot', 'three'), (4, 'supabot', 'four'), (5, 'kiwicopple', 'five');
update messages set message = 'three!' where id = 3;
select u.username, (select json_agg(m) from messages m where m.username = u.username) from users u order by u.username;
select u.username, (select array_agg(m.id) from messages m where m.username = u.username) from users u order by u.username;
select u.username, x.j from users u, lateral (select json_agg(m) j from messages m where m.username = u.username) x order by u.username;
select u.username, x.ids from users u cross join lateral (select array_agg(id) ids from (select id from messages m where m.username = u.username) s) x order by u.username;
select * from users u join messages m on m.username = u.username;
select u.username, m.id from users u join messages m on m.username = u.username order by m.id;
select u.username, (select json_agg(m order by m.id) from messages m where m.username = u.username) from users u order by u.username;
select u.username, (select array_agg(id) from (select id from messages m where m.username = u.username order by id) s) from users u order by u.username;
select u.username, (select array_agg(id) from (select id from messages m where m.username = u.username order by id desc) s) from users u order by u.username;
select u.username, (select array_agg(id) from (select id from messages m where m.username = u.username order by id limit 3) s) from users u order by u.username;
select u.username, x.id from users u cross join lateral (select id from messages m where m.username = u.username order by id desc limit 2) x order by u.username, x.id;
-- an index of the user's on the lookup column
create index messages_username_idx on messages (username);
update messages set message = 'one!' where id = 1;
select u.username, (select array_agg(m.id) from messages m where m.username = u.username) from users u order by u.username;
select u.username, (select array_agg(id) from (select id from messages m where m.username = u.username order by id) s) from users u order by u.username;
-- a bigger table, where the index is worth using
create table groups (g int primary key, name text);
insert into groups select g, 'group ' || g from generate_series(1, 50) g;
create table items (id int primary key, g int references groups, note text);
insert into items select i, i % 50 + 1, 'note ' || i from generate_series(1, 5000) i;
create index items_g_idx on items (g);
analyze items;
analyze groups;
update items set note = 'changed' where id in (57, 107);
select gr.g, (select array_agg(i.id) from items i where i.g = gr.g) from groups gr where gr.g in (7, 8) order by gr.g;
select gr.g, (select array_agg(id) from (select id from items i where i.g = gr.g order by id) s) from groups gr where gr.g = 8 order by gr.g;
select gr.g, x.id from groups gr cross join lateral (select id from items i where i.g = gr.g order by id limit 3) x where gr.g = 8 order by gr.g, x.id;
select gr.g, (select count(*) from items i where i.g = gr.g) from groups gr where gr.g < 4 order by gr.g;
