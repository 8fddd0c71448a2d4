-- Test helpers with the API of basejump's supabase-test-helpers
-- (tests.create_supabase_user, tests.authenticate_as, tests.rls_enabled, …),
-- written for this fixture. They call pgTAP's ok() at run time, so they
-- work once pgTAP is created (as `supabase test db` does).
create schema if not exists tests;
grant usage on schema tests to anon, authenticated;

-- Creates a user in auth.users known to the tests by identifier.
create function tests.create_supabase_user(identifier text, email text default null, phone text default null, metadata jsonb default null)
returns uuid language plpgsql security definer set search_path = auth, pg_temp
as $$
declare
  new_id uuid := gen_random_uuid();
begin
  insert into auth.users (id, instance_id, aud, role, email, phone, raw_user_meta_data, raw_app_meta_data, created_at, updated_at)
  values (new_id, '00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated',
          coalesce(email, identifier || '@test.com'), phone,
          coalesce(metadata, '{}'::jsonb) || jsonb_build_object('test_identifier', identifier),
          '{"provider": "email", "providers": ["email"]}'::jsonb, now(), now());
  return new_id;
end;
$$;

-- The user created for identifier; raises when there is none.
create function tests.get_supabase_user(identifier text)
returns json language plpgsql security definer set search_path = auth, pg_temp
as $$
declare
  found json;
begin
  select json_build_object('id', u.id, 'email', u.email, 'phone', u.phone,
                           'raw_user_meta_data', u.raw_user_meta_data, 'raw_app_meta_data', u.raw_app_meta_data)
    into found
    from auth.users u
   where u.raw_user_meta_data ->> 'test_identifier' = identifier
   limit 1;
  if found is null then
    raise exception 'User with identifier % not found', identifier;
  end if;
  return found;
end;
$$;

create function tests.get_supabase_uid(identifier text)
returns uuid language sql security definer set search_path = auth, pg_temp
as $$
  select u.id from auth.users u where u.raw_user_meta_data ->> 'test_identifier' = identifier limit 1;
$$;

-- Switches the rest of the transaction to the user: role authenticated
-- and the JWT claims PostgREST would set.
create function tests.authenticate_as(identifier text)
returns void language plpgsql
as $$
declare
  u json := tests.get_supabase_user(identifier);
begin
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', json_build_object(
    'sub', u ->> 'id', 'role', 'authenticated', 'email', u ->> 'email', 'phone', u ->> 'phone',
    'user_metadata', u -> 'raw_user_meta_data', 'app_metadata', u -> 'raw_app_meta_data')::text, true);
end;
$$;

create function tests.authenticate_as_service_role()
returns void language plpgsql
as $$
begin
  perform set_config('role', 'service_role', true);
  perform set_config('request.jwt.claims', '', true);
end;
$$;

-- Back to an anonymous request.
create function tests.clear_authentication()
returns void language plpgsql
as $$
begin
  perform set_config('role', 'anon', true);
  perform set_config('request.jwt.claims', '', true);
end;
$$;

-- One test: every table of the schema has row level security enabled.
create function tests.rls_enabled(testing_schema text)
returns text language plpgsql
as $$
begin
  return ok(not exists (
      select 1 from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where n.nspname = testing_schema and c.relkind in ('r', 'p') and not c.relrowsecurity),
    format('All tables in the %s schema should have row level security enabled', testing_schema));
end;
$$;

-- One test: the table has row level security enabled.
create function tests.rls_enabled(testing_schema text, testing_table text)
returns text language plpgsql
as $$
begin
  return ok(coalesce((
      select c.relrowsecurity from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where n.nspname = testing_schema and c.relname = testing_table), false),
    format('Table %s.%s should have row level security enabled', testing_schema, testing_table));
end;
$$;

grant execute on all functions in schema tests to anon, authenticated;
