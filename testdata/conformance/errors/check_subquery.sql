-- A CHECK constraint may not hold a subquery (transformSubLink's
-- EXPR_KIND_CHECK_CONSTRAINT / EXPR_KIND_DOMAIN_CHECK): 0A000 at the
-- subquery, in CREATE TABLE, ALTER TABLE and CREATE DOMAIN alike.
CREATE TABLE members (id int PRIMARY KEY, kind text);
CREATE TABLE keys (id int PRIMARY KEY, member_id int, CONSTRAINT agent_only CHECK (EXISTS (SELECT 1 FROM members m WHERE m.id = member_id AND m.kind = 'agent')));
CREATE TABLE keys (id int PRIMARY KEY, member_id int CHECK (member_id IN (SELECT id FROM members)));
CREATE TABLE keys (id int PRIMARY KEY, member_id int);
ALTER TABLE keys ADD CONSTRAINT positive CHECK (member_id > (SELECT min(id) FROM members));
ALTER TABLE keys ADD CHECK (member_id > 0 AND EXISTS (SELECT 1));
CREATE DOMAIN member_ref AS int CHECK (VALUE IN (SELECT id FROM members));
SELECT count(*) FROM pg_constraint WHERE conrelid = 'keys'::regclass AND contype = 'c';
