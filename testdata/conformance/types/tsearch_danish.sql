-- The Snowball Danish configuration (docs 12.6.6): danish_stem's stems and stop words, the danish configuration through to_tsvector and the tsquery builders, and a dictionary on the danish stemmer and stop list.
SELECT to_tsvector('danish', 'Børnene legede i haven, mens deres forældre lavede middag og talte om vejret. Venligst, hurtigst og lykkeligt!');
SELECT to_tsvector('pg_catalog.danish', 'Undersøgelserne'), to_tsvector('DANISH'::regconfig, 'løst'), 'danish'::regconfig;
SELECT to_tsquery('danish', 'husene & bilerne'), plainto_tsquery('danish', 'de gamle bøger'), phraseto_tsquery('danish', 'forældre lavede'), websearch_to_tsquery('danish', '"deres forældre" -middag');
SELECT to_tsvector('danish', 'De store huse') @@ to_tsquery('danish', 'husene'), to_tsvector('danish', 'venligheden') @@ plainto_tsquery('danish', 'venlig');
SELECT w, ts_lexize('danish_stem', w) FROM unnest(ARRAY['og', 'Sådan', 'været', 'hemmeligheder', 'fagligst', 'kærligheden', 'bedragende', 'stemmerne', 'abcddd', 'abcdéé', 'ss', 'frihedens', 'løst', 'skattes']) AS w ORDER BY w;
SELECT alias, token, dictionary::text, lexemes FROM ts_debug('danish', 'Husene 42 play');
CREATE TEXT SEARCH DICTIONARY da_nostop (TEMPLATE = snowball, Language = danish);
SELECT ts_lexize('da_nostop', 'og'), ts_lexize('da_nostop', 'Husene');
CREATE TEXT SEARCH DICTIONARY da_stop (TEMPLATE = simple, StopWords = danish);
SELECT ts_lexize('da_stop', 'Jeg'), ts_lexize('da_stop', 'Husene');
SELECT dictname, dictinitoption FROM pg_ts_dict WHERE dictname = 'danish_stem';
SET default_text_search_config = 'danish';
SELECT get_current_ts_config(), to_tsvector('Husene er store'), plainto_tsquery('de gamle huse');
RESET default_text_search_config;
