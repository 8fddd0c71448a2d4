-- bytea: hex output, escape input, functions
CREATE TABLE files (id int PRIMARY KEY, name text, body bytea);
INSERT INTO files VALUES (1, 'hello.txt', 'hello'), (2, 'bin', '\xDEADBEEF'), (3, 'empty', ''), (4, 'nul', '\000\001\\x');
SELECT id, body FROM files ORDER BY id;
SELECT length(body), octet_length(body) FROM files ORDER BY id;
SELECT '\x48656c6c6f'::bytea, 'abc'::bytea || '\x00'::bytea, E'\\x41'::bytea;
SELECT '\xZZ'::bytea;
SELECT encode(body, 'hex'), encode(body, 'base64'), encode(body, 'escape') FROM files WHERE id = 1;
SELECT decode('aGVsbG8=', 'base64'), decode('cafe', 'hex'), convert_to('héllo', 'UTF8');
SELECT convert_from('\x68c3a96c6c6f'::bytea, 'UTF8');
SELECT get_byte(body, 0), set_byte(body, 0, 255), substring(body FROM 2 FOR 2) FROM files WHERE id = 2;
SELECT md5(body), sha256(body) FROM files WHERE id = 1;
SELECT body = 'hello'::bytea, body < '\xff'::bytea FROM files WHERE id = 1;
SELECT get_byte(body, 10) FROM files WHERE id = 1;
SELECT name FROM files WHERE body = '' ORDER BY name;
