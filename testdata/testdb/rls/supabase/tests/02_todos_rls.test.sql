begin;
select plan(11);

select tests.create_supabase_user('alice');
select tests.create_supabase_user('bob');

-- Alice writes two todos.
select tests.authenticate_as('alice');
select lives_ok(
  $$ insert into todos (task) values ('Buy milk'), ('Walk the dog') $$,
  'alice can create todos'
);
select results_eq(
  'select task from todos order by id',
  array['Buy milk', 'Walk the dog'],
  'alice sees her todos'
);
select is(
  (select count(*) from todos where user_id = tests.get_supabase_uid('alice')),
  2::bigint,
  'both todos belong to alice'
);

-- Bob sees none of them and cannot touch them.
select tests.authenticate_as('bob');
select is_empty('select * from todos', 'bob cannot see alice''s todos');
select throws_ok(
  format($$ insert into todos (user_id, task) values (%L, 'Sneaky task') $$, tests.get_supabase_uid('alice')),
  '42501',
  'new row violates row-level security policy for table "todos"',
  'bob cannot create a todo for alice'
);
select is_empty(
  $$ update todos set is_complete = true returning id $$,
  'bob cannot complete alice''s todos'
);
select is_empty(
  $$ delete from todos returning id $$,
  'bob cannot delete alice''s todos'
);
select lives_ok(
  $$ insert into todos (task) values ('Read a book') $$,
  'bob can create his own todo'
);
select results_eq('select count(*) from todos', array[1::bigint], 'bob sees only his todo');

-- Anonymous requests see nothing and cannot write.
select tests.clear_authentication();
select is_empty('select * from todos', 'anon sees no todos');
select throws_ok(
  $$ insert into todos (task) values ('Anonymous') $$,
  '42501',
  null,
  'anon cannot create todos'
);

select * from finish();
rollback;
