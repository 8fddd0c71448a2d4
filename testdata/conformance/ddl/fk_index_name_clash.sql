-- A foreign key and an index may share a name: a key has no index in
-- PostgreSQL, so the name is free for CREATE INDEX (tinybase's hidden
-- index for the key moves aside), in either order; long names clash
-- only once truncated to 63 bytes.
CREATE TABLE p (id int, k int, PRIMARY KEY (id, k));
CREATE TABLE c (id int PRIMARY KEY, a int, b int, CONSTRAINT c_ab_key_name FOREIGN KEY (a, b) REFERENCES p (id, k));
CREATE INDEX c_ab_key_name ON c (b);
INSERT INTO p VALUES (1, 2);
INSERT INTO c VALUES (1, 1, 2);
INSERT INTO c VALUES (2, 5, 5);
CREATE INDEX ix_then_key ON c (a);
ALTER TABLE c ADD CONSTRAINT ix_then_key FOREIGN KEY (b, a) REFERENCES p (k, id);
INSERT INTO c VALUES (3, 2, 1);
SELECT conname, contype FROM pg_constraint WHERE conrelid = 'c'::regclass ORDER BY 1;
SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'c' ORDER BY 1;
ALTER TABLE c DROP CONSTRAINT c_ab_key_name;
INSERT INTO c VALUES (4, 5, 5);
DROP INDEX c_ab_key_name;
CREATE TABLE workspace_external_project_relation_definition_targets (
  id int PRIMARY KEY, d_id int, d_k int,
  CONSTRAINT workspace_external_project_relation_definition_targets_definition_fkey FOREIGN KEY (d_id, d_k) REFERENCES p (id, k));
CREATE INDEX workspace_external_project_relation_definition_targets_definition_idx
  ON workspace_external_project_relation_definition_targets (d_id);
SELECT conname FROM pg_constraint WHERE conrelid = 'workspace_external_project_relation_definition_targets'::regclass ORDER BY 1;
SELECT indexname FROM pg_indexes WHERE tablename = 'workspace_external_project_relation_definition_targets' ORDER BY 1;
INSERT INTO workspace_external_project_relation_definition_targets VALUES (1, 9, 9);
