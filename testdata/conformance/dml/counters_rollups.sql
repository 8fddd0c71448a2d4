-- Counters and rollups as analytics tables keep them: upsert increments, daily rollups, RPC returning json.
CREATE TABLE page_views (path text NOT NULL, day date NOT NULL, views bigint NOT NULL DEFAULT 0, uniques int NOT NULL DEFAULT 0, PRIMARY KEY (path, day));
CREATE TABLE events (id bigserial PRIMARY KEY, path text NOT NULL, visitor uuid NOT NULL, at timestamptz NOT NULL);
INSERT INTO page_views (path, day, views) VALUES ('/', '2024-05-01', 1) ON CONFLICT (path, day) DO UPDATE SET views = page_views.views + EXCLUDED.views RETURNING path, views;
INSERT INTO page_views (path, day, views) VALUES ('/', '2024-05-01', 1) ON CONFLICT (path, day) DO UPDATE SET views = page_views.views + EXCLUDED.views RETURNING path, views;
INSERT INTO page_views AS pv (path, day, views) VALUES ('/', '2024-05-01', 5), ('/docs', '2024-05-01', 2) ON CONFLICT (path, day) DO UPDATE SET views = pv.views + EXCLUDED.views RETURNING pv.path, pv.views;
INSERT INTO events (path, visitor, at) SELECT CASE WHEN g % 3 = 0 THEN '/docs' ELSE '/' END, ('00000000-0000-0000-0000-00000000000' || (g % 4))::uuid, timestamptz '2024-05-02 00:00:00+00' + g * interval '5 hours' FROM generate_series(1, 12) AS g;
SELECT path, at::date AS day, count(*) AS views, count(DISTINCT visitor) AS uniques FROM events GROUP BY path, at::date ORDER BY day, path;
INSERT INTO page_views (path, day, views, uniques) SELECT path, at::date, count(*), count(DISTINCT visitor) FROM events GROUP BY path, at::date ON CONFLICT (path, day) DO UPDATE SET views = page_views.views + EXCLUDED.views, uniques = greatest(page_views.uniques, EXCLUDED.uniques);
SELECT path, day, views, uniques FROM page_views ORDER BY day, path;
SELECT path, sum(views) AS total, round(avg(views), 2) AS per_day, max(day) AS last_day FROM page_views GROUP BY path ORDER BY total DESC;
SELECT day, sum(views) OVER (ORDER BY day) AS cumulative FROM (SELECT day, sum(views) AS views FROM page_views GROUP BY day) d ORDER BY day;
CREATE FUNCTION page_stats(p_path text) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object('path', p_path, 'total', coalesce(sum(views), 0), 'days', count(*), 'by_day', coalesce(json_agg(json_build_object('day', day, 'views', views) ORDER BY day), '[]'::json))
  FROM page_views WHERE path = p_path
$$;
SELECT page_stats('/docs');
SELECT page_stats('/missing');
CREATE FUNCTION bump(p_path text, p_day date DEFAULT '2024-05-01') RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  INSERT INTO page_views (path, day, views) VALUES (p_path, p_day, 1)
  ON CONFLICT (path, day) DO UPDATE SET views = page_views.views + 1
  RETURNING views INTO n;
  RETURN n;
END;
$$;
SELECT bump('/'), bump('/'), bump('/new');
SELECT bump(p_path => '/new', p_day => '2024-05-09');
SELECT path, day, views FROM page_views WHERE path IN ('/', '/new') ORDER BY path, day;
UPDATE page_views SET views = views - 100 WHERE path = '/new' AND views < 100 RETURNING views;
INSERT INTO page_views (path, day, views) VALUES ('/x', '2024-05-01', 1), ('/x', '2024-05-01', 2) ON CONFLICT (path, day) DO UPDATE SET views = EXCLUDED.views;
SELECT count(*) FROM page_views WHERE path = '/x';
INSERT INTO page_views (path, day) VALUES ('/y', '2024-05-01') ON CONFLICT (path) DO NOTHING;
SELECT path, jsonb_object_agg(day, views ORDER BY day) FROM page_views GROUP BY path ORDER BY path;
INSERT INTO page_views AS pv (path, day, views) VALUES ('/', '2024-05-01', 1), ('/z', '2024-05-01', 1) ON CONFLICT (path, day) DO UPDATE SET views = pv.views + 1 RETURNING pv.path, (pv.xmax = 0) AS inserted;
