-- functions returning a table's row type or TABLE(...) in FROM: * and the alias as a whole-row value
CREATE TABLE rt_books (id int PRIMARY KEY, title text, year int);
INSERT INTO rt_books VALUES (1, 'a', 2001), (2, 'b', 1999), (3, 'c', 2010);
CREATE FUNCTION rt_after(y int) RETURNS SETOF rt_books LANGUAGE sql STABLE AS $$ SELECT * FROM rt_books WHERE year > y ORDER BY id $$;
CREATE FUNCTION rt_first() RETURNS rt_books LANGUAGE sql STABLE AS $$ SELECT * FROM rt_books ORDER BY id LIMIT 1 $$;
CREATE FUNCTION rt_tab(y int) RETURNS TABLE (k int, t text) LANGUAGE sql STABLE AS $$ SELECT id, title FROM rt_books WHERE year > y ORDER BY id $$;
SELECT json_agg(x) FROM (SELECT b.* FROM rt_after(2000) AS b) AS x;
SELECT json_agg(x) FROM (SELECT * FROM rt_after(y := 1990) b) AS x;
SELECT to_json(b) FROM rt_after(2000) b ORDER BY b.id;
SELECT to_json(rt_first) FROM rt_first();
SELECT json_agg(x) FROM (SELECT * FROM rt_tab(2000) AS r) AS x;
SELECT to_json(r) FROM rt_tab(1990) AS r(p, q) ORDER BY p;
SELECT count(*) FROM (SELECT * FROM rt_after(1990)) s;
SELECT json_agg(s) FROM (SELECT r.* FROM rt_tab(1990) r WHERE r.k > 1) s;
