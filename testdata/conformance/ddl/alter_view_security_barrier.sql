-- ALTER VIEW ... SET / RESET (security_barrier), alone or with
-- security_invoker; a table has no such option
create table avsb_t (id int, secret text);
insert into avsb_t values (1, 'a'), (2, 'b');
create view avsb_v as select id from avsb_t where id > 1;
alter view avsb_v set (security_barrier = true);
alter view avsb_v set (security_barrier);
alter view avsb_v set (security_barrier = maybe);
alter view avsb_v reset (security_barrier);
alter view avsb_v set (security_barrier = on, security_invoker = on);
select * from avsb_v;
alter table avsb_t set (security_barrier = true);
alter view avsb_nosuch set (security_barrier = true);
alter view if exists avsb_nosuch set (security_barrier = true);
create role rls_t_avsb;
set role rls_t_avsb;
alter view avsb_v set (security_barrier = false);
reset role;
drop role rls_t_avsb;
