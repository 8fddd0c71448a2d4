-- An error outside any assertion stops the file, as psql's ON_ERROR_STOP does.
begin;
select plan(3);
select ok(true, 'before the error');
select body::int from notes where id = 1;
select ok(true, 'never reached');
select * from finish();
rollback;
