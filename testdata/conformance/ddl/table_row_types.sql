-- a table's row type used as a type name: casts, field access, function
-- parameters; columns of it are not supported on tinybase yet
create table items (id bigint primary key, name text not null, price numeric(6,2));
insert into items values (1, 'pen', 1.5), (2, 'ink', null);
select row(3, 'cap', 2)::items;
select (row(3, 'cap', 2)::items).name;
select '(4,"big box",9.99)'::items;
select ('(4,"big box",9.99)'::items).price;
select row(1, 2)::items;
create function item_label(items) returns text language sql as $$ select $1.name || '!' $$;
select item_label(i) from items i order by id;
create function cheap(i items) returns boolean language sql as $$ select coalesce(i.price < 2, false) $$;
select id, cheap(items) from items order by id;
