-- A view's row type as a parameter and SETOF result; whole-row references
-- to an overloaded set-returning function in FROM (PostgREST's RPC shape).
CREATE TABLE users (username text PRIMARY KEY, status text, age int);
CREATE TABLE messages (id int PRIMARY KEY, username text, channel_id int, message text);
INSERT INTO users VALUES ('supabot', 'ONLINE', 30), ('kiwicopple', 'OFFLINE', 25);
INSERT INTO messages VALUES (1, 'supabot', 1, 'hi'), (2, 'supabot', 2, 'yo'), (3, 'kiwicopple', 1, 'hey');
CREATE VIEW active_users AS SELECT username, age FROM users WHERE status = 'ONLINE';
CREATE FUNCTION user_messages(u active_users) RETURNS SETOF messages LANGUAGE sql STABLE AS $$ SELECT * FROM messages WHERE username = u.username $$;
CREATE FUNCTION first_active() RETURNS SETOF active_users LANGUAGE sql STABLE AS $$ SELECT * FROM active_users $$;
SELECT id FROM user_messages(json_populate_record(NULL::active_users, '{"username": "supabot"}')) ORDER BY id;
SELECT username, age FROM first_active();
SELECT (json_populate_record(NULL::active_users, '{"username": "x", "age": 3}')).age;
CREATE FUNCTION pick(profile int) RETURNS SETOF users LANGUAGE sql STABLE AS $$ SELECT * FROM users WHERE age > profile $$;
CREATE FUNCTION pick(cid int, search text DEFAULT 'hi') RETURNS SETOF messages LANGUAGE sql STABLE AS $$ SELECT * FROM messages WHERE channel_id = cid AND message = search $$;
CREATE FUNCTION pick(a text) RETURNS int LANGUAGE sql AS 'SELECT 1';
SELECT json_agg(t ORDER BY t.username) FROM (SELECT p.* FROM pick(profile := 20) AS p) t;
SELECT json_agg(t) FROM (SELECT p.* FROM pick(cid := 1) AS p) t;
SELECT json_agg(t) FROM (SELECT p.* FROM pick(1, 'hey') AS p) t;
SELECT row_to_json(p) FROM pick(cid := 2, search := 'yo') AS p;
