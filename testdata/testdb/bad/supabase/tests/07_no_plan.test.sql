\set ECHO none
select no_plan();
select ok(true, 'one');
select todo_start('in progress');
select ok(true, 'passes inside todo');
select ok(false, 'fails inside todo');
select todo_end();
select skip('later', 1);
select diag('a note');
select * from finish();
