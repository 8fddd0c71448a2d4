-- CREATE VIEW ... WITH (...) knows check_option, security_barrier and
-- security_invoker; anything else, or a value of the wrong kind, is
-- 22023 (PostgreSQL's view reloptions), and the check option's
-- updatability comes first
CREATE TABLE vt (a int);
CREATE VIEW v1 WITH (nosuch = 1) AS SELECT 1;
CREATE VIEW v2 WITH (security_barrier = maybe) AS SELECT 1;
CREATE VIEW v3 WITH (check_option = x) AS SELECT 1;
CREATE VIEW v4 WITH (check_option = bogus) AS SELECT a FROM vt;
CREATE VIEW v5 WITH (security_invoker = maybe) AS SELECT 1;
CREATE VIEW v6 WITH (toast.autovacuum_enabled = true) AS SELECT 1;
CREATE VIEW v11 WITH (foo.x = 1) AS SELECT 1;
CREATE VIEW v12 WITH (toast.nosuch = maybe) AS SELECT 1;
CREATE VIEW v7 WITH (security_barrier, security_invoker = on) AS SELECT a FROM vt;
CREATE VIEW v8 WITH (security_barrier = 1, check_option = local) AS SELECT a FROM vt;
CREATE VIEW v9 WITH (security_invoker = off, nosuch) AS SELECT a FROM vt;
CREATE VIEW v10 WITH (check_option) AS SELECT a FROM vt;
SELECT relname FROM pg_class WHERE relname ~ '^v[0-9]+$' ORDER BY 1;
