-- The other pgTAP assertions a suite reaches for, all passing.
begin;
select plan(22);

select ok(true, 'ok');
select pass('pass');
select is(1 + 1, 2, 'is');
select isnt('a'::text, 'b', 'isnt');
select is(null::text, null, 'is with NULLs');
select matches('supabase'::text, '^supa', 'matches');
select imatches('SupaBase'::text, 'base$', 'imatches');
select alike('tinybase'::text, 'tiny%', 'alike');
select unalike('tinybase'::text, 'big%', 'unalike');
select doesnt_match('tinybase'::text, '^big', 'doesnt_match');
select cmp_ok(5, '>', 3, 'cmp_ok');
select isa_ok(now(), 'timestamptz', 'now()');
select results_ne('select 1', 'select 2', 'results_ne');
select set_eq('select * from (values (1), (2), (2)) v(x)', array[2, 1], 'set_eq');
select set_ne('select 1', array[2], 'set_ne');
select bag_eq('select * from (values (1), (2), (2)) v(x)', array[2, 1, 2], 'bag_eq');
select isnt_empty('select 1', 'isnt_empty');
select throws_like('select 1/0', '%division%', 'throws_like');
select throws_matching('select 1/0', 'by zero$', 'throws_matching');
select throws_ok('select 1/0', 'division by zero');
select skip('not on this platform', 2);

select * from finish();
rollback;
