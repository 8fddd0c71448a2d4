-- ALTER TABLE ... ENABLE / DISABLE [REPLICA | ALWAYS] RULE sets
-- pg_rewrite.ev_enabled, and rules fire by it as triggers do: 'O' except
-- under session_replication_role = replica, 'R' only then, 'A' always,
-- 'D' never.
CREATE TABLE rr (a int);
CREATE TABLE rr_log (a int, via text);
CREATE RULE rr_r AS ON INSERT TO rr DO ALSO INSERT INTO rr_log VALUES (new.a, 'r');
ALTER TABLE rr DISABLE RULE rr_r;
SELECT ev_enabled FROM pg_rewrite WHERE rulename = 'rr_r';
INSERT INTO rr VALUES (1);
ALTER TABLE rr ENABLE REPLICA RULE rr_r;
SELECT ev_enabled FROM pg_rewrite WHERE rulename = 'rr_r';
INSERT INTO rr VALUES (2);
SET session_replication_role = replica;
INSERT INTO rr VALUES (3);
ALTER TABLE rr ENABLE ALWAYS RULE rr_r;
INSERT INTO rr VALUES (4);
ALTER TABLE rr ENABLE RULE rr_r;
SELECT ev_enabled FROM pg_rewrite WHERE rulename = 'rr_r';
INSERT INTO rr VALUES (5);
RESET session_replication_role;
INSERT INTO rr VALUES (6);
SELECT * FROM rr_log ORDER BY a;
SELECT count(*) FROM rr;
ALTER TABLE rr DISABLE RULE nope;
ALTER TABLE rr ENABLE RULE rr_r, DISABLE TRIGGER ALL;
DROP TABLE rr;
DROP TABLE rr_log;
