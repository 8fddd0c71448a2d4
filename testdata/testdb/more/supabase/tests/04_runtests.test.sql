\set ECHO none
begin;
create schema xunit;
create function xunit.startup() returns setof text language sql as $$ select pass('startup ran') $$;
create function xunit.setup_order() returns setof text language plpgsql as $$
begin
  insert into public.customers values (100, 'Setup');
  return next pass('setup inserted a customer');
end $$;
create function xunit.teardown_check() returns setof text language sql as $$ select pass('teardown ran') $$;
create function xunit.test_sees_setup() returns setof text language sql as $$
  select is((select name from public.customers where id = 100), 'Setup', 'the setup row is there')
$$;
create function xunit.test_failing() returns setof text language sql as $$
  select is(1, 2, 'one is not two')
$$;
create function xunit.test_dies() returns setof text language plpgsql as $$
begin
  return next pass('before dying');
  raise exception 'this test died';
end $$;
create function xunit.test_zero() returns setof text language sql as $$ select 'nothing' where false $$;
create function xunit.shutdown() returns setof text language sql as $$ select pass('shutdown ran') $$;
select * from runtests('xunit'::name);
rollback;
