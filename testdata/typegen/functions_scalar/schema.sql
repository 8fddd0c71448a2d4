-- Functions the engine can define today: scalar, SETOF scalar, RETURNS
-- TABLE, overloads, defaults, void, an unnamed json argument, enum and
-- array results, a procedure (not listed) and a trigger function (not
-- listed).
create type color as enum ('red', 'green');
create table items (id bigint primary key, name text not null, color color);
create function add_one(n integer) returns integer language sql immutable as $$ select n + 1 $$;
create function greet(name text, greeting text default 'hello') returns text language sql as $$ select greeting || ' ' || name $$;
create function greet(id integer) returns text language sql as $$ select 'id ' || id $$;
create function item_pairs() returns table (item_id bigint, label text, shade color) language sql as $$ select id, name, color from items $$;
create function noop() returns void language sql as $$ select $$;
create function echo_json(json) returns json language sql as $$ select $1 $$;
create function numbers(n integer) returns setof integer language sql as $$ select generate_series(1, n) $$;
create function colors() returns color[] language sql as $$ select array['red'::color] $$;
create function tags(prefix text default '', "limit" integer default 10) returns text[] language sql as $$ select array[prefix] $$;
create function secret(x integer) returns integer language sql security definer set search_path = '' as $$ select x $$;
create procedure reset_items() language sql as $$ delete from items $$;
