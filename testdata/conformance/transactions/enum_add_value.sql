-- ALTER TYPE ... ADD VALUE inside a transaction block: the new label
-- cannot be read until the transaction commits (55P04), whether the type
-- is older or was created in the same transaction; CREATE TYPE's own
-- labels can be. A migration that adds a value and uses it in one file
-- fails on PostgreSQL.
CREATE TYPE status AS ENUM ('draft', 'live');
CREATE TABLE post (id int PRIMARY KEY, s status NOT NULL DEFAULT 'draft');
INSERT INTO post VALUES (1, 'live');
BEGIN;
ALTER TYPE status ADD VALUE 'archived';
SELECT 'live'::status;
SELECT 'archived'::status;
ROLLBACK;
BEGIN;
ALTER TYPE status ADD VALUE 'archived';
UPDATE post SET s = 'archived' WHERE id = 1;
ROLLBACK;
BEGIN;
ALTER TYPE status ADD VALUE 'archived';
INSERT INTO post VALUES (2, 'archived');
ROLLBACK;
BEGIN;
ALTER TYPE status ADD VALUE 'archived';
SELECT count(*) FROM post WHERE s = 'archived';
ROLLBACK;
BEGIN;
ALTER TYPE status ADD VALUE 'archived';
SELECT enum_range(NULL::status);
ROLLBACK;
BEGIN;
ALTER TYPE status ADD VALUE 'archived';
SELECT enum_last(NULL::status);
ROLLBACK;
BEGIN;
ALTER TYPE status ADD VALUE 'archived' BEFORE 'draft';
SELECT enum_first(NULL::status);
ROLLBACK;
BEGIN;
ALTER TYPE status ADD VALUE 'archived';
SAVEPOINT a;
SELECT 'archived'::status;
ROLLBACK TO a;
SELECT 'draft'::status;
COMMIT;
SELECT 'archived'::status, enum_range(NULL::status);
BEGIN;
CREATE TYPE color AS ENUM ('red');
SELECT 'red'::color;
ALTER TYPE color ADD VALUE 'blue';
SELECT 'blue'::color;
ROLLBACK;
ALTER TYPE status ADD VALUE 'hidden';
SELECT 'hidden'::status;
UPDATE post SET s = 'hidden' WHERE id = 1 RETURNING s;
DO $$
BEGIN
  ALTER TYPE status ADD VALUE 'pinned';
  PERFORM 'pinned'::status;
END $$;
SELECT enum_range(NULL::status);
