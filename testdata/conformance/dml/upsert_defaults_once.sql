-- ON CONFLICT DO UPDATE computes the proposed row's defaults once: EXCLUDED sees them and a serial draws one value
CREATE TABLE page_views (id serial PRIMARY KEY, path text UNIQUE, hits int NOT NULL DEFAULT 1, doubled int GENERATED ALWAYS AS (hits * 2) STORED);
INSERT INTO page_views (path) VALUES ('/');
INSERT INTO page_views (path) VALUES ('/') ON CONFLICT (path) DO UPDATE SET hits = page_views.hits + EXCLUDED.hits RETURNING id, hits, doubled;
INSERT INTO page_views (path) VALUES ('/about') RETURNING id;
INSERT INTO page_views (path) VALUES ('/about') ON CONFLICT (path) DO UPDATE SET hits = EXCLUDED.id RETURNING id, hits, doubled;
INSERT INTO page_views (path) VALUES ('/pricing'), ('/') ON CONFLICT (path) DO UPDATE SET hits = page_views.hits + 1 RETURNING id, path, hits;
INSERT INTO page_views (path) VALUES ('/blog') RETURNING id;
CREATE TABLE tags (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text UNIQUE, uses int DEFAULT 0);
INSERT INTO tags (name) VALUES ('go');
INSERT INTO tags (name) VALUES ('go') ON CONFLICT (name) DO UPDATE SET uses = EXCLUDED.id RETURNING *;
INSERT INTO tags (name) VALUES ('sql') RETURNING *;
SELECT * FROM page_views ORDER BY id;
