\set ECHO none
\set QUIET 1
\pset format unaligned
\pset tuples_only true
\set numb_tests 6
\set customer 'Ada'
\set quoted '\'' Grace '\''
\set tbl customers
begin;
select plan(:numb_tests);
\echo # running :numb_tests tests
select is((select name from public.customers where id = 1), :'customer', 'quoted variable');
select is((select name from public.customers where id = 2), :quoted, 'variable holding quotes');
select is((select count(*)::int from public.:"tbl"), 3, 'identifier variable');
select is(':customer'::text, ':customer', 'no interpolation inside quotes');
select is(2::int, 2, 'casts are not variables');
\unset customer
select is(length(':customer'), 9, 'unset leaves the text');
select * from finish();
rollback;
