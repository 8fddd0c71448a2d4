-- pg_group: roles that cannot log in, with their direct members.
CREATE ROLE rls_t_grp_a;
CREATE ROLE rls_t_grp_b NOLOGIN;
CREATE ROLE rls_t_grp_user LOGIN;
CREATE GROUP rls_t_grp_c;
ALTER GROUP rls_t_grp_a ADD USER rls_t_grp_user;
GRANT rls_t_grp_a TO rls_t_grp_b;
SELECT groname, cardinality(grolist) AS members, grosysid = (SELECT oid FROM pg_roles WHERE rolname = groname) AS sysid
  FROM pg_group WHERE groname LIKE 'rls_t_grp_%' ORDER BY groname;
SELECT count(*) FROM pg_group WHERE groname = 'rls_t_grp_user';
SELECT r.rolname FROM pg_group g, unnest(g.grolist) AS m(oid) JOIN pg_roles r ON r.oid = m.oid
 WHERE g.groname = 'rls_t_grp_a' ORDER BY 1;
ALTER GROUP rls_t_grp_a DROP USER rls_t_grp_user;
SELECT cardinality(grolist) FROM pg_group WHERE groname = 'rls_t_grp_a';
SELECT pg_typeof(groname), pg_typeof(grosysid), pg_typeof(grolist) FROM pg_group LIMIT 1;
