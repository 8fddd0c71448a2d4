begin;
create schema checks;
create function checks.test_customers() returns setof text language sql as $$
  select col_is_pk('public', 'customers', array['id']::name[], 'customers.id is the key')
$$;
create function checks.test_orders() returns setof text language sql as $$
  select col_isnt_pk('orders', 'total')
  union all
  select col_isnt_pk('public', 'order_lines', array['order_id']::name[], 'order_lines has a composite key')
$$;
create function checks.helper() returns setof text language sql as $$ select 'not a test' $$;
select plan(4);
select is(findfuncs('checks'::name, '^test'), array['checks.test_customers', 'checks.test_orders'], 'findfuncs');
select * from do_tap('checks'::name);
select * from finish();
rollback;
