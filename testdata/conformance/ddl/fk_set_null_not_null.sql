-- SET NULL / SET DEFAULT on a NOT NULL referencing column: PostgreSQL accepts the DDL and fails only when the action fires
CREATE TABLE users (id int PRIMARY KEY, name text);
CREATE TABLE posts (id int PRIMARY KEY, owner int NOT NULL REFERENCES users (id) ON DELETE SET NULL, title text);
INSERT INTO users VALUES (1, 'a'), (2, 'b'), (3, 'c');
INSERT INTO posts VALUES (10, 1, 'x'), (11, 1, 'y'), (12, 2, 'z');
SELECT conname, confdeltype, confupdtype, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'posts'::regclass AND contype = 'f';
SELECT delete_rule, update_rule FROM information_schema.referential_constraints WHERE constraint_name = 'posts_owner_fkey';
-- a parent nothing references deletes
DELETE FROM users WHERE id = 3;
-- a referenced parent: the action would write NULL into owner
DELETE FROM users WHERE id = 1;
-- the whole statement rolls back: no user gone, no post changed
DELETE FROM users WHERE id IN (1, 2);
SELECT * FROM users ORDER BY id;
SELECT * FROM posts ORDER BY id;
-- inside a transaction block the error aborts it
BEGIN;
DELETE FROM users WHERE id = 2;
SELECT 1;
ROLLBACK;
SELECT count(*) FROM posts;
-- once the children are gone the parent deletes
DELETE FROM posts WHERE owner = 2;
DELETE FROM users WHERE id = 2;
SELECT id FROM users ORDER BY id;
-- ON UPDATE SET NULL on a NOT NULL column
CREATE TABLE boards (id int PRIMARY KEY, title text);
INSERT INTO boards VALUES (1, 'p'), (2, 'q'), (3, 'r');
CREATE TABLE pins (id int PRIMARY KEY, board int NOT NULL REFERENCES boards (id) ON UPDATE SET NULL ON DELETE CASCADE);
INSERT INTO pins VALUES (100, 1), (101, 2);
SELECT confdeltype, confupdtype, pg_get_constraintdef(oid) FROM pg_constraint WHERE conname = 'pins_board_fkey';
UPDATE boards SET id = 30 WHERE id = 3;
UPDATE boards SET id = 10 WHERE id = 1;
UPDATE boards SET title = 'w' WHERE id = 1;
DELETE FROM boards WHERE id = 2;
SELECT * FROM boards ORDER BY id;
SELECT * FROM pins ORDER BY id;
-- ALTER TABLE ADD CONSTRAINT ... SET NULL on a NOT NULL column
CREATE TABLE authors (id int PRIMARY KEY);
INSERT INTO authors VALUES (1), (2);
CREATE TABLE notes (id int PRIMARY KEY, author int NOT NULL);
INSERT INTO notes VALUES (1, 1);
ALTER TABLE notes ADD CONSTRAINT notes_author_fkey FOREIGN KEY (author) REFERENCES authors (id) ON DELETE SET NULL ON UPDATE SET NULL;
SELECT confdeltype, confupdtype, pg_get_constraintdef(oid) FROM pg_constraint WHERE conname = 'notes_author_fkey';
DELETE FROM authors WHERE id = 1;
UPDATE authors SET id = 5 WHERE id = 1;
DELETE FROM authors WHERE id = 2;
SELECT * FROM authors ORDER BY id;
-- SET NOT NULL on the referencing column of a SET NULL key
CREATE TABLE editors (id int PRIMARY KEY);
INSERT INTO editors VALUES (1), (2);
CREATE TABLE drafts (id int PRIMARY KEY, editor int REFERENCES editors (id) ON DELETE SET NULL);
INSERT INTO drafts VALUES (1, 1), (2, NULL);
ALTER TABLE drafts ALTER COLUMN editor SET NOT NULL;
DELETE FROM drafts WHERE id = 2;
ALTER TABLE drafts ALTER COLUMN editor SET NOT NULL;
SELECT attnotnull FROM pg_attribute WHERE attrelid = 'drafts'::regclass AND attname = 'editor';
SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conname = 'drafts_editor_fkey';
DELETE FROM editors WHERE id = 1;
DELETE FROM editors WHERE id = 2;
-- DROP NOT NULL lets the action write NULL again
ALTER TABLE drafts ALTER COLUMN editor DROP NOT NULL;
DELETE FROM editors WHERE id = 1;
SELECT * FROM drafts ORDER BY id;
SELECT * FROM editors ORDER BY id;
-- SET DEFAULT on a NOT NULL column without a default writes NULL too
CREATE TABLE k (id int PRIMARY KEY);
INSERT INTO k VALUES (1), (2);
CREATE TABLE kd (id int PRIMARY KEY, k int NOT NULL REFERENCES k (id) ON DELETE SET DEFAULT);
INSERT INTO kd VALUES (1, 1);
SELECT confdeltype, pg_get_constraintdef(oid) FROM pg_constraint WHERE conname = 'kd_k_fkey';
DELETE FROM k WHERE id = 1;
DELETE FROM k WHERE id = 2;
SELECT * FROM k ORDER BY id;
-- a composite key of text and uuid, one column NOT NULL
CREATE TABLE accounts (org text, uid uuid, PRIMARY KEY (org, uid));
INSERT INTO accounts VALUES ('o', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11');
CREATE TABLE grants (id int PRIMARY KEY, org text NOT NULL, uid uuid, note text DEFAULT 'n',
  FOREIGN KEY (org, uid) REFERENCES accounts (org, uid) ON DELETE SET NULL);
INSERT INTO grants VALUES (1, 'o', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', NULL);
SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'grants'::regclass AND contype = 'f';
DELETE FROM accounts;
SELECT count(*) FROM accounts;
-- a uuid owner as in a migration history
CREATE TABLE members (id uuid PRIMARY KEY);
INSERT INTO members VALUES ('b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11');
CREATE TABLE courses (id int PRIMARY KEY, created_by uuid NOT NULL REFERENCES members (id) ON DELETE SET NULL ON UPDATE CASCADE);
INSERT INTO courses VALUES (1, 'b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11');
DELETE FROM members;
SELECT * FROM courses;
-- ADD COLUMN ... NOT NULL REFERENCES ... SET NULL, SET NOT NULL beside another clause
CREATE TABLE tasks (id int PRIMARY KEY, assignee uuid);
ALTER TABLE tasks ADD COLUMN course int NOT NULL REFERENCES courses (id) ON DELETE SET NULL;
ALTER TABLE tasks ALTER COLUMN assignee SET NOT NULL, ADD CONSTRAINT tasks_assignee_fkey FOREIGN KEY (assignee) REFERENCES members (id) ON DELETE SET NULL;
INSERT INTO tasks VALUES (1, 'b0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 1);
SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'tasks'::regclass AND contype = 'f' ORDER BY conname;
DELETE FROM courses;
DELETE FROM members;
-- a self-referencing key
CREATE TABLE tree (id int PRIMARY KEY, parent int NOT NULL REFERENCES tree (id) ON DELETE SET NULL);
INSERT INTO tree VALUES (1, 1), (2, 1);
DELETE FROM tree WHERE id = 2;
DELETE FROM tree WHERE id = 1;
SELECT * FROM tree;
-- retyping the column keeps the key and its action
ALTER TABLE tasks ALTER COLUMN course TYPE bigint;
SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conname = 'tasks_course_fkey';
SELECT attnotnull FROM pg_attribute WHERE attrelid = 'tasks'::regclass AND attname = 'course';
DELETE FROM courses;
