-- DROP COLUMN is refused only for a view reading that column: a view
-- reading another table's column of the same name, or another table's
-- *, does not hold it.
CREATE TABLE members (user_id int, role_title text, note text);
CREATE TABLE users (id int, role_title text, name text);
CREATE VIEW v_users AS
  SELECT u.*, (SELECT count(*) FROM members m WHERE m.user_id = u.id) AS n FROM users u;
CREATE VIEW v_titles AS SELECT u.role_title, m.note FROM users u JOIN members m ON m.user_id = u.id;
ALTER TABLE members DROP COLUMN role_title;
ALTER TABLE members DROP COLUMN note;
ALTER TABLE users DROP COLUMN role_title;
ALTER TABLE users DROP COLUMN name;
CREATE VIEW v_all AS SELECT * FROM members, users;
ALTER TABLE members DROP COLUMN user_id;
CREATE VIEW v_q AS SELECT public.users.id FROM public.users;
ALTER TABLE users DROP COLUMN id;
SELECT * FROM v_users;
