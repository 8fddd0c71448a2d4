-- Since pgTAP 1.3 an xUnit test that dies of any error fails and the
-- run goes on.
begin;
create schema xunit13;
create function xunit13.test_divides() returns setof text language plpgsql as $$
declare n int := 0;
begin
  return next pass('before dividing');
  return next ok(1 / n = 1, 'never reached');
end $$;
create function xunit13.test_after() returns setof text language sql as $$ select pass('the run goes on') $$;
select * from runtests('xunit13'::name);
rollback;
