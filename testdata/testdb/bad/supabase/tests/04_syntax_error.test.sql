begin;
select plan(2);
select ok(true, 'runs');
selec ok(true, 'does not parse');
select * from finish();
rollback;
