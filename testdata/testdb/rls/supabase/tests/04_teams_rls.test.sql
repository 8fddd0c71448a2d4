begin;
select plan(10);

select tests.create_supabase_user('erin');
select tests.create_supabase_user('frank');
select tests.create_supabase_user('grace');

-- Erin owns Acme, Frank is a member; Grace is in no team.
insert into team_members (team_id, user_id, role) values
  ('11111111-1111-1111-1111-111111111111', tests.get_supabase_uid('erin'), 'owner'),
  ('11111111-1111-1111-1111-111111111111', tests.get_supabase_uid('frank'), 'member');

select tests.authenticate_as('frank');
select results_eq(
  'select name from teams',
  array['Acme'],
  'frank sees only his team'
);
select set_eq(
  'select user_id from team_members',
  format('select unnest(array[%L, %L]::uuid[])', tests.get_supabase_uid('erin'), tests.get_supabase_uid('frank')),
  'frank sees his team''s members'
);
select throws_ok(
  format($$ insert into team_members (team_id, user_id) values ('11111111-1111-1111-1111-111111111111', %L) $$, tests.get_supabase_uid('grace')),
  '42501',
  null,
  'a member cannot add members'
);
select ok(not private.is_team_member('22222222-2222-2222-2222-222222222222'), 'frank is not in Globex');

select tests.authenticate_as('erin');
select lives_ok(
  format($$ insert into team_members (team_id, user_id) values ('11111111-1111-1111-1111-111111111111', %L) $$, tests.get_supabase_uid('grace')),
  'an owner can add members'
);
select bag_eq(
  'select role::text from team_members',
  $$ values ('owner'), ('member'), ('member') $$,
  'erin sees three members'
);
select results_eq(
  $$ delete from team_members where user_id = tests.get_supabase_uid('frank') returning role::text $$,
  $$ values ('member') $$,
  'an owner can remove members'
);

select tests.authenticate_as('grace');
select results_eq('select count(*)::int from team_members', 'select 2', 'grace now sees her team');
select is_empty(
  $$ select * from teams where name = 'Globex' $$,
  'grace cannot see Globex'
);

select tests.authenticate_as_service_role();
select results_eq('select count(*)::int from teams', array[2], 'the service role bypasses RLS');

select * from finish();
rollback;
