-- polymorphic routines over row types, SETOF and TABLE results, recursion, SECURITY DEFINER
CREATE TABLE t (id int, name text);
insert into t values (1, 'a'), (2, 'b');
create function ident(x anyelement) returns anyelement language sql as $$ select x $$;
select ident(t) from t order by id;
select (ident(t)).name from t order by id;
create function ident_set(a anyarray) returns setof anyelement language sql as $$ select unnest(a) $$;
select ident_set(array[1,2]);
create function fact(n anyelement) returns anyelement language plpgsql as $$ begin if n <= 1 then return n; end if; return n * fact(n - 1); end $$;
select fact(5), fact(5::bigint), fact(5.0);
create function tab(x anyelement) returns table (a anyelement, b text) language sql as $$ select x, pg_typeof(x)::text $$;
select * from tab(3.5);
select tab(true);
create function sd(x anyelement) returns text language sql security definer as $$ select current_user || ':' || x::text $$;
select sd(1);
create function is_null(x anyelement) returns bool language sql as $$ select x is null $$;
select is_null(null::text), is_null(1);
SELECT coalesce(ident(NULL::int), 0), ident(1) = ident(1), (ident(ARRAY[1, 2]))[2];
