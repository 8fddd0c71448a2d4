begin;
\ir include/helpers.psql
select plan(2);
select is(public.customer_count(), :expected_customers, 'helpers included with \ir');
\echo -n # echo without a newline
\echo ' and the rest'
select ok(:expected_customers > 2, 'variables set by an included file');
select * from finish();
rollback;
