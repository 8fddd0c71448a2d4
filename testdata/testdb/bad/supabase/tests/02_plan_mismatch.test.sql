begin;
select plan(5);
select ok(true, 'one');
select ok(true, 'two');
select ok(true, 'three');
select ok(true, 'four');
select * from finish();
rollback;
