-- Inner joins where one side is a unique key's single row, which
-- tinybase runs as a nested loop under that row (the other side read
-- once): the row on either side of the join as written, absent, matching
-- no row, with further conditions on both sides, three tables, a
-- prepared statement's parameter, an aggregate above.
create table accounts (id bigint primary key, name text not null, plan text);
create table orders (id bigint primary key, account_id bigint references accounts(id), total int, note text);
create index orders_account_idx on orders (account_id);
create table items (order_id bigint, line int, sku text, primary key (order_id, line));
insert into accounts select g, 'account ' || g, case when g % 4 = 0 then null else 'p' || (g % 3) end from generate_series(1, 200) g;
insert into orders select g, case when g % 13 = 0 then null else 1 + (g * 37) % 150 end, (g * 7) % 500, 'order ' || g from generate_series(1, 3000) g;
insert into items select o, l, 'sku-' || ((o + l) % 40) from generate_series(1, 300) o, generate_series(1, 3) l;
select o.id, o.total, a.name from orders o join accounts a on a.id = o.account_id where a.id = 38 order by o.id;
select o.id, a.name from accounts a join orders o on o.account_id = a.id where a.id = 38 order by o.id;
select o.id, a.name from orders o join accounts a on a.id = o.account_id where a.id = 190 order by o.id;
select o.id, a.name from orders o join accounts a on a.id = o.account_id where a.id = 5000 order by o.id;
select o.id, a.plan from orders o join accounts a on a.id = o.account_id and a.plan is not null where a.id = 7 and o.total > 200 order by o.id;
select count(*), sum(o.total) from orders o join accounts a on a.id = o.account_id where a.id = 12;
select o.id, a.name from orders o join accounts a on a.id = o.account_id where o.id = 77;
select o.id, a.name from orders o join accounts a on a.id = o.account_id where o.id = 78;
select i.line, i.sku, o.total, a.name from items i join orders o on o.id = i.order_id join accounts a on a.id = o.account_id where o.id = 42 order by i.line;
select o.id, a.name from orders o join accounts a on a.id = o.account_id + 1 where a.id = 39 order by o.id;
prepare by_account(bigint) as select o.id, o.note, a.name from orders o join accounts a on a.id = o.account_id where a.id = $1 order by o.id;
execute by_account(38);
execute by_account(0);
execute by_account(149);
delete from orders where account_id = 38 and id > 1000;
execute by_account(38);
