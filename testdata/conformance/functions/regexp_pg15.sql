-- PostgreSQL 15's regexp_count, regexp_instr, regexp_like, regexp_substr: optional arguments, flags and errors
SELECT regexp_count('ABCABCAXYaxy', 'A.'), regexp_count('ABCABCAXYaxy', 'A.', 1, 'i'), regexp_count('ABCABCAXYaxy', 'A.', 4), regexp_count('aaa', '^a'), regexp_count('', 'x'), regexp_count('abc', 'b', 10), regexp_count('héllo wörld', '[öé]'), regexp_count('a\nb', 'a.b'), regexp_count(E'a\nb', 'a.b', 1, 'n'), regexp_count(E'a\nb', '^b', 1, 'n');
SELECT regexp_instr('number of your street, town zip, FR', '[^,]+', 1, 2), regexp_instr('ABCDEFGHI', '(c..)(...)', 1, 1, 0, 'i', 2), regexp_instr('ABCDEF', 'c(.)(..)', 1, 1, 1, 'i', 1), regexp_instr('abc', 'x'), regexp_instr('abcabc', 'b', 3), regexp_instr('abcabc', 'b', 1, 3), regexp_instr('abc', '(b)', 1, 1, 0, '', 5), regexp_instr('abc', 'a|(x)', 1, 1, 0, '', 1), regexp_instr('héllo', 'l+', 1, 1, 1);
SELECT regexp_substr('number of your street, town zip, FR', '[^,]+', 1, 2), regexp_substr('ABCDEFGHI', '(c..)(...)', 1, 1, 'i', 2), regexp_substr('abc', 'x'), regexp_substr('abcabc', 'b.', 3), regexp_substr('abc', '(b)', 1, 1, '', 3), regexp_substr('a.c', '.', 2, 1, 'q'), regexp_substr('AbC', 'b c', 1, 1, 'ix');
SELECT regexp_like('Hello World', 'world'), regexp_like('Hello World', 'world', 'i'), regexp_like(E'a\nb', 'a.b'), regexp_like(E'a\nb', 'a.b', 'n'), regexp_like(E'a\nb', '^b$', 'n'), regexp_like('ABC', 'b', 'ic');
SELECT regexp_count('abc', 'b', 0);
SELECT regexp_count('abc', 'b', 1, 'g');
SELECT regexp_instr('abc', 'b', 1, 0);
SELECT regexp_instr('abc', 'b', 0, 0);
SELECT regexp_instr('abc', 'b', 1, 1, 2);
SELECT regexp_instr('abc', 'b', 1, 1, 0, 'g');
SELECT regexp_instr('abc', 'b', 1, 1, 0, 'z', -1);
SELECT regexp_like('abc', 'b', 'z');
SELECT regexp_like('abc', 'b', 'g');
SELECT regexp_substr('abc', 'b', 1, 1, 'g');
SELECT regexp_substr('abc', '(b)', 1, 1, '', -1);
SELECT regexp_substr('abc', 'b', -1);
SELECT regexp_substr('abc', '(', 1);
SELECT regexp_count(NULL, 'a'), regexp_instr('a', NULL), regexp_like('a', 'a', NULL), regexp_substr('a', 'a', NULL);
