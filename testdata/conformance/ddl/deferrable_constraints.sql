-- DEFERRABLE constraints: checks at COMMIT, SET CONSTRAINTS, catalogs
CREATE TABLE parent (id int PRIMARY KEY, code text UNIQUE);
CREATE TABLE child (
  id int PRIMARY KEY,
  pid int REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED,
  qid int,
  CONSTRAINT child_qid_fkey FOREIGN KEY (qid) REFERENCES parent (id) DEFERRABLE
);
CREATE TABLE plain (id int PRIMARY KEY, pid int REFERENCES parent (id));
SELECT conname, contype, condeferrable, condeferred, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid IN ('child'::regclass, 'plain'::regclass) ORDER BY conname;
SELECT constraint_name, is_deferrable, initially_deferred FROM information_schema.table_constraints WHERE table_name = 'child' AND constraint_type <> 'CHECK' ORDER BY constraint_name;
-- a deferred check passes when the parent arrives before COMMIT
BEGIN;
INSERT INTO child VALUES (1, 10, NULL);
INSERT INTO parent VALUES (10, 'a');
COMMIT;
SELECT * FROM child ORDER BY id;
-- and fails at COMMIT otherwise, rolling the transaction back
BEGIN;
INSERT INTO parent VALUES (11, 'b');
INSERT INTO child VALUES (2, 99, NULL);
SELECT count(*) FROM child;
COMMIT;
SELECT id FROM parent ORDER BY id;
SELECT id FROM child ORDER BY id;
-- outside a block the statement is its own transaction
INSERT INTO child VALUES (3, 98, NULL);
-- DEFERRABLE INITIALLY IMMEDIATE checks at once
BEGIN;
INSERT INTO child VALUES (4, NULL, 77);
ROLLBACK;
-- unless deferred by SET CONSTRAINTS
BEGIN;
SET CONSTRAINTS child_qid_fkey DEFERRED;
INSERT INTO child VALUES (4, NULL, 77);
INSERT INTO parent VALUES (77, 'c');
COMMIT;
BEGIN;
SET CONSTRAINTS ALL DEFERRED;
INSERT INTO child VALUES (5, NULL, 76);
COMMIT;
-- SET CONSTRAINTS ... IMMEDIATE checks what is pending
BEGIN;
INSERT INTO child VALUES (6, 55, NULL);
SET CONSTRAINTS ALL IMMEDIATE;
ROLLBACK;
BEGIN;
SET CONSTRAINTS child_pid_fkey IMMEDIATE;
INSERT INTO child VALUES (6, 55, NULL);
ROLLBACK;
-- deleting a referenced parent is checked at COMMIT too
BEGIN;
DELETE FROM parent WHERE id = 10;
INSERT INTO parent VALUES (10, 'a2');
COMMIT;
BEGIN;
DELETE FROM parent WHERE id = 10;
COMMIT;
SELECT id, code FROM parent ORDER BY id;
-- a non-deferrable constraint cannot be deferred
BEGIN;
SET CONSTRAINTS plain_pid_fkey DEFERRED;
ROLLBACK;
SET CONSTRAINTS nosuch DEFERRED;
-- unique and primary key
CREATE TABLE ranks (id int PRIMARY KEY DEFERRABLE, pos int, CONSTRAINT ranks_pos_key UNIQUE (pos) DEFERRABLE INITIALLY IMMEDIATE);
INSERT INTO ranks VALUES (1, 1), (2, 2), (3, 3);
UPDATE ranks SET pos = pos + 1;
SELECT id, pos FROM ranks ORDER BY id;
BEGIN;
SET CONSTRAINTS ranks_pos_key DEFERRED;
INSERT INTO ranks VALUES (4, 2);
UPDATE ranks SET pos = 5 WHERE id = 4;
COMMIT;
BEGIN;
SET CONSTRAINTS ranks_pos_key DEFERRED;
INSERT INTO ranks VALUES (6, 2);
COMMIT;
INSERT INTO ranks VALUES (7, 2);
SELECT conname, condeferrable, condeferred, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'ranks'::regclass ORDER BY conname;
ALTER TABLE plain ADD CONSTRAINT plain_pid_fkey2 FOREIGN KEY (pid) REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED;
SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conname = 'plain_pid_fkey2';
ALTER TABLE plain RENAME CONSTRAINT plain_pid_fkey2 TO plain_pid_deferred;
SELECT conname, condeferrable, condeferred FROM pg_constraint WHERE conrelid = 'plain'::regclass AND contype = 'f' ORDER BY conname;
ALTER TABLE plain DROP CONSTRAINT plain_pid_deferred;
ALTER TABLE plain ADD CONSTRAINT plain_pid_deferred FOREIGN KEY (pid) REFERENCES parent (id);
SELECT conname, condeferrable, condeferred FROM pg_constraint WHERE conrelid = 'plain'::regclass AND contype = 'f' ORDER BY conname;
ALTER TABLE plain ALTER CONSTRAINT plain_pid_deferred DEFERRABLE INITIALLY DEFERRED;
SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conname = 'plain_pid_deferred';
BEGIN;
INSERT INTO plain VALUES (10, 12345);
ROLLBACK;
