create function f(a int, b text default 'x') returns int language sql as 'select a';
select to_regprocedure('f(int, text)') is not null;
select to_regprocedure('f(int)');
select to_regprocedure('nope()');
select to_regprocedure('f(int, text)')::text;
select date('2024-01-02 23:00:00+00'::timestamptz);
select date(timestamptz '2024-01-02 03:00:00+05');
create function g(x int) returns setof int language plpgsql stable security definer set search_path = '' as $$ begin return next x; end $$;
