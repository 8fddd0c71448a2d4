-- The Snowball configurations tinybase can stem (docs 12.6.6): french, spanish, russian and swedish, whose stems and stop words match PostgreSQL 15's; their <lang>_stem dictionaries through ts_lexize.
SELECT to_tsvector('french', 'Les enfants jouaient dans le jardin pendant que leurs parents préparaient le dîner. Noël approche : égoïsme, héroïque, haïr et naïveté.');
SELECT to_tsvector('spanish', 'Los niños corrían por el parque mientras sus padres conversaban sobre la economía y la política del país.');
SELECT to_tsvector('russian', 'Дети играли в саду, пока их родители готовили ужин. Running shoes.');
SELECT to_tsvector('swedish', 'Barnen lekte i trädgården medan deras föräldrar lagade middag och pratade om vädret.');
SELECT to_tsvector('pg_catalog.french', 'Électricité'), to_tsvector('FRENCH'::regconfig, 'chanteuses'), 'spanish'::regconfig;
SELECT to_tsquery('french', 'jardins & enfants'), plainto_tsquery('spanish', 'los niños corrían'), phraseto_tsquery('russian', 'родители готовили'), websearch_to_tsquery('swedish', '"deras föräldrar" -middag');
SELECT to_tsvector('french', 'Les jardins fleuris') @@ to_tsquery('french', 'jardin'), to_tsvector('spanish', 'las casas blancas') @@ plainto_tsquery('spanish', 'casa blanca');
SELECT ts_lexize('french_stem', 'continuellement'), ts_lexize('french_stem', 'les'), ts_lexize('spanish_stem', 'corriendo'), ts_lexize('spanish_stem', 'ó'), ts_lexize('russian_stem', 'играли'), ts_lexize('swedish_stem', 'trädgården'), ts_lexize('swedish_stem', 'och');
SELECT w, ts_lexize('french_stem', w) FROM unnest(ARRAY['abaissement', 'égoïstes', 'héroïquement', 'prosaïques', 'haïssaient', 'noël', 'naïve', 'maïs', 'aiguë', 'cherchèrent', 'nationalités', 'heureusement', 'vraiment', 'quelques', 'était']) AS w ORDER BY w;
SELECT w, ts_lexize('spanish_stem', w) FROM unnest(ARRAY['abandonados', 'acción', 'á', 'é', 'ó', 'ú', 'él', 'rápidamente', 'canciones', 'felicidad', 'estaba']) AS w ORDER BY w;
SELECT alias, token, dictionary::text, lexemes FROM ts_debug('russian', 'Дети play 42');
CREATE TEXT SEARCH DICTIONARY fr_nostop (TEMPLATE = snowball, Language = french);
SELECT ts_lexize('fr_nostop', 'les'), ts_lexize('fr_nostop', 'Jardins');
CREATE TEXT SEARCH DICTIONARY es_stop (TEMPLATE = simple, StopWords = spanish);
SELECT ts_lexize('es_stop', 'Los'), ts_lexize('es_stop', 'Niños');
SET default_text_search_config = 'spanish';
SELECT get_current_ts_config(), to_tsvector('Los niños corrían'), plainto_tsquery('las casas');
RESET default_text_search_config;
