-- fuzzystrmatch: levenshtein, soundex, difference, metaphone
CREATE EXTENSION fuzzystrmatch;
SELECT levenshtein('kitten', 'sitting'), levenshtein('', 'abc'), levenshtein('abc', ''), levenshtein('héllo', 'hello');
SELECT levenshtein('kitten', 'sitting', 1, 2, 3), levenshtein('GUMBO', 'GAMBOL', 2, 1, 1);
SELECT levenshtein_less_equal('kitten', 'sitting', 2), levenshtein_less_equal('kitten', 'sitting', 5), levenshtein_less_equal('extensive', 'exhaustive', 1, 2, 3, 4);
SELECT levenshtein(repeat('a', 256), 'b');
SELECT soundex('Robert'), soundex('Rupert'), soundex('Tymczak'), soundex('Pfister'), soundex('Ashcraft'), soundex(''), soundex('123'), text_soundex('hello');
SELECT difference('Anne', 'Ann'), difference('Anne', 'Andrew'), difference('Anne', 'Margaret');
SELECT metaphone('Thompson', 10), metaphone('knight', 3), metaphone('Schmidt', 10), metaphone('character', 10), metaphone('Philips', 10);
SELECT metaphone('Xavier', 10), metaphone('science', 10), metaphone('laugh', 10), metaphone('judge', 10), metaphone('whistle', 10);
SELECT metaphone('water', 10), metaphone('wright', 10), metaphone('aeon', 10), metaphone('gnome', 10), metaphone('signed', 10), metaphone('sign', 10);
SELECT metaphone('abc', 0);
