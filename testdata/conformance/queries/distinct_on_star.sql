-- SELECT DISTINCT ON (...) * and alias.*: the star lists the FROM items' columns in order (tables, aliases, WITH items, subqueries, joins), DISTINCT ON positions count the expanded columns, and the first row of each group in ORDER BY order is kept.
CREATE TABLE dos_convs (id int PRIMARY KEY, title text);
CREATE TABLE dos_msgs (id int PRIMARY KEY, conv int REFERENCES dos_convs, body text, at int);
INSERT INTO dos_convs VALUES (1, 'one'), (2, 'two'), (3, 'three');
INSERT INTO dos_msgs VALUES (1, 1, 'a', 10), (2, 1, 'b', 20), (3, 2, 'c', 5), (4, 2, 'd', 1), (5, 3, 'e', 7);
SELECT DISTINCT ON (conv) * FROM dos_msgs ORDER BY conv, at DESC;
SELECT DISTINCT ON (m.conv) m.*, c.title FROM dos_msgs m JOIN dos_convs c ON c.id = m.conv ORDER BY m.conv, m.at;
SELECT DISTINCT ON (conv) * FROM dos_msgs m JOIN dos_convs c ON c.id = m.conv ORDER BY conv, at;
SELECT DISTINCT ON (c.id) c.*, m.body FROM dos_convs c LEFT JOIN dos_msgs m ON m.conv = c.id AND m.at > 6 ORDER BY c.id, m.at DESC NULLS LAST;
WITH w AS (SELECT id, conv FROM dos_msgs WHERE at > 1) SELECT DISTINCT ON (conv) * FROM w ORDER BY conv, id DESC;
SELECT DISTINCT ON (2) * FROM dos_msgs ORDER BY 2, 1 DESC;
SELECT DISTINCT ON (conv) *, at * 2 AS twice FROM (SELECT * FROM dos_msgs) s ORDER BY conv, at;
SELECT DISTINCT ON (conv) * FROM dos_msgs ORDER BY conv, at LIMIT 2 OFFSET 1;
SELECT DISTINCT ON (x.conv) * FROM (SELECT conv, max(at) AS top FROM dos_msgs GROUP BY conv) x ORDER BY x.conv;
