-- pg_cancel_backend / pg_terminate_backend on a process ID no session has,
-- the timeout's check, named arguments, and the privilege checks against
-- a superuser's session
select pg_cancel_backend(2147483647);
select pg_terminate_backend(2147483647);
select pg_terminate_backend(2147483647, 10);
select pg_terminate_backend(pid => 2147483647, timeout => 0);
select pg_terminate_backend(pg_backend_pid(), -1);
select pg_cancel_backend(null), pg_terminate_backend(null);
select proname, pg_get_function_arguments(oid), prorettype::regtype, provolatile, proisstrict from pg_proc where proname in ('pg_cancel_backend', 'pg_terminate_backend') order by 1;
create role signal_backend_r;
set role signal_backend_r;
select pg_cancel_backend(pg_backend_pid());
select pg_terminate_backend(pg_backend_pid());
reset role;
drop role signal_backend_r;
