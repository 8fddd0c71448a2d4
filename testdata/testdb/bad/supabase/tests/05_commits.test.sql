-- Commits instead of rolling back: on its own snapshot, nothing it does
-- reaches the other files (06 checks).
begin;
select plan(2);
create table public.committed_by_test (id int);
insert into public.notes values (4, 'four');
select has_table('committed_by_test');
select is((select count(*) from notes), 4::bigint, 'four notes here');
select * from finish();
commit;
