begin;
select plan(5);

select table_privs_are('public', 'todos', 'anon', array['DELETE', 'INSERT', 'REFERENCES', 'SELECT', 'TRIGGER', 'TRUNCATE', 'UPDATE']);
select table_privs_are('public', 'todos', 'authenticated', array['DELETE', 'INSERT', 'REFERENCES', 'SELECT', 'TRIGGER', 'TRUNCATE', 'UPDATE'], 'authenticated has the default grants');
select schema_privs_are('private', 'authenticated', array['USAGE']);
select schema_privs_are('private', 'anon', array[]::name[], 'anon cannot use the private schema');
select schema_privs_are('public', 'anon', array['USAGE']);

select * from finish();
rollback;
