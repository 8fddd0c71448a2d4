begin;
select plan(3);
select table_privs_are('public', 'notes', 'anon', array['SELECT', 'USAGE'], 'anon only reads');
select table_privs_are('public', 'nope', 'anon', array['SELECT']);
select schema_privs_are('public', 'no_such_role', array['USAGE']);
select * from finish();
rollback;
