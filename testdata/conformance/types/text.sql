-- text: literals, escapes, concatenation, comparison in the C.UTF-8 collation
CREATE TABLE profiles (id int PRIMARY KEY, username text NOT NULL, bio text);
INSERT INTO profiles VALUES (1, 'alice', 'Loves SQL'), (2, 'Bob', NULL), (3, 'carol', ''), (4, 'Émile', 'naïve café');
SELECT id, username, bio FROM profiles ORDER BY id;
SELECT username FROM profiles ORDER BY username;
SELECT 'it''s', E'tab\there', E'line1\nline2', $$dollar 'quoted'$$, $tag$a$$b$tag$, U&'\0041BC';
SELECT 'a' || 'b', 'n=' || 42, 42 || '!', 'x' || NULL, NULL || 'y', 'a' || 1.5;
SELECT username || ': ' || coalesce(bio, '(none)') FROM profiles ORDER BY id;
SELECT bio IS NULL, bio = '', length(bio) FROM profiles ORDER BY id;
SELECT 'abc' < 'abd', 'B' < 'a', 'apple' = 'apple ', 'Z' > 'Y';
SELECT length('naïve'), octet_length('naïve'), char_length('日本語'), upper('éa'), lower('ÀB');
SELECT 'foo'::text, text 'bar', 'baz'::varchar::text, pg_typeof('x'), pg_typeof('x'::text || 'y');
SELECT 1 || 2;
SELECT 'abc' + 1;
SELECT 'line1
line2' AS multi;
SELECT E'\\', E'\x41', E'\u00e9', 'back\slash';
SELECT quote_literal('O''Reilly'), quote_ident('user name'), quote_ident('users'), quote_nullable(NULL);
SELECT string_agg(username, ',' ORDER BY username) FROM profiles;
SELECT 'NULL', 'null' IS NULL, '' IS NULL;
SELECT count(*) FROM profiles WHERE username = 'ALICE';
SELECT max(username), min(username) FROM profiles;
SELECT username FROM profiles WHERE username > 'b' ORDER BY username;
