-- Bracket classes and \w in regular expressions classify all of Unicode
-- (a UTF8 database's ctype), not ASCII alone.
SELECT v, v ~ '[[:upper:]]', v ~ '^[[:alpha:]]+$', v ~ '[[:lower:]]', v ~ '\w\W\w', v ~ '[[:punct:]]',
       v ~ '[^[:alnum:]]', v ~ '[\w]{3}', regexp_replace(v, '\w+', '<\&>', 'g'), regexp_replace(v, '[[:upper:]]', '#', 'g')
  FROM (VALUES (1, 'Ä'), (2, 'ä'), (3, 'é1'), (4, 'straße x'), (5, '€'), (6, 'a-b'), (7, '½'), (8, '٣')) t(n, v) ORDER BY n;
SELECT count(*) FILTER (WHERE s ~ '[[:upper:]]') FROM (VALUES ('hello world'), ('ÄÖü straße'), ('x')) t(s);
