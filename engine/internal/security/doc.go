// Package security is tinybase's access control: roles, privileges and
// row level security, applied to PostgreSQL parse trees before they are
// translated.
//
// It emulates PostgreSQL's
//   - 5.8 Privileges and GRANT / REVOKE / ALTER DEFAULT PRIVILEGES
//     (aclchk.c's select_best_grantor and warnings, owner checks);
//   - 5.9 Row Security Policies (CREATE / ALTER / DROP POLICY, ALTER TABLE
//     ... ROW LEVEL SECURITY, and the rewriter's securityQuals and
//     WithCheckOptions, done here as a rewrite of the parse tree:
//     rls_rewrite.go);
//   - 22 Database Roles (CREATE / ALTER / DROP ROLE, GRANT role, SET ROLE
//     and SET SESSION AUTHORIZATION checks, SCRAM-SHA-256 password
//     verifiers, pg_db_role_setting values applied at login);
//   - 9.26 the access privilege inquiry functions (has_*_privilege,
//     pg_has_role), whose implementations live here while their
//     registration into the expression function table stays in the
//     session package (registration order matters for overloads).
//
// What it owns: the row security rewrite and the WITH CHECK constraints
// it asks a statement to enforce (RowChecks), the privilege checks on the
// relations, schemas and functions a statement uses, and the execution of
// the role, privilege and policy commands translate produces. The
// catalog package stores roles, ACLs and policies; this package decides
// with them.
//
// What it may import: catalog, translate, types, pgcatalog, internal/pgtree
// and internal/pgerror, plus go-mysql-server's sql package for check
// definitions. It never imports the session package: everything it needs
// from a session (the current role, the catalog snapshot, name lookup
// through the search path, translation in the session's environment) it
// asks of the Host interface, which *session.Session implements.
package security
