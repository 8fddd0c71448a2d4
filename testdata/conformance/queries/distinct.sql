-- DISTINCT and DISTINCT ON
CREATE TABLE visits (id int PRIMARY KEY, user_id int NOT NULL, page text, visited_at timestamp NOT NULL);
INSERT INTO visits VALUES (1, 1, '/home', '2024-01-01 10:00'), (2, 1, '/pricing', '2024-01-01 10:05'), (3, 2, '/home', '2024-01-01 11:00'), (4, 1, '/home', '2024-01-02 09:00'), (5, 3, NULL, '2024-01-03 12:00'), (6, 3, NULL, '2024-01-03 12:01');
SELECT DISTINCT page FROM visits;
SELECT DISTINCT page FROM visits ORDER BY page NULLS FIRST;
SELECT DISTINCT user_id, page FROM visits ORDER BY user_id, page;
SELECT DISTINCT ON (user_id) user_id, page, visited_at FROM visits ORDER BY user_id, visited_at DESC;
SELECT DISTINCT ON (page) page, user_id FROM visits ORDER BY page, user_id DESC;
SELECT DISTINCT ON (user_id) page FROM visits ORDER BY page;
SELECT count(DISTINCT page), count(page), count(*) FROM visits;
SELECT DISTINCT visited_at::date AS day FROM visits ORDER BY day;
SELECT DISTINCT 1, 'x' FROM visits;
SELECT ALL user_id FROM visits WHERE id < 3 ORDER BY user_id;
SELECT DISTINCT user_id FROM visits ORDER BY visited_at;
