-- ARE character-entry and constraint escapes that RE2 spells otherwise
-- (PostgreSQL docs 9.7.3.3), as migrations write them in CHECK
-- constraints and domains.
SELECT 'a' ~ '[\u0000-\u001F]' AS plain, E'a\tb' ~ '[\u0000-\u001F]' AS tab, 'x' ~ '^\u0078$' AS u, 'é' ~ '^\u00e9$' AS u_latin;
SELECT 'x' ~ '^\x78$' AS x2, 'x' ~ '^\x078$' AS x3, 'xy' ~ '^\x7879$' AS x4, 'x😀' ~ '\U0001F600' AS big_u;
SELECT E'a\x1bb' ~ 'a\eb' AS esc, E'a\bb' ~ 'a\bb' AS backspace, 'ab' ~ 'a\bb' AS not_word_boundary, E'\\' ~ '^\B$' AS backslash;
SELECT E'\x01' ~ '^\cA$' AS ctrl_a, E'\x1a' ~ '^\cz$' AS ctrl_z;
SELECT 'foo bar' ~ '\ybar\y' AS y, 'foobar' ~ '\ybar' AS y_inside, 'foobar' ~ '\Ybar' AS big_y, 'foo' ~ 'o\Z' AS z, 'foo
' ~ 'o\Z' AS z_newline;
SELECT 'x' ~ '[\x41-\x5a]' AS bracket_hex, 'M' ~ '[\x41-\x5a]' AS bracket_hex_in, 'a\b' ~ 'a\\b' AS escaped_backslash;
SELECT regexp_replace('a1b1', '\u0031', 'X', 'g') AS replaced, regexp_match('abc', '(?i)\u0042') AS matched, substring('abc' from '\x62.') AS sub, 'A' ~* '\u0061' AS icase;
SELECT regexp_matches('a b', '\y\w\y', 'g') AS words;
CREATE DOMAIN clean_text AS text CHECK (VALUE !~ '[\u0000-\u001F]');
SELECT 'fine'::clean_text AS ok;
SELECT E'bad\x01'::clean_text;
SELECT 'a' ~ '\u00';
SELECT 'a' ~ 'a\x';
