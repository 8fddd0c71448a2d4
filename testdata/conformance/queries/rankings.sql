-- Leaderboards and reports with window functions.
CREATE TABLE scores (id int PRIMARY KEY, player text NOT NULL, game text NOT NULL, points int NOT NULL, played_on date NOT NULL);
INSERT INTO scores VALUES
  (1, 'ann', 'chess', 1200, '2024-01-01'), (2, 'bob', 'chess', 1350, '2024-01-01'), (3, 'cy', 'chess', 1350, '2024-01-02'),
  (4, 'dee', 'chess', 900, '2024-01-03'), (5, 'ann', 'go', 30, '2024-01-01'), (6, 'bob', 'go', 45, '2024-01-02'),
  (7, 'ann', 'go', 50, '2024-01-04'), (8, 'cy', 'go', 45, '2024-01-05'), (9, 'dee', 'chess', 1500, '2024-01-06');
SELECT player, points, rank() OVER (ORDER BY points DESC), dense_rank() OVER (ORDER BY points DESC), row_number() OVER (ORDER BY points DESC, id) FROM scores WHERE game = 'chess' ORDER BY points DESC, id;
SELECT game, player, points FROM (SELECT *, row_number() OVER (PARTITION BY game ORDER BY points DESC, id) AS rn FROM scores) s WHERE rn <= 2 ORDER BY game, rn;
SELECT game, player, best FROM (SELECT game, player, max(points) AS best, rank() OVER (PARTITION BY game ORDER BY max(points) DESC) AS r FROM scores GROUP BY game, player) s WHERE r = 1 ORDER BY game, player;
SELECT id, played_on, points, sum(points) OVER (PARTITION BY player ORDER BY played_on) AS running FROM scores WHERE game = 'go' ORDER BY player, played_on;
SELECT id, points, lag(points) OVER w AS prev, lead(points, 1, 0) OVER w AS next, points - lag(points) OVER w AS delta FROM scores WHERE game = 'chess' WINDOW w AS (ORDER BY played_on, id) ORDER BY played_on, id;
SELECT player, points, round(percent_rank() OVER (ORDER BY points)::numeric, 3) AS pr, round(cume_dist() OVER (ORDER BY points)::numeric, 3) AS cd, ntile(3) OVER (ORDER BY points, id) FROM scores WHERE game = 'chess' ORDER BY points, id;
SELECT player, first_value(points) OVER w, last_value(points) OVER w, nth_value(points, 2) OVER w FROM scores WHERE game = 'chess' WINDOW w AS (ORDER BY played_on, id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) ORDER BY id;
SELECT id, avg(points) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING)::numeric(10,2) AS moving FROM scores WHERE game = 'chess' ORDER BY id;
SELECT player, count(*) OVER (PARTITION BY player) AS games, sum(points) OVER (PARTITION BY game) AS game_total FROM scores ORDER BY id;
SELECT player, points, points * 100 / sum(points) OVER (PARTITION BY game) AS pct FROM scores WHERE game = 'go' ORDER BY id;
SELECT player, string_agg(game, ', ' ORDER BY game) AS games, count(DISTINCT game) FROM scores GROUP BY player ORDER BY player;
SELECT played_on, count(*) OVER (ORDER BY played_on RANGE BETWEEN INTERVAL '1 day' PRECEDING AND CURRENT ROW) FROM scores WHERE game = 'chess' ORDER BY played_on, id;
SELECT id, rank() OVER (PARTITION BY game ORDER BY points DESC) FROM scores WHERE rank() OVER (ORDER BY points) > 1;
SELECT id, sum(points) OVER (ORDER BY id GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM scores ORDER BY id;
SELECT player, bool_and(points > 40), bool_or(points > 1400), every(points > 0) FROM scores GROUP BY player ORDER BY player;
SELECT game, array_agg(player ORDER BY points DESC, player) AS podium FROM scores GROUP BY game ORDER BY game;
SELECT game, max(points) - min(points) AS spread, round(stddev_samp(points), 2) AS sd FROM scores GROUP BY game ORDER BY game;
SELECT player, points FROM scores WHERE game = 'chess' ORDER BY points DESC FETCH FIRST 2 ROWS WITH TIES;
SELECT g.game, top.player, top.points FROM (SELECT DISTINCT game FROM scores) g CROSS JOIN LATERAL (SELECT player, points FROM scores s WHERE s.game = g.game ORDER BY points DESC, id LIMIT 1) top ORDER BY g.game;
SELECT player, mode() WITHIN GROUP (ORDER BY game) FROM scores GROUP BY player ORDER BY player;
SELECT row_number() OVER () FROM scores WHERE id < 0;
SELECT lag(points, -1) OVER (ORDER BY id) FROM scores WHERE id <= 2 ORDER BY id;
SELECT ntile(0) OVER (ORDER BY id) FROM scores;
