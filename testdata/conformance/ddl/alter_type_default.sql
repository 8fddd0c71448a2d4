-- ALTER COLUMN TYPE converts the column's default as an assignment,
-- whatever USING says
CREATE TYPE course_kind AS ENUM ('video', 'reading');
CREATE TABLE courses (id int PRIMARY KEY, kind character varying(50) DEFAULT 'video'::character varying, pages int DEFAULT 0, title text DEFAULT 'untitled');
INSERT INTO courses (id) VALUES (1);
ALTER TABLE courses ALTER COLUMN kind TYPE course_kind USING kind::course_kind;
SELECT column_name, data_type, column_default FROM information_schema.columns WHERE table_name = 'courses' ORDER BY ordinal_position;
ALTER TABLE courses ALTER COLUMN kind DROP DEFAULT;
ALTER TABLE courses ALTER COLUMN kind TYPE course_kind USING kind::course_kind;
ALTER TABLE courses ALTER COLUMN kind SET DEFAULT 'video';
SELECT id, kind, pages, title FROM courses ORDER BY id;
ALTER TABLE courses ALTER COLUMN pages TYPE bigint;
ALTER TABLE courses ALTER COLUMN pages TYPE text;
ALTER TABLE courses ALTER COLUMN title TYPE varchar(20);
ALTER TABLE courses ALTER COLUMN title TYPE course_kind USING 'video';
INSERT INTO courses (id) VALUES (2);
SELECT id, kind, pages, title FROM courses ORDER BY id;
SELECT column_name, data_type, column_default FROM information_schema.columns WHERE table_name = 'courses' ORDER BY ordinal_position;
