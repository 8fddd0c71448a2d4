begin;
select plan(2);
select hasnt_table('committed_by_test');
select is((select count(*) from notes), 3::bigint, 'still three notes');
select * from finish();
rollback;
