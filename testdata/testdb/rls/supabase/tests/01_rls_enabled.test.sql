begin;
select plan(12);

select tests.rls_enabled('public');
select tests.rls_enabled('public', 'todos');

select policies_are('public', 'todos', array[
  'Individuals can create todos.',
  'Individuals can view their own todos.',
  'Individuals can update their own todos.',
  'Individuals can delete their own todos.'
]);
select policies_are('public', 'profiles', array[
  'Profiles are viewable by everyone',
  'Users can insert their own profile',
  'Users can update their own profile'
]);
select policy_cmd_is('public'::name, 'todos'::name, 'Individuals can create todos.'::name, 'insert');
select policy_cmd_is('public'::name, 'todos'::name, 'Individuals can view their own todos.'::name, 'select');
select policy_cmd_is('public'::name, 'profiles'::name, 'Profiles are viewable by everyone'::name, 'SELECT');
select policy_roles_are('public', 'todos', 'Individuals can view their own todos.', array['authenticated']);
select policy_roles_are('public', 'profiles', 'Users can update their own profile', array['authenticated']);
select policies_are('public', 'teams', array['Members can view their teams', 'Anyone signed in can create a team']);
select policy_cmd_is('public'::name, 'team_members'::name, 'Owners can remove members'::name, 'delete');
select policy_roles_are('public', 'team_members', 'Owners can add members', array['authenticated']);

select * from finish();
rollback;
