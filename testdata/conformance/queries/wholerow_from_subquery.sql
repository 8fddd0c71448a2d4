-- A FROM subquery's own output columns do not hide an outer FROM item
-- that a function in its FROM takes as a whole row.
CREATE TABLE wr_chan (id int PRIMARY KEY, slug text);
CREATE TABLE wr_msg (id int PRIMARY KEY, chan int, body text);
INSERT INTO wr_chan VALUES (1, 'a'), (2, 'b');
INSERT INTO wr_msg VALUES (1, 1, 'x'), (2, 2, 'y'), (3, 2, 'z');
CREATE FUNCTION wr_msgs(wr_chan) RETURNS SETOF wr_msg LANGUAGE sql STABLE AS $$ SELECT * FROM wr_msg WHERE chan = $1.id $$;
SELECT c.id, (SELECT count(*) FROM (SELECT m.id, 1 AS c FROM wr_msgs(c) AS m) x) FROM wr_chan c ORDER BY c.id;
SELECT c.id, (SELECT max(x.c) FROM (SELECT m.id AS c FROM wr_msgs(c) AS m) x) FROM wr_chan c ORDER BY c.id;
SELECT wr_chan.id, (SELECT json_agg(x ORDER BY x.id) FROM (SELECT m.id, (SELECT k.slug FROM wr_chan k WHERE k.id = m.chan) AS wr_chan FROM wr_msgs(wr_chan) AS m) x) FROM wr_chan ORDER BY wr_chan.id;
SELECT c.id, (SELECT count(*) FROM (SELECT 1 AS c) y, LATERAL (SELECT m.id FROM wr_msgs(c) AS m) x) FROM wr_chan c ORDER BY c.id;
