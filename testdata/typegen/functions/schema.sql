-- Functions: scalar, SETOF, table-returning, row-type returning, overloads,
-- defaults, void, unnamed json argument, computed field.
create type color as enum ('red', 'green');

create table items (
  id bigint primary key,
  name text not null,
  color color
);

create function add_one(n integer) returns integer language sql immutable as $$ select n + 1 $$;
create function greet(name text, greeting text default 'hello') returns text language sql as $$ select greeting || ' ' || name $$;
create function greet(id integer) returns text language sql as $$ select 'id ' || id $$;
create function all_items() returns setof items language sql as $$ select * from items $$;
create function one_item(item_id bigint) returns items language sql as $$ select * from items where id = item_id $$;
create function item_pairs() returns table (item_id bigint, label text, shade color) language sql as $$ select id, name, color from items $$;
create function noop() returns void language sql as $$ $$;
create function echo_json(json) returns json language sql as $$ select $1 $$;
create function item_label(items) returns text language sql as $$ select $1.name || '!' $$;
create function numbers(n integer) returns setof integer language sql as $$ select generate_series(1, n) $$;
create function colors() returns color[] language sql as $$ select array['red'::color] $$;
