-- CREATE / ALTER FUNCTION take each option once (SET excepted): a second
-- volatility, language, security or cost is 42601
create function foc_a() returns int language sql immutable stable as $$ select 1 $$;
create function foc_b() returns int language sql stable stable as $$ select 1 $$;
create function foc_c() returns int language sql language sql as $$ select 1 $$;
create function foc_d() returns int language sql security definer security invoker as $$ select 1 $$;
create function foc_e() returns int language sql strict called on null input as $$ select 1 $$;
create function foc_f() returns int language sql cost 10 cost 20 as $$ select 1 $$;
create function foc_g() returns int language sql parallel safe parallel unsafe as $$ select 1 $$;
create function foc_h() returns int language sql as $$ select 1 $$ as $$ select 2 $$;
create function foc_ok() returns int language sql stable set search_path = public set work_mem = '64kB' as $$ select 1 $$;
select proname, provolatile, proconfig from pg_proc where proname like 'foc%' order by 1;
alter function foc_ok() immutable volatile;
alter function foc_ok() cost 5 cost 6;
alter function foc_ok() immutable set search_path = pg_catalog set work_mem = '128kB';
select provolatile, proconfig from pg_proc where proname = 'foc_ok';
create procedure foc_p() language sql security definer security definer as $$ select 1 $$;
drop function foc_ok();
