-- PREPARE and the extended protocol describe INSERT ... ON CONFLICT ...
-- RETURNING without running it: its parameters are not yet bound, so
-- the NOT NULL columns they fill must not be checked (ORMs such as
-- drizzle-orm send every upsert this way).
CREATE TABLE up_tags (id serial PRIMARY KEY, name text NOT NULL UNIQUE, hits int NOT NULL DEFAULT 0);
PREPARE ins_nothing(text) AS INSERT INTO up_tags (id, name, hits) VALUES (DEFAULT, $1, DEFAULT) ON CONFLICT DO NOTHING RETURNING id, name;
PREPARE ins_update(text, int) AS INSERT INTO up_tags AS t (name, hits) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET hits = t.hits + excluded.hits RETURNING name, hits, t.hits > 1 AS many;
EXECUTE ins_nothing('go');
EXECUTE ins_nothing('go');
EXECUTE ins_update('go', 2);
EXECUTE ins_update('go', 3);
EXECUTE ins_update('sql', 1);
SELECT id, name, hits FROM up_tags ORDER BY id;
DEALLOCATE ins_nothing;
DEALLOCATE ins_update;
PREPARE cte_upsert(int, text) AS WITH x AS (INSERT INTO up_tags (id, name) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET hits = up_tags.hits + 10 RETURNING id, name, hits) SELECT name, hits FROM x;
EXECUTE cte_upsert(100, 'go');
EXECUTE cte_upsert(101, 'rust');
SELECT id, name, hits FROM up_tags ORDER BY id;
DEALLOCATE cte_upsert;
