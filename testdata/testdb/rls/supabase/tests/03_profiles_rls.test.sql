begin;
select plan(9);

select tests.create_supabase_user('carol', 'carol@example.com', null, '{"username": "carol", "full_name": "Carol Danvers"}');
select tests.create_supabase_user('dave', null, null, '{"username": "dave"}');

select results_eq(
  'select username, full_name from profiles order by username',
  $$ values ('carol', 'Carol Danvers'), ('dave', null) $$,
  'the trigger created a profile for each user'
);

-- Profiles are public.
set local role anon;
select results_eq(
  'select username from profiles order by username',
  array['carol', 'dave'],
  'anon can read every profile'
);
reset role;

-- Carol edits her own profile through PostgREST-style claims.
set local role authenticated;
select set_config('request.jwt.claims', json_build_object('sub', tests.get_supabase_uid('carol'), 'role', 'authenticated')::text, true);
select is(auth.uid(), tests.get_supabase_uid('carol'), 'auth.uid() reads the claims');
prepare rename_carol as update profiles set full_name = 'Captain Marvel' where username = 'carol' returning username;
select results_eq('rename_carol', array['carol'], 'carol can update her profile');
prepare rename_dave as update profiles set full_name = 'Not Dave' where username = 'dave' returning username;
select is_empty('rename_dave', 'carol cannot update dave''s profile');
select ok((select count(*) = 0 from profiles where full_name = 'Not Dave'), 'dave''s profile is unchanged');

-- request.jwt.claim.sub alone is enough for auth.uid().
select set_config('request.jwt.claims', '', true);
select set_config('request.jwt.claim.sub', tests.get_supabase_uid('dave')::text, true);
select is(auth.uid(), tests.get_supabase_uid('dave'), 'auth.uid() reads request.jwt.claim.sub');
select throws_ok(
  $$ update profiles set username = 'da' where username = 'dave' $$,
  '23514',
  null,
  'usernames are at least three characters'
);
select matches(
  (select username from profiles where id = auth.uid()),
  '^d[a-z]+$',
  'dave''s username is unchanged'
);

select * from finish();
rollback;
