-- COMMENT ON LARGE OBJECT (docs: COMMENT): the comment is in
-- pg_description with classoid pg_largeobject, read back with
-- obj_description; it goes with the object.
SELECT lo_create(515151);
COMMENT ON LARGE OBJECT 515151 IS 'a large object';
SELECT objoid, classoid::regclass, objsubid, description FROM pg_description WHERE objoid = 515151;
SELECT obj_description(515151, 'pg_largeobject');
SELECT obj_description(515151, 'pg_class');
COMMENT ON LARGE OBJECT 515151 IS 'changed';
SELECT obj_description(515151, 'pg_largeobject');
COMMENT ON LARGE OBJECT 515151 IS NULL;
SELECT obj_description(515151, 'pg_largeobject');
COMMENT ON LARGE OBJECT 999999 IS 'missing';
COMMENT ON LARGE OBJECT 515151 IS 'again';
BEGIN;
COMMENT ON LARGE OBJECT 515151 IS 'rolled back';
ROLLBACK;
SELECT obj_description(515151, 'pg_largeobject');
CREATE ROLE lo_comment_other;
SET ROLE lo_comment_other;
COMMENT ON LARGE OBJECT 515151 IS 'not mine';
RESET ROLE;
DROP ROLE lo_comment_other;
SELECT lo_unlink(515151);
SELECT count(*) FROM pg_description WHERE objoid = 515151;
