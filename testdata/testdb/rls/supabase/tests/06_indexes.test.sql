begin;
select plan(7);

select has_index('public', 'profiles', 'profiles_username_key', 'usernames are indexed');
select index_is_unique('public', 'profiles', 'profiles_username_key');
select has_index('todos', 'todos_pkey');
select hasnt_index('todos', 'todos_task_idx');
select hasnt_enum('todo_status');
select hasnt_trigger('public'::name, 'todos'::name, 'on_todo_change'::name);
select performs_ok('select count(*) from todos', 5000);

select * from finish();
rollback;
