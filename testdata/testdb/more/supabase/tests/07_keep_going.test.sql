\unset ECHO
\set ON_ERROR_STOP 0
\set ON_ERROR_ROLLBACK 1
begin;
select plan(2);
select pass('before the error');
select 1 / 0;
select pass('after the error, in the same transaction');
select * from finish();
rollback;
