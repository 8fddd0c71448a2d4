-- name holds at most NAMEDATALEN-1 (63) bytes: input and casts from
-- text, varchar and char(n) cut longer values at a character boundary,
-- silently; an assignment to a name column does the same. Comparing a
-- name with a longer text compares as text, so nothing matches.
SELECT length(repeat('a', 73)::name), octet_length(repeat('a', 73)::name);
SELECT length(repeat('é', 40)::name), octet_length(repeat('é', 40)::name);
SELECT length(repeat('ab€', 30)::name), octet_length(repeat('ab€', 30)::name);
SELECT length(repeat('a', 73)::varchar::name), length(repeat('a', 73)::char(73)::name), length(CAST(repeat('b', 80) AS name));
SELECT length('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'::name);
SELECT repeat('x', 70)::name = repeat('x', 63)::name AS same, repeat('x', 63)::name = repeat('x', 70) AS vs_text;
CREATE TABLE nt (n name);
INSERT INTO nt VALUES (repeat('c', 70)), (repeat('ü', 40));
SELECT length(n), octet_length(n) FROM nt ORDER BY 1;
SELECT count(*) FROM nt WHERE n = repeat('c', 70);
SELECT count(*) FROM nt WHERE n = repeat('c', 70)::name;
SELECT length(repeat('d', 70)::name::text);
